/**
 * Claim rules shared by browser and gateway: references, the current claim, merges, profile fields, UK formats (phone, postcode, registration) and referral data.
 */
export * from './claimMerge';
export * from './claimReference';
export * from './currentClaim';
export * from './profileFields';
export * from './formats/phoneNumber';
export * from './formats/vehicleRegistration';
export * from './referral';
export * from './formats/ukPostcode';
export * from './formats/ukRegistration';
export * from './continueDecision';
export * from './fieldStamps';
export * from './knownAnswers';
export * from './retention';
export * from './claimContact';
export * from './roleFields';
export * from './formats/listKey';
export * from './funnelDropOff';
export * from './beforeLoad';
export * from './formats/money';
