/**
 * Fails when a module under src/runtime does work when it is loaded (a call at the top, an
 * assignment to a global, a registration): vite.config.ts tells the bundler src/runtime has
 * none, so such a module imported only for its effect works on the dev server and is dropped
 * from the production build. The bundler is the judge (scripts/lib/topLevelEffects.ts). Part
 * of `npm test`.
 *
 * Usage: tsx scripts/effects-check.ts
 */
import { resolve } from 'node:path';
import { topLevelEffects } from './lib/topLevelEffects';

const RUNTIME = resolve(import.meta.dirname, '../src/runtime');
/** Enough of the kept code to see which statement it is. */
const SHOWN_LINES = 6;

const found = await topLevelEffects(RUNTIME);
if (found.length > 0) {
  for (const { module, kept } of found) {
    const lines = kept.split('\n');
    const shown = lines.slice(0, SHOWN_LINES).map((line) => `    ${line}`);
    if (lines.length > SHOWN_LINES) shown.push('    …');
    console.error(
      `src/runtime/${module} does work when loaded; the bundler keeps:\n${shown.join('\n')}`,
    );
  }
  console.error(
    `effects:check: ${found.length} module(s) of src/runtime do work when loaded, and the ` +
      'production build drops a module none of whose exports is used. Move the work into a ' +
      'function its caller runs; a call that only computes a value may be marked ' +
      '/* @__PURE__ */ (or its function /* @__NO_SIDE_EFFECTS__ */).',
  );
  process.exit(1);
}
console.log('effects:check: no module of src/runtime does work when loaded');
