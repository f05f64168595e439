import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Starts a child process whose output is passed, line by line and prefixed with its name,
 * to `log`. The child gets its own process group so a stop signal reaches its children too.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): ManagedProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, child, exited };
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

/** Polls `probe` until it returns true, failing with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${what}`);
}
