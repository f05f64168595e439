import { REFERRAL_STORAGE_KEYS } from '../../runtime/constants';
import type { ReferralData } from '../../runtime/contract';
import { parseReferral } from '../../runtime/claim';

// Object.keys is typed string[]; these are the keys of the literal REFERRAL_STORAGE_KEYS itself.
const FIELDS = Object.keys(REFERRAL_STORAGE_KEYS) as (keyof typeof REFERRAL_STORAGE_KEYS)[];

/** The referral kept in `storage` under the `referral_*` keys; absent keys are omitted. */
export function readReferral(storage: Storage): ReferralData {
  const referral: ReferralData = {};
  for (const field of FIELDS) {
    const value = storage.getItem(REFERRAL_STORAGE_KEYS[field]);
    if (value !== null) referral[field] = value;
  }
  return referral;
}

/**
 * Referral capture, run once on every app start with the landing URL (any page can be an
 * ad's landing page).
 *
 * When the URL is a referral, all five `referral_*` keys are cleared first (so a new
 * `?utm_source=x` does not inherit the previous campaign or adId), then the URL and each
 * present parameter are stored. Otherwise storage is left alone, keeping the earlier
 * referral. Returns the referral now stored.
 */
export function captureReferral(url: string, storage: Storage): ReferralData {
  const capture = parseReferral(url);
  if (capture) {
    try {
      for (const field of FIELDS) storage.removeItem(REFERRAL_STORAGE_KEYS[field]);
      for (const field of FIELDS) {
        const value = capture[field];
        if (value !== undefined) storage.setItem(REFERRAL_STORAGE_KEYS[field], value);
      }
    } catch {
      // A full or blocked storage must not stop the app from starting; the referral is
      // still returned so it can ride along in memory for this visit.
      return capture;
    }
  }
  return readReferral(storage);
}
