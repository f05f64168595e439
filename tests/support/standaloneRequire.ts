/**
 * The `require` a bundler gives AJV's standalone validator code, for tests that run that
 * code themselves: packages resolve from `from`, and the platform's formats module
 * (PRECOMPILED_FORMATS_MODULE, a TypeScript file the build's bundler compiles) is this
 * project's own, already loaded.
 */
import { createRequire } from 'node:module';
import * as ajvFormats from '../../src/runtime/validation/ajvFormats';
import { PRECOMPILED_FORMATS_MODULE } from '../../src/runtime/validation/ajvCompiler';

export function standaloneRequire(from: string): (id: string) => unknown {
  const requireFrom = createRequire(from);
  return (id) => (id === PRECOMPILED_FORMATS_MODULE ? ajvFormats : requireFrom(id));
}
