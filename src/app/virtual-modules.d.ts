// Modules made by scripts/vite-plugin-precompiled-validators.ts.

/** ./validators/buildValidators.ts in a build, ./validators/devValidators.ts in dev. */
declare module 'virtual:validators' {
  // Typed in src/app/validators/index.ts, the one module that imports it.
  export const createCompileValidator: unknown;
  export const loadAllValidators: unknown;
  export const allValidatorsLoaded: unknown;
}

/** ./validators/buildRjsfValidator.ts in a build, ./validators/devRjsfValidator.ts in dev. */
declare module 'virtual:rjsf-validator' {
  // Typed in src/app/validators/rjsf.ts, the one module that imports it.
  export const rjsfValidatorFor: unknown;
}

/**
 * AJV standalone validators of the browser registry, by schema key (build only): those of
 * every funnel's first page and every condition, and a loader of the rest.
 */
declare module 'virtual:precompiled-validators/registry' {
  import type { StandaloneValidateFunction } from '../runtime/validation';
  type Validators = Readonly<Record<string, StandaloneValidateFunction>>;
  const precompiled: {
    /** Every key the build precompiled. */
    keys: readonly string[];
    firstPages: Validators;
    loadLaterPages: () => Promise<Validators>;
  };
  export default precompiled;
}

/** RJSF precompiled validator functions, by page schema `$id` (build only). */
declare module 'virtual:precompiled-validators/rjsf' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const validators: Record<string, ValidatorFunctions>;
  export default validators;
}

/** Every funnel and page schema file (scripts/vite-plugin-registry-files.ts). */
declare module 'virtual:registry-files' {
  import type { Problem } from '../runtime/funnel';
  const files: {
    /** By path relative to the registry root, e.g. `funnels/vehicle-claim.json`. */
    funnels: Record<string, unknown>;
    schemas: Record<string, unknown>;
    /** Example answers (under the dev server only: a build's registry is prechecked). */
    examples?: Record<string, unknown>;
    /** Files that are not JSON (under the dev server only; a build refuses them). */
    problems: Problem[];
  };
  export default files;
}

/**
 * Every published funnel version (funnels/published/<funnelId>/<version>.json): bundled into
 * the gateway by scripts/build-functions.ts, and a chunk of its own in the browser
 * (scripts/vite-plugin-registry-files.ts), loaded only for a claim on an earlier version.
 */
declare module 'virtual:published-versions' {
  import type { PublishedVersion } from '../runtime/versions';
  const published: readonly PublishedVersion[];
  export default published;
}

/**
 * The staff area's messages (src/content/staff.en-GB.json), compiled to functions by
 * scripts/vite-plugin-messages.ts. Typed in src/app/pages/staff/staffText.ts, its one reader.
 */
declare module 'virtual:messages/staff' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The account and sign-in screens' messages (src/content/account.en-GB.json), compiled the
 * same way. Typed in src/app/pages/account/accountText.ts, their one reader.
 */
declare module 'virtual:messages/account' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The layout's messages and those of the site pages drawn with it on the first load
 * (src/content/shell.en-GB.json), compiled the same way. Typed in src/app/layout/shellText.ts,
 * their one reader.
 */
declare module 'virtual:messages/shell' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The messages of the site pages loaded on demand (src/content/pages.en-GB.json), compiled the
 * same way. Typed in src/app/pages/site/pagesText.ts, their one reader.
 */
declare module 'virtual:messages/pages' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The words a claim's question page writes around the funnel's own (src/content/form.en-GB.json),
 * compiled the same way. Typed in src/app/form/formText.ts, their one reader.
 */
declare module 'virtual:messages/form' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The messages of the error page, the error summary and the document title's "Error: "
 * (src/content/errors.en-GB.json), compiled the same way. Typed in src/app/ui/errorsText.ts,
 * their one reader.
 */
declare module 'virtual:messages/errors' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The words of a claim's screens loaded after its first page (src/content/claimPages.en-GB.json),
 * compiled the same way. Typed in src/app/form/claimPagesText.ts, their one reader.
 */
declare module 'virtual:messages/claimPages' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The messages of the shared form pieces (src/content/forms.en-GB.json), compiled the same
 * way. Typed in src/app/ui/formsText.ts, their one reader.
 */
declare module 'virtual:messages/forms' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The save-and-return screens' messages (src/content/saveAndReturn.en-GB.json), compiled the
 * same way. Typed in src/app/pages/saveAndReturn/saveAndReturnText.ts, their one reader.
 */
declare module 'virtual:messages/saveAndReturn' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}
