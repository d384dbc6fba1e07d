// The processes below a pid, from /proc: the stress run's CPU accounting walks them, and a server started in the
// caller's session (not a process group of its own) is signalled through them.
import fs from 'node:fs';
import { type ProcStat, parseProcStat } from '@/tools/bench/cpu-meter';

/** Every readable process's /proc/<pid>/stat, by pid. */
export function readProcStats(procRoot = '/proc'): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync(procRoot)) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseProcStat(fs.readFileSync(`${procRoot}/${entry}/stat`, 'utf8'));
      if (stat) stats.set(stat.pid, stat);
    } catch {
      // Gone since the listing.
    }
  }
  return stats;
}

/** The live processes of the tree below `pid` (itself first), or null when it is gone. */
export function treeOf(pid: number, stats: Map<number, ProcStat>): ProcStat[] | null {
  if (!stats.has(pid)) return null;
  const children = new Map<number, number[]>();
  for (const [id, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), id]);
  const tree: ProcStat[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const stat = stats.get(pending.shift() as number);
    if (!stat) continue;
    tree.push(stat);
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return tree;
}

/**
 * Sends `signal` to `pid` and every process below it (the deepest first, so no parent respawns a child it saw
 * die). Processes that are already gone are skipped.
 */
export function signalProcessTree(pid: number, signal: NodeJS.Signals, procRoot = '/proc'): void {
  const pids = treeOf(pid, readProcStats(procRoot))?.map((stat) => stat.pid) ?? [pid];
  for (const target of pids.reverse()) {
    try {
      process.kill(target, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
