/**
 * The processes that launched `npm start`'s script: npm, and the shell npm runs the script in.
 * A terminal that is closed, or a task runner that kills its task, may signal only npm (SIGHUP,
 * SIGKILL), which leaves the script orphaned and holding every port. The script watches them
 * and stops the stack as soon as one has gone.
 */
import { commandOf, isRunning, listProcesses } from './processTree';

/** npm itself, as its command line reads: `npm start`, `npm run …`, or node running npm-cli.js. */
const NPM = /(^|\/)npm(\s|$)|npm-cli\.js|(^|\s)npm (start|run)/;
/** The shell npm runs a script in (`sh -c <script>`). */
const SHELL = /^(\/\S+\/)?(sh|bash|dash) -c /;

/**
 * This process's launchers, nearest first: the shell running it and npm above that, when it
 * was started by npm; nothing when it was started some other way (then only signals to it
 * stop it).
 */
export function launcherChain(): number[] {
  const table = listProcesses();
  const parentOf = (pid: number) => table.find((entry) => entry.pid === pid)?.ppid;
  const chain: number[] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 3 && pid > 1; depth += 1) {
    const command = commandOf(pid) ?? '';
    if (NPM.test(command)) return [...chain, pid];
    if (!SHELL.test(command)) return [];
    chain.push(pid);
    pid = parentOf(pid) ?? 1;
  }
  return [];
}

/** Calls `then` once, as soon as any of `pids` has ended (checked every second). */
export function whenAnyEnds(pids: readonly number[], then: () => void): void {
  if (pids.length === 0) return;
  const timer = setInterval(() => {
    if (pids.every((pid) => isRunning(pid))) return;
    clearInterval(timer);
    then();
  }, 1_000);
  timer.unref();
}
