/**
 * Funnels and page schemas: the registry, navigation through `next` rules, the checks funnels:check runs, and check-your-answers summaries. Pure: no React, Firebase, DOM or Node.
 */
export * from './types';
export * from './registry';
export * from './navigation';
export * from './funnelGraph';
export * from './funnelChecks';
export * from './exampleChecks';
export * from './completability';
export * from './funnelWording';
export * from './problemLine';
export * from './schemaBundle';
export * from './schemaFiles';
export * from './schemaProperties';
export * from './uiSchemaCheck';
export * from './validatorKeys';
export * from './fileNames';
export * from './jsonPointer';
export * from './answerSummary';
export * from './letterOfAuthority';
export * from './navigator';
export * from './normaliseAnswers';
export * from './slimFormSupport';
export * from './compileOncePerKey';
export * from './conditionWords';
export * from './funnelDiagram';
export * from './jsonSyntax';
