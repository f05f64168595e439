/**
 * The referral a claim carries (the ad campaign a claimant came from), as saveAnswers
 * accepts it. Its own module: the browser clips a landing URL's parameters to these limits
 * on the first page, without loading the whole gateway contract.
 */
export const referralSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    utmSource: { type: 'string', maxLength: 200 },
    utmMedium: { type: 'string', maxLength: 200 },
    utmCampaign: { type: 'string', maxLength: 200 },
    adId: { type: 'string', maxLength: 200 },
    referUrl: { type: 'string', maxLength: 2000 },
  },
} as const;
