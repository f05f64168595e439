// Modules made by scripts/vite-plugin-precompiled-validators.ts.

/** ./validators/buildValidators.ts in a build, ./validators/devValidators.ts in dev. */
declare module 'virtual:validators' {
  // Typed in src/app/validators/index.ts, the one module that imports it.
  export const createCompileValidator: unknown;
  export const rjsfValidatorFor: unknown;
}

/** AJV standalone validators of the browser registry, by schema key (build only). */
declare module 'virtual:precompiled-validators/registry' {
  import type { StandaloneValidateFunction } from '../runtime/validation';
  const validators: Readonly<Record<string, StandaloneValidateFunction>>;
  export default validators;
}

/** RJSF precompiled validator functions, by page schema `$id` (build only). */
declare module 'virtual:precompiled-validators/rjsf' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const validators: Record<string, ValidatorFunctions>;
  export default validators;
}
