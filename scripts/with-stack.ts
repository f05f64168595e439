/**
 * Runs a command against a fresh local stack (production build of the web app, empty
 * emulators), then stops the stack. Used by `npm test` for the integration and e2e suites.
 * The stack's own output goes to test-results/stack.log. When the command fails, the log's
 * tail is printed and then the command's own last lines again, so the end of the output (all
 * a CI page may show) names what failed rather than the emulators' shutdown.
 *
 * Usage: tsx scripts/with-stack.ts [--dev] [--registry-copy [--generated-funnels] [--test-locales] [--registry-from=<dir>]... [--registry-add=<dir>]...] <command> [args...]
 *
 * --dev            the web app on Vite's dev server and a gateway rebuilt on change, as in
 *                  `npm start`, instead of a production build.
 * --registry-copy  the stack reads funnels/ and schemas/ from a fresh copy of the project's
 *                  (REGISTRY_DIR, also given to the command), removed afterwards, so the
 *                  command may add or change funnels without touching the project's files.
 * --generated-funnels  with --registry-copy: the copy also holds the generated valid funnels
 *                  (tests/support/generatedFunnels.ts), so the suite runs with them present.
 * --registry-from=<dir>  with --registry-copy, repeatable: another deployment on the same
 *                  code. The copy holds the project's schemas/ but none of its funnels; each
 *                  directory's funnels/, schemas/ and site.json are copied over it in order.
 * --registry-add=<dir>  with --registry-copy, repeatable: the copy keeps the project's funnels
 *                  and gains each directory's funnels/ and schemas/ (a test funnel beside them).
 * --test-locales   with --registry-copy: the test locales (tests/support/testLocales.ts). The
 *                  site's words and the claimant emails in en-XA and a marked cy (test data,
 *                  not Welsh) are written to a temporary folder given to the stack and the
 *                  command as CONTENT_TRANSLATIONS_DIR (removed afterwards); the copy's built-in
 *                  funnels are offered in en-XA too, as a new published version, and it gains
 *                  the welsh-test funnel, written in English with a hand-written Welsh translation.
 *
 * The command gets STACK_CONTROL_URL: a POST to its /restart stops and starts the stack again.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalStack } from './stack/localStack';
import {
  ADDRESS_CONTRACT_API_KEY,
  DVLA_CONTRACT_API_KEY,
  SAMPLE_IDEAL_POSTCODES_ADDRESSES,
  SAMPLE_VEHICLES,
  startAddressContractServer,
  startDvlaContractServer,
} from '../tests/support/contractServers';
import { writeGeneratedFunnels } from '../tests/support/generatedFunnels';
import { writeTestContentLocales, writeTestFunnelLocales } from '../tests/support/testLocales';

const projectRoot = resolve(import.meta.dirname, '..');
const logFile = resolve(projectRoot, 'test-results/stack.log');
mkdirSync(resolve(logFile, '..'), { recursive: true });
writeFileSync(logFile, '');
/** Appends to the log; Playwright empties test-results/ when it starts, so the folder may go. */
const log = (line: string) => {
  mkdirSync(resolve(logFile, '..'), { recursive: true });
  appendFileSync(logFile, `${line}\n`);
};

const argv = process.argv.slice(2);
const flags = new Set<string>();
const registryFrom: string[] = [];
const registryAdd: string[] = [];
while (argv[0]?.startsWith('--')) {
  const flag = argv.shift()!;
  if (flag.startsWith('--registry-from=')) registryFrom.push(flag.slice('--registry-from='.length));
  else if (flag.startsWith('--registry-add='))
    registryAdd.push(flag.slice('--registry-add='.length));
  else flags.add(flag);
}
const [command, ...args] = argv;
const knownFlags = ['--dev', '--registry-copy', '--generated-funnels', '--test-locales'];
const unknownFlags = [...flags].filter((flag) => !knownFlags.includes(flag));
if (
  !command ||
  unknownFlags.length > 0 ||
  ((registryFrom.length > 0 ||
    registryAdd.length > 0 ||
    flags.has('--generated-funnels') ||
    flags.has('--test-locales')) &&
    !flags.has('--registry-copy'))
) {
  console.error(
    'Usage: tsx scripts/with-stack.ts [--dev] [--registry-copy [--generated-funnels] [--test-locales] [--registry-from=<dir>]... [--registry-add=<dir>]...] <command> [args...]',
  );
  process.exit(2);
}

let registryDir: string | undefined;
if (flags.has('--registry-copy')) {
  registryDir = await mkdtemp(join(tmpdir(), 'registry-'));
  // Another deployment keeps none of the project's funnels, only the schemas they share.
  const folders = registryFrom.length > 0 ? ['schemas'] : ['funnels', 'schemas'];
  for (const folder of folders) {
    await cp(resolve(projectRoot, folder), join(registryDir, folder), { recursive: true });
  }
  for (const from of registryFrom) {
    await cp(resolve(projectRoot, from), registryDir, { recursive: true });
  }
  for (const added of registryAdd) {
    for (const folder of ['funnels', 'schemas']) {
      await cp(resolve(projectRoot, added, folder), join(registryDir, folder), { recursive: true });
    }
  }
  if (flags.has('--generated-funnels')) await writeGeneratedFunnels(registryDir);
  if (flags.has('--test-locales')) await writeTestFunnelLocales(registryDir);
  // The stack's processes (Vite, the gateway build) and the command read it from here.
  process.env.REGISTRY_DIR = registryDir;
}
let contentTranslationsDir: string | undefined;
if (flags.has('--test-locales')) {
  contentTranslationsDir = await mkdtemp(join(tmpdir(), 'content-translations-'));
  await writeTestContentLocales(contentTranslationsDir);
  // Read beside src/content's own files by the stack's processes and the command.
  process.env.CONTENT_TRANSLATIONS_DIR = contentTranslationsDir;
}
const removeTemporaryFolders = () =>
  Promise.all(
    [registryDir, contentTranslationsDir].map((dir) =>
      dir ? rm(dir, { recursive: true, force: true }) : undefined,
    ),
  );

const STACK_LOG_TAIL_LINES = 300;
const COMMAND_TAIL_LINES = 120;

function printStackLog(): void {
  const lines = readFileSync(logFile, 'utf8').split('\n');
  const shown = lines.slice(-STACK_LOG_TAIL_LINES).join('\n');
  const cut = lines.length > STACK_LOG_TAIL_LINES ? `last ${STACK_LOG_TAIL_LINES} lines of ` : '';
  console.error(`\n--- ${cut}the local stack log (${logFile}) ---\n${shown}`);
}

// The outside services the gateway calls (DVLA, the address finder) are played by local
// servers that speak their documented contracts, with sample data known to the tests.
const dvla = await startDvlaContractServer({ vehicles: SAMPLE_VEHICLES });
const addresses = await startAddressContractServer('ideal-postcodes', {
  postcodes: SAMPLE_IDEAL_POSTCODES_ADDRESSES,
});
const gatewayEnv = {
  DVLA_API_BASE_URL: dvla.url,
  DVLA_API_KEY: DVLA_CONTRACT_API_KEY,
  ADDRESS_PROVIDER: 'ideal-postcodes',
  ADDRESS_API_BASE_URL: addresses.url,
  ADDRESS_API_KEY: ADDRESS_CONTRACT_API_KEY,
};

const startStack = () =>
  startLocalStack({ web: flags.has('--dev') ? 'dev' : 'preview', log, gatewayEnv });
let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
  console.log('Starting the local stack for tests…');
  stack = await startStack();
} catch (error) {
  printStackLog();
  console.error(`Could not start the local stack: ${(error as Error).message}`);
  await Promise.all([dvla.close(), addresses.close(), removeTemporaryFolders()]);
  process.exit(1);
}

/**
 * A test may restart the stack, as a developer stops and runs `npm start` again, by POSTing
 * to STACK_CONTROL_URL/restart: the stack is stopped and started afresh (on the same registry
 * copy), and the answer is 200 once it serves again, or 500 with the reason it did not start.
 */
const control = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/restart') {
    response.writeHead(404).end();
    return;
  }
  void (async () => {
    try {
      log('--- restarting the stack (asked by a test) ---');
      await stack.stop();
      stack = await startStack();
      response.writeHead(200).end('restarted');
    } catch (error) {
      response.writeHead(500).end((error as Error).message);
    }
  })();
});
// Restarting takes as long as a start: the answer must not time out meanwhile.
control.requestTimeout = 0;
await new Promise<void>((ready) => control.listen(0, '127.0.0.1', ready));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

// The tests learn the contract servers' addresses from the environment.
const child = spawn(command, args, {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: {
    ...process.env,
    VITE_USE_EMULATORS: '1',
    STACK_CONTROL_URL: controlUrl,
    ...gatewayEnv,
  },
});
// Output is passed through as it comes; both streams share one tail (interleaved as printed).
const commandTail: string[] = [];
for (const [stream, echo] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
] as const) {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    echo.write(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    commandTail.push(...lines.filter((line) => line.trim() !== ''));
    if (commandTail.length > COMMAND_TAIL_LINES) {
      commandTail.splice(0, commandTail.length - COMMAND_TAIL_LINES);
    }
  });
}
const code = await new Promise<number>((resolveCode) =>
  child.on('close', (c) => resolveCode(c ?? 1)),
);
control.close();
await stack.stop();
await Promise.all([dvla.close(), addresses.close(), removeTemporaryFolders()]);
if (code !== 0) {
  printStackLog();
  console.error(
    `\n--- the last ${COMMAND_TAIL_LINES} lines of \`${[command, ...args].join(' ')}\` again ---\n` +
      `${commandTail.join('\n')}\n\n\`${[command, ...args].join(' ')}\` failed (exit code ${code}) against the local stack.`,
  );
}
process.exit(code);
