import type { ReferralData } from '../types';
import { referralSchema } from '../contract/referralSchema';

/** A referral found in the landing URL: the URL itself plus whichever parameters it carried. */
interface ReferralCapture extends ReferralData {
  referUrl: string;
}

/** The query parameters that mark a visit as a tracked referral (an ad or campaign link). */
const TRIGGER_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** Query parameter name → ReferralData field. `adId` is stored, but alone it is not a referral. */
const PARAM_FIELDS = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['adId', 'adId'],
] as const;

// The gateway rejects a saveAnswers whose referral breaks these limits, so a long ad URL
// must be clipped here rather than make every later save of the claim fail.
const referralLimits = referralSchema.properties;

/**
 * Reads the referral carried by a landing URL.
 *
 * Returns null unless the URL has a non-empty utm_source, utm_medium or utm_campaign; then
 * returns the full URL as `referUrl` and each present, non-empty parameter (utm_source,
 * utm_medium, utm_campaign, adId). Values are clipped to the gateway's length limits.
 * An unparseable URL is not a referral.
 */
export function parseReferral(url: string): ReferralCapture | null {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  // An empty `utm_source=` carries no attribution and must not wipe a real earlier one.
  if (!TRIGGER_PARAMS.some((name) => params.get(name))) return null;

  const capture: ReferralCapture = { referUrl: url.slice(0, referralLimits.referUrl.maxLength) };
  for (const [param, field] of PARAM_FIELDS) {
    const value = params.get(param);
    if (value) capture[field] = value.slice(0, referralLimits[field].maxLength);
  }
  return capture;
}
