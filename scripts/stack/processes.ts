import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { treeCpuSeconds } from './processTree';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Lines it has printed so far: a sign it is still working. */
  lines(): number;
}

/**
 * Starts a child process whose output is passed, line by line and prefixed with its name,
 * to `log`. The child gets its own process group so a stop signal reaches its children too.
 * `cwd` is where it runs (this process's own when not given).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  cwd?: string,
): ManagedProcess {
  const child = spawn(command, args, {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = 0;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        printed += 1;
        log(`[${name}] ${line}`);
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, child, exited, lines: () => printed };
}

/**
 * Sends `signal` to the process group, then SIGKILL if it has not exited within `graceMs`.
 * The group is swept with SIGKILL once its first process has exited too: a process it started
 * in the same group (esbuild's service, a runtime worker) may outlive it otherwise.
 */
export async function stopProcess(
  proc: ManagedProcess,
  signal: NodeJS.Signals,
  graceMs: number,
): Promise<void> {
  const pid = proc.child.pid;
  if (pid === undefined) return;
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      // Already gone.
    }
  };
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    kill(signal);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      proc.exited,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
  }
  kill('SIGKILL');
}

export function isPortInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Why a start gave up: what it waited for, and what the person can do about it. */
export class StackStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StackStartError';
  }
}

export interface WaitOptions {
  /** The process doing the work: a wait ends at once when it has exited. */
  worker: ManagedProcess;
  /**
   * How long the worker may show no sign of work (no line printed, no CPU time used by it or
   * its children) before the wait gives up. Not a limit on the whole wait: a busy machine
   * that is still making progress is waited for however long it takes.
   */
  stallMs: number;
  /** Told now and then while the wait goes on (a slow machine should not look hung). */
  onStillWaiting?: (seconds: number) => void;
  /** Where the worker's output is kept, named when the wait fails. */
  logFile?: string;
}

const STILL_WAITING_EVERY_MS = 60_000;

/**
 * Polls `probe` until it returns true, for as long as `worker` is alive and making progress.
 * Fails with a StackStartError saying what failed, where the log is and what to try, when
 * the worker exits or shows no progress for `stallMs`.
 */
export async function waitWhileProgressing(
  what: string,
  probe: () => Promise<boolean>,
  { worker, stallMs, onStillWaiting, logFile }: WaitOptions,
): Promise<void> {
  const started = Date.now();
  const signOf = () => `${worker.lines()}/${treeCpuSeconds(worker.child.pid)}`;
  let lastSign = signOf();
  let lastProgress = Date.now();
  let lastTold = Date.now();
  const where = logFile ? ` Everything it printed is in ${logFile}.` : '';
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) {
      const how = worker.child.signalCode ?? `exit code ${worker.child.exitCode}`;
      throw new StackStartError(
        `${worker.name} stopped (${how}) before ${what}.${where} Look there for the first error; ` +
          'if the ports are taken or the local data is from another version, stop other stacks ' +
          'or move .data/local aside, and run npm start again.',
      );
    }
    const sign = signOf();
    if (sign !== lastSign) {
      lastSign = sign;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress > stallMs) {
      throw new StackStartError(
        `Gave up waiting for ${what}: ${worker.name} has printed nothing and used no CPU for ` +
          `${Math.round(stallMs / 1000)} s (${Math.round((Date.now() - started) / 1000)} s in all).` +
          `${where} Stop the stack's other copies or heavy programs, then run npm start again.`,
      );
    }
    if (onStillWaiting && Date.now() - lastTold >= STILL_WAITING_EVERY_MS) {
      lastTold = Date.now();
      onStillWaiting(Math.round((Date.now() - started) / 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
