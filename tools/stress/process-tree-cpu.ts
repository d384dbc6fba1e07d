// CPU used so far by an app instance and every process below it, from /proc: the stress run's Node.js side of
// "server CPU per request". `next start` serves from a child process, and `npm start` with web workers is three
// levels deep (primary → worker → server, and the job process), so the whole tree is walked.
import fs from 'node:fs';
import { readProcStats as readStats, treeOf } from '@/tools/app-process/process-tree';

/** CPU time (ms) of a process, of every live descendant, and of the children they reaped; null where unreadable. */
export function processTreeCpuMs(pid: number): number | null {
  const tree = treeOf(pid, readStats());
  return tree === null ? null : tree.reduce((total, stat) => total + stat.cpuMs + stat.reapedChildrenMs, 0);
}

/** What a process of an app instance does, from its command line. */
export type ServerRole = 'web' | 'jobs' | 'other';

/**
 * `npm start`'s job process runs scripts/worker.ts; a web worker or a plain `next start` runs Next.js's server
 * (a plain `next start` also runs the jobs, in process); anything else (npm start's primary) is `other`.
 */
export function serverRoleOf(commandLine: string): ServerRole {
  if (/(^|[\s/])scripts\/worker\.ts(\s|$)/.test(commandLine)) return 'jobs';
  if (/next(\/dist\/bin\/next)?\s+start(\s|$)|next-server/.test(commandLine)) return 'web';
  return 'other';
}

function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The tree's CPU time (ms) split by role (each process's own time and its reaped children's); null when gone. */
export function processTreeCpuByRole(pid: number): Record<ServerRole, number> | null {
  const tree = treeOf(pid, readStats());
  if (tree === null) return null;
  const byRole: Record<ServerRole, number> = { web: 0, jobs: 0, other: 0 };
  for (const stat of tree) byRole[serverRoleOf(commandLineOf(stat.pid))] += stat.cpuMs + stat.reapedChildrenMs;
  return byRole;
}
