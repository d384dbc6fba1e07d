// CPU used so far by a `next start` process and its direct children (the server it spawns), from /proc:
// the stress run's Node.js side of "server CPU per request".
import fs from 'node:fs';
import { parseProcStat } from '@/tools/bench/cpu-meter';

/** CPU time of a process and its direct children (ms); null where unreadable. */
export function processTreeCpuMs(pid: number): number | null {
  const read = (id: string | number) => {
    try {
      return parseProcStat(fs.readFileSync(`/proc/${id}/stat`, 'utf8'));
    } catch {
      return null;
    }
  };
  const root = read(pid);
  if (!root) return null;
  let total = root.cpuMs + root.reapedChildrenMs;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(entry);
    if (stat?.ppid === pid) total += stat.cpuMs;
  }
  return total;
}
