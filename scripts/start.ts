/**
 * `npm start`: the whole product on its local emulated backend, data kept in .data/.
 * Ctrl-C stops every process it started and saves local data for the next start.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EMULATOR_HOST, EMULATOR_PORTS, LOCAL_STORAGE_BUCKET } from '../src/runtime/constants';
import { isShownOnConsole } from './stack/consoleLines';
import { GATEWAY_URL, startLocalStack, STORAGE_URL, WEB_URL } from './stack/localStack';
import { launcherChain, whenAnyEnds } from './stack/launcher';

// LOCAL_DATA_DIR puts the data elsewhere (the stack's own tests start it on a throwaway copy).
const dataDir = resolve(
  process.env.LOCAL_DATA_DIR || resolve(import.meta.dirname, '../.data/local'),
);
// LOCAL_STACK_ONLY=firestore starts only the Firestore emulator, which this process saves at every
// stop, and the watchdog: the stack's own tests stop `npm start` many times over that way.
const only = process.env.LOCAL_STACK_ONLY === 'firestore' ? 'firestore' : undefined;
// Everything every process prints is kept here; the console shows progress and problems.
const logFile = join(dataDir, 'stack.log');
mkdirSync(dataDir, { recursive: true });
writeFileSync(logFile, '');
const log = (line: string) => {
  appendFileSync(logFile, `${line}\n`);
  if (isShownOnConsole(line)) console.log(line);
};

// `npm start` runs this through npm (and a shell): when those end (a killed task, a closed
// terminal that signalled only npm), this stops too rather than holding every port.
const launchers = launcherChain();
let stopStack: ((why: string, code: number) => Promise<void>) | undefined;
const endedEarly = (why: string) => {
  if (stopStack) void stopStack(why, 1);
  else {
    console.error(`\n${why}; not starting.`);
    process.exit(1);
  }
};
whenAnyEnds(launchers, () => endedEarly('npm start was ended'));

try {
  const stack = await startLocalStack({
    dataDir,
    web: 'dev',
    only,
    log,
    logFile,
    onStillStarting: (what, seconds) =>
      console.log(`Still starting (${seconds} s): ${what}. A busy machine can take minutes.`),
    onProcessEnded: (name, how) => endedEarly(`${name} ended by itself (${how}); see ${logFile}`),
  });
  if (only) {
    console.log(
      `\n  Firestore emulator is running on ${EMULATOR_HOST}:${EMULATOR_PORTS.firestore}; data in ${dataDir}.\n`,
    );
  } else
    console.log(`
  Vehicle claims platform is running (project demo-vehicle-claims, emulators on):

    Web app             ${WEB_URL}   (start a claim: ${WEB_URL}/form/start/)
    Auth emulator       http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}
    Functions emulator  http://${EMULATOR_HOST}:${EMULATOR_PORTS.functions}   (gateway: ${GATEWAY_URL})
    Firestore emulator  ${EMULATOR_HOST}:${EMULATOR_PORTS.firestore}
    Storage emulator    ${STORAGE_URL}   (bucket ${LOCAL_STORAGE_BUCKET})
    Local data          ${dataDir}
    Full log            ${logFile}

  Press Ctrl-C to stop; accounts, documents and stored files are saved for the next start.
`);
  let stopping = false;
  stopStack = async (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}. Stopping… saving local data.`);
    await stack.stop();
    process.exit(code);
  };
  const stop = () => void stopStack?.('Stop asked', 0);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
} catch (error) {
  console.error(`\nCould not start the local stack: ${(error as Error).message}`);
  process.exit(1);
}
