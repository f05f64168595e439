import { execFileSync } from 'node:child_process';

/** One running process, as `ps` lists it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Its process group: a signal to `-pgid` reaches every member. */
  pgid: number;
}

/** Every live process on the machine (Linux and macOS `ps`); zombies have already ended. */
export function listProcesses(): ProcessEntry[] {
  const output = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' });
  const entries: ProcessEntry[] = [];
  for (const line of output.split('\n')) {
    const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
    if (!stat || stat.startsWith('Z')) continue;
    entries.push({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid) });
  }
  return entries;
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

/** Whether a process with this id is still running (a zombie counts as gone). */
export function isRunning(pid: number, table: readonly ProcessEntry[] = listProcesses()): boolean {
  return table.some((entry) => entry.pid === pid);
}

/** Sends `signal` to a process or (negative id) a process group; a gone one is ignored. */
export function signal(id: number, signalName: NodeJS.Signals): void {
  try {
    process.kill(id, signalName);
  } catch {
    // Already gone.
  }
}

/** `ps`'s cumulative CPU time, `[dd-]hh:mm:ss` or `mm:ss`, in seconds. */
export function cpuTimeSeconds(time: string): number {
  const [days, clock] = time.includes('-') ? time.split('-') : ['0', time];
  const parts = clock!.split(':').map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return Number(days) * 86_400 + seconds;
}

/**
 * The CPU seconds a process and every descendant have used so far (0 when it is gone): a
 * process still starting on a busy machine uses CPU even while it prints nothing.
 */
export function treeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let output: string;
  try {
    output = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,time='], { encoding: 'utf8' });
  } catch {
    return 0;
  }
  const table = output
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length === 3)
    .map(([id, parent, time]) => ({ pid: Number(id), ppid: Number(parent), time: time! }));
  const tree = new Set([pid]);
  // Parents come before children in most listings; repeat until the set stops growing.
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of table) {
      if (!tree.has(entry.pid) && tree.has(entry.ppid)) {
        tree.add(entry.pid);
        grew = true;
      }
    }
  }
  return table
    .filter((entry) => tree.has(entry.pid))
    .reduce((total, entry) => total + cpuTimeSeconds(entry.time), 0);
}
