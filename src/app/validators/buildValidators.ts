/**
 * The browser build's registry validators: AJV standalone code precompiled from funnels/ and
 * schemas/ by scripts/vite-plugin-precompiled-validators.ts, so the bundle holds no AJV
 * compiler and runs under a CSP without `unsafe-eval`. Those of every funnel's first page
 * (and every condition) come with the page; the rest load on demand. Reached only through
 * `virtual:validators` (see ./index.ts).
 */
import precompiled from 'virtual:precompiled-validators/registry';
import {
  createPrecompiledCompileValidator,
  type StandaloneValidateFunction,
} from '../../runtime/validation';
import type { CompileValidator } from '../../runtime/funnel';

const loaded: Record<string, StandaloneValidateFunction> = {};
let laterPages: Promise<void> | undefined;

/** A funnel's first page validators, from its registry part (src/app/funnelRegistry.ts). */
export function addFirstPageValidators(validators: Readonly<Record<string, unknown>>): void {
  Object.assign(loaded, validators);
}

export function createCompileValidator(): CompileValidator {
  return createPrecompiledCompileValidator(loaded, precompiled.keys);
}

/** Loads the validators of every later page; a failed load (offline) is tried again next call. */
export function loadAllValidators(): Promise<void> {
  laterPages ??= precompiled.loadLaterPages().then(
    (validators) => void Object.assign(loaded, validators),
    (error: unknown) => {
      laterPages = undefined;
      throw error;
    },
  );
  return laterPages;
}

/** True once every validator can run (no load is needed before validating any page). */
export function allValidatorsLoaded(): boolean {
  return precompiled.keys.every((key) => Object.hasOwn(loaded, key));
}
