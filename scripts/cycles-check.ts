/**
 * Fails when any two of our modules import each other, directly or round a longer loop, type
 * imports included (see scripts/lib/importCycles.ts). Part of `npm test`.
 *
 * Usage: tsx scripts/cycles-check.ts
 */
import { resolve } from 'node:path';
import { cycleLine, findImportCycles } from './lib/importCycles';

const root = resolve(import.meta.dirname, '..');
const cycles = await findImportCycles(root);
if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycleLine(cycle)}`);
  console.error(
    `cycles:check: ${cycles.length} import cycle(s). Move the shared part into a module both ` +
      'can import (shared data types: src/runtime/types), or turn one import round.',
  );
  process.exit(1);
}
console.log('cycles:check: no import cycles (type imports included)');
