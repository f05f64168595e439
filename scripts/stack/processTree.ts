/**
 * The machine's process table, as the stack's watchers need it. On Linux it is read from /proc
 * and no process is started: a `ps` run by `npm start` sits in npm's process group, and a signal
 * to that group (a terminal's Ctrl-C, SIGTERM, SIGHUP) killed it mid-listing, which threw in the
 * middle of the stop that saves local data. macOS has no /proc: there `ps` runs in a process
 * group of its own. Either way a table that cannot be read is empty, never an error.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One running process. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Its process group: a signal to `-pgid` reaches every member. */
  pgid: number;
}

interface ProcessUsage extends ProcessEntry {
  /** User and system CPU time it has used so far. */
  cpuSeconds: number;
}

const hasProc = process.platform === 'linux';
/** The unit of /proc's CPU times: USER_HZ, which Linux fixes at 100 for every program. */
const TICKS_PER_SECOND = 100;

/** /proc/<pid>/stat's fields, or null when the process has gone (or is a zombie). */
function readStat(pid: number): ProcessUsage | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // `pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime
  // stime …`: comm may hold spaces and parentheses, so the fields are counted after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  if (!state || state === 'Z' || state === 'X') return null;
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

function procTable(): ProcessUsage[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const table: ProcessUsage[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readStat(Number(name));
    if (entry) table.push(entry);
  }
  return table;
}

/**
 * `ps` with these columns, in a process group of its own so a signal to the caller's group
 * never reaches it; null when it could not be run or was ended.
 */
function ps(args: string[]): string | null {
  try {
    return execFileSync('ps', args, {
      encoding: 'utf8',
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    } as Parameters<typeof execFileSync>[2] & { encoding: 'utf8' });
  } catch {
    return null;
  }
}

/** `ps`'s cumulative CPU time, `[dd-]hh:mm:ss` or `mm:ss`, in seconds. */
export function cpuTimeSeconds(time: string): number {
  const [days, clock] = time.includes('-') ? time.split('-') : ['0', time];
  const parts = clock!.split(':').map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return Number(days) * 86_400 + seconds;
}

function psTable(): ProcessUsage[] {
  const output = ps(['-A', '-o', 'pid=,ppid=,pgid=,stat=,time=']);
  if (output === null) return [];
  const table: ProcessUsage[] = [];
  for (const line of output.split('\n')) {
    const [pid, ppid, pgid, stat, time] = line.trim().split(/\s+/);
    if (!time || stat!.startsWith('Z')) continue;
    const entry = { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid) };
    table.push({ ...entry, cpuSeconds: cpuTimeSeconds(time) });
  }
  return table;
}

function usageTable(): ProcessUsage[] {
  return hasProc ? procTable() : psTable();
}

/** Every live process on the machine (zombies have already ended); empty if it cannot be read. */
export function listProcesses(): ProcessEntry[] {
  return usageTable().map(({ pid, ppid, pgid }) => ({ pid, ppid, pgid }));
}

/** What a process was started as (its arguments, space-separated), or null when it has gone. */
export function commandOf(pid: number): string | null {
  if (hasProc) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args.join(' ').trim() || null;
    } catch {
      return null;
    }
  }
  return ps(['-o', 'args=', '-p', String(pid)])?.trim() || null;
}

/**
 * Every descendant of `pid` (children, their children…), whatever process group or session
 * each has put itself in: the only way to find what a process started once they have.
 */
export function descendantsOf(
  pid: number,
  table: readonly ProcessEntry[] = listProcesses(),
): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid) ?? [];
    siblings.push(entry);
    children.set(entry.ppid, siblings);
  }
  const found: ProcessEntry[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/**
 * Whether a process with this id is still running (a zombie counts as gone). Without a table
 * only that process is looked at (no listing that could fail and look like an ending).
 */
export function isRunning(pid: number, table?: readonly ProcessEntry[]): boolean {
  if (table) return table.some((entry) => entry.pid === pid);
  if (hasProc) return readStat(pid) !== null;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sends `signal` to a process or (negative id) a process group; a gone one is ignored. */
export function signal(id: number, signalName: NodeJS.Signals): void {
  try {
    process.kill(id, signalName);
  } catch {
    // Already gone.
  }
}

/**
 * The CPU seconds a process and every descendant have used so far (0 when it is gone): a
 * process still starting on a busy machine uses CPU even while it prints nothing.
 */
export function treeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const table = usageTable();
  const tree = new Set([pid, ...descendantsOf(pid, table).map((entry) => entry.pid)]);
  return table
    .filter((entry) => tree.has(entry.pid))
    .reduce((total, entry) => total + entry.cpuSeconds, 0);
}
