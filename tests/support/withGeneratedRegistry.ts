/**
 * Runs a command with REGISTRY_DIR set to a fresh copy of the project's funnels/ and schemas/
 * to which the generated funnels (generatedFunnels.ts) are added, then removes the copy:
 *
 *   tsx tests/support/withGeneratedRegistry.ts vitest run --configLoader runner --project unit
 *
 * `npm run test:unit` runs the unit suite this way, so a test that assumes something of the
 * project's own funnels (a rule with `when`, a page name, an unchanged schema) fails.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeGeneratedFunnels } from './generatedFunnels';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx tests/support/withGeneratedRegistry.ts <command> [args...]');
  process.exit(2);
}

const registryDir = await mkdtemp(path.join(tmpdir(), 'registry-generated-'));
let code = 1;
try {
  for (const folder of ['funnels', 'schemas']) {
    await cp(path.join(projectRoot, folder), path.join(registryDir, folder), { recursive: true });
  }
  await writeGeneratedFunnels(registryDir);
  console.log(`withGeneratedRegistry: REGISTRY_DIR=${registryDir} (project funnels + generated)`);
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, REGISTRY_DIR: registryDir },
  });
  code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error((error as Error).message);
} finally {
  await rm(registryDir, { recursive: true, force: true });
}
process.exit(code);
