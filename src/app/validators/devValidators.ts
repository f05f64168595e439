/**
 * The dev server's registry validators: compiled at run time with the platform's one AJV
 * configuration, so an edit to a funnel or schema shows on reload without a build.
 * Reached only through `virtual:validators` (see ./index.ts); never in a production bundle.
 */
import { createAjvCompileValidator } from '../../runtime/validation/ajvCompiler';
import type { CompileValidator } from '../../runtime/funnel';

export function createCompileValidator(): CompileValidator {
  return createAjvCompileValidator();
}

/** Run-time compilation is given nothing: it compiles what it is asked for. */
export function addFirstPageValidators(_validators: Readonly<Record<string, unknown>>): void {}

/** Run-time compilation has nothing to load. */
export function loadAllValidators(): Promise<void> {
  return Promise.resolve();
}

export function allValidatorsLoaded(): boolean {
  return true;
}
