/**
 * The funnel runtime's public API: import from here, not from the modules behind it.
 * Pure TypeScript: no React, Firebase, DOM or Node built-ins.
 */
export { AJV_OPTIONS, createAjv, createAjvCompileValidator } from './ajvValidation';
export { formatFieldErrors, ERROR_MESSAGES_KEYWORD, type SchemaError } from './fieldErrors';
export {
  findCycles,
  findUnreachablePages,
  pageEdges,
  type PageCycle,
  type PageEdge,
} from './funnelGraph';
export {
  isClaimComplete,
  isTerminalPage,
  pageIndexOf,
  resolveNextPage,
  resolvePath,
  resolvePreviousPage,
  resolveProgress,
  resolveResumePage,
  resolveStep,
  type Progress,
} from './navigation';
export {
  createRegistry,
  type FunnelRegistry,
  type RegistryInput,
  type RegistryOptions,
  type RegistryResult,
} from './registry';
export type { FunnelExample } from './exampleChecks';
export {
  bundleSchema,
  type BundleProblem,
  type BundleResult,
  type SchemaLookup,
} from './schemaBundle';
export { SCHEMA_DIALECT, FUNNEL_FORMAT_SCHEMA_ID, EXAMPLES_FORMAT_SCHEMA_ID } from './schemaFiles';
export { conditionKey, pageSchemaKey } from './validatorKeys';
export * from './types';
