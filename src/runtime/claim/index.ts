/**
 * Claim rules shared by browser and gateway: references, the current claim, merges, profile fields, UK formats (phone, postcode, registration) and referral data.
 */
export * from './claimMerge';
export * from './claimReference';
export * from './currentClaim';
export * from './profileFields';
export * from './phoneNumber';
export * from './vehicleRegistration';
export * from './referral';
export * from './ukPostcode';
export * from './ukRegistration';
export * from './continueDecision';
export * from './fieldStamps';
export * from './knownAnswers';
export * from './retention';
export * from './claimContact';
export * from './claimStages';
export * from './claimsCsv';
export * from './listKey';
export * from './funnelDropOff';
