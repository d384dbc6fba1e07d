// CPU used so far by an app instance and every process below it, from /proc: the stress run's Node.js side of
// "server CPU per request". `next start` serves from a child process, and `npm start` with web workers is three
// levels deep (primary → worker → server, and the job process), so the whole tree is walked.
import fs from 'node:fs';
import { type ProcStat, parseProcStat } from '@/tools/bench/cpu-meter';

/** CPU time (ms) of a process, of every live descendant, and of the children they reaped; null where unreadable. */
export function processTreeCpuMs(pid: number): number | null {
  const stats = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseProcStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat) stats.set(stat.pid, stat);
    } catch {
      // Gone since the listing.
    }
  }
  const root = stats.get(pid);
  if (!root) return null;
  const children = new Map<number, number[]>();
  for (const [id, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), id]);
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    const stat = stats.get(id);
    if (!stat) continue;
    total += stat.cpuMs + stat.reapedChildrenMs;
    pending.push(...(children.get(id) ?? []));
  }
  return total;
}
