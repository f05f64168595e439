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
