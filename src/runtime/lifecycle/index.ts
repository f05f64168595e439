/**
 * The stages a sent claim moves through: the shared file's, or a funnel's own `lifecycle`;
 * who may move a claim between them, and their words in each language.
 */
export * from './claimStages';
export * from './claimStageTranslations';
export * from './promisedNext';
