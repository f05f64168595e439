/**
 * Runs a command against a fresh local stack (production build of the web app, empty
 * emulators), then stops the stack. Used by `npm test` for the integration and e2e suites.
 * The stack's own output goes to test-results/stack.log and is printed when the command fails.
 *
 * Usage: tsx scripts/with-stack.ts <command> [args...]
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startLocalStack } from './stack/localStack';
import {
  ADDRESS_CONTRACT_API_KEY,
  DVLA_CONTRACT_API_KEY,
  SAMPLE_IDEAL_POSTCODES_ADDRESSES,
  SAMPLE_VEHICLES,
  startAddressContractServer,
  startDvlaContractServer,
} from '../tests/support/contractServers';

const logFile = resolve(import.meta.dirname, '../test-results/stack.log');
mkdirSync(resolve(logFile, '..'), { recursive: true });
writeFileSync(logFile, '');
/** Appends to the log; Playwright empties test-results/ when it starts, so the folder may go. */
const log = (line: string) => {
  mkdirSync(resolve(logFile, '..'), { recursive: true });
  appendFileSync(logFile, `${line}\n`);
};

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: tsx scripts/with-stack.ts <command> [args...]');
  process.exit(2);
}

function printStackLog(): void {
  console.error(`\n--- local stack log (${logFile}) ---\n${readFileSync(logFile, 'utf8')}`);
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

let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
  console.log('Starting the local stack for tests…');
  stack = await startLocalStack({ web: 'preview', log, gatewayEnv });
} catch (error) {
  printStackLog();
  console.error(`Could not start the local stack: ${(error as Error).message}`);
  await Promise.all([dvla.close(), addresses.close()]);
  process.exit(1);
}

// The tests learn the contract servers' addresses from the environment.
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, VITE_USE_EMULATORS: '1', ...gatewayEnv },
});
const code = await new Promise<number>((resolveCode) =>
  child.on('exit', (c) => resolveCode(c ?? 1)),
);
await stack.stop();
await Promise.all([dvla.close(), addresses.close()]);
if (code !== 0) printStackLog();
process.exit(code);
