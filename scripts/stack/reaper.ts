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

async function stopEverything(): Promise<void> {
  const groups = new Set(lastSeen.map((entry) => entry.pgid));
  for (const group of groups) signal(-group, 'SIGTERM');
  for (const entry of lastSeen) signal(entry.pid, 'SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  const alive = () => {
    const running = new Set(listProcesses().map((entry) => entry.pid));
    return lastSeen.filter((entry) => running.has(entry.pid));
  };
  while (alive().length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const group of groups) signal(-group, 'SIGKILL');
  for (const entry of alive()) signal(entry.pid, 'SIGKILL');
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
