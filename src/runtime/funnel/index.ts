/**
 * Funnels and page schemas: the registry, navigation through `next` rules, the checks funnels:check runs, and check-your-answers summaries. Pure: no React, Firebase, DOM or Node.
 */
export * from './types';
export * from './registry';
export * from './navigation';
export * from './funnelGraph';
export * from './checks/funnelChecks';
export * from './checks/exampleChecks';
export * from './checks/completability';
export * from './funnelWording';
export * from './sentenceCase';
export * from './schema/problemLine';
export * from './schema/schemaBundle';
export * from './schema/schemaFiles';
export * from './schema/schemaProperties';
export * from './checks/uiSchemaCheck';
export * from './validatorKeys';
export * from './schema/fileNames';
export * from './schema/jsonPointer';
export * from './answerSummary';
export * from './evidenceQuestions';
export * from './letterOfAuthority';
export * from './navigator';
export * from './normaliseAnswers';
export * from './slimFormSupport';
export * from './compileOncePerKey';
export * from './schema/jsonSyntax';
export * from './funnelProblems';
export * from './translations';
export * from './languagesInProgress';
export * from './claimsCsv';
export * from './schemaWording';
export * from './schemaInWords';
