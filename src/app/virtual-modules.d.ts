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
    /** Those of every page but first pages (a funnel's come with its registry part). */
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
    /**
     * A build's files, which come in parts (the two above are then empty): per funnel id, its
     * file and the schema files its first page uses; and the schema files no funnel uses.
     */
    parts?: Readonly<Record<string, () => Promise<{ default: RegistryFilesPart }>>>;
    /** Per funnel id, the schema files its later pages use besides its first page's. */
    laterPages?: Readonly<Record<string, () => Promise<{ default: RegistryFilesPart }>>>;
    otherSchemas?: () => Promise<{ default: RegistryFilesPart }>;
  };
  interface RegistryFilesPart {
    funnels: Record<string, unknown>;
    schemas: Record<string, unknown>;
    /** A funnel's first part: the precompiled validators its first page runs. */
    validators?: Readonly<Record<string, unknown>>;
  }
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
 * Each content file of messages (`src/content/messages/<name>.en-GB.json`, listed in MESSAGE_FILES of
 * scripts/lib/icuMessages.ts) as `virtual:messages/<name>`: compiled to one function per
 * message by scripts/vite-plugin-messages.ts. Typed by its area's one reader (staffText,
 * formText…), whose key type is the file's keys.
 */
declare module 'virtual:messages/*' {
  const messages: Readonly<Record<string, (values?: Record<string, unknown>) => string>>;
  export default messages;
}

/**
 * The locales the site is complete in (scripts/vite-plugin-messages.ts): its own first, and a
 * loader per other locale of every area's messages in it, by area name.
 */
declare module 'virtual:site-locales' {
  import type { CompiledMessages } from './locale/compiledMessages';
  import type { SiteContent } from '../content/site';
  const siteLocales: {
    locales: readonly string[];
    /** Each locale's name in itself ("Cymraeg" for cy), from its shell file's language.name. */
    names: Readonly<Record<string, string>>;
    load: Readonly<
      Record<
        string,
        () => Promise<{
          /** The site file (src/content/site.json) with its words in the locale. */
          site: SiteContent;
          /** Each area's messages, by area name. */
          messages: Record<string, CompiledMessages>;
        }>
      >
    >;
  };
  export default siteLocales;
}

/** The site file's `identity` as the layout draws it (scripts/vite-plugin-site-content.ts). */
declare module 'virtual:site-identity' {
  import type { LayoutIdentity } from '../content/site';
  const identity: LayoutIdentity;
  export default identity;
}
