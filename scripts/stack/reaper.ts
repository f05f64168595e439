/**
 * The local stack's watchdog. `npm start` runs it in a process group of its own, with a pipe
 * to it on stdin, and it keeps a list of every process `npm start` has started (its whole
 * process tree, whatever group each child put itself in). If `npm start` ends without saying
 * `done` on that pipe (killed outright, or stopped by a parent that gave up waiting for it),
 * the pipe closes and the watchdog stops everything on its last list, so nothing is left
 * holding the stack's ports. It writes nothing and exits once its job is done.
 */
import { descendantsOf, listProcesses, signal, type ProcessEntry } from './processTree';

const watched = process.ppid;
const REFRESH_EVERY_MS = 1_000;
const GRACE_MS = 5_000;

let lastSeen: ProcessEntry[] = [];
let cleanStop = false;

function refresh(): void {
  const table = listProcesses();
  // Once the watched process has gone its children are no longer its own: keep the last list.
  if (!table.some((entry) => entry.pid === watched)) return;
  // Its own process is among the watched process's descendants.
  lastSeen = descendantsOf(watched, table).filter(
    (entry) => entry.pid !== process.pid && entry.pgid !== process.pid,
  );
}

/**
 * The processes of the last list still running as they were listed (id and group both): an
 * id is reused within seconds on a busy machine, and a stranger must never be signalled.
 */
function stillRunning(): ProcessEntry[] {
  const running = new Set(listProcesses().map((entry) => `${entry.pid}/${entry.pgid}`));
  return lastSeen.filter((entry) => running.has(`${entry.pid}/${entry.pgid}`));
}

/** Sends `signalName` to each still-running process of the last list and to its group. */
function signalEverything(signalName: NodeJS.Signals): void {
  const alive = stillRunning();
  for (const group of new Set(alive.map((entry) => entry.pgid))) signal(-group, signalName);
  for (const entry of alive) signal(entry.pid, signalName);
}

async function stopEverything(): Promise<void> {
  signalEverything('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  while (stillRunning().length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  signalEverything('SIGKILL');
}

refresh();
const timer = setInterval(refresh, REFRESH_EVERY_MS);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (chunk.includes('done')) cleanStop = true;
});
process.stdin.on('close', () => {
  clearInterval(timer);
  if (cleanStop) process.exit(0);
  void stopEverything().finally(() => process.exit(0));
});
// Ctrl-C reaches the stack's own group, not this one; a direct signal still lets it finish.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.on('SIGHUP', () => undefined);
