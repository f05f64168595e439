/**
 * Funnels and page schemas: the registry, navigation through `next` rules, the checks funnels:check runs, and check-your-answers summaries. Pure: no React, Firebase, DOM or Node.
 */
export * from './types';
export * from './registry/registry';
export * from './pages/navigation';
export * from './pages/funnelGraph';
export * from './checks/funnelChecks';
export * from './checks/exampleChecks';
export * from './checks/completability';
export * from './words/funnelWording';
export * from './words/sentenceCase';
export * from './schema/problemLine';
export * from './schema/schemaBundle';
export * from './schema/schemaFiles';
export * from './schema/schemaProperties';
export * from './checks/uiSchemaCheck';
export * from './schema/validatorKeys';
export * from './schema/fileNames';
export * from './schema/jsonPointer';
export * from './answers/answerSummary';
export * from './answers/evidenceQuestions';
export * from './answers/letterOfAuthority';
export * from './pages/navigator';
export * from './answers/normaliseAnswers';
export * from './pages/slimFormSupport';
export * from './registry/compileOncePerKey';
export * from './schema/jsonSyntax';
export * from './registry/funnelProblems';
export * from './words/translations';
export * from './words/languagesInProgress';
export * from './answers/claimsCsv';
export * from './words/schemaWording';
export * from './words/schemaInWords';
