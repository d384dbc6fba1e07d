// Whether the kernel's autogroup scheduling splits the CPU between PostgreSQL and the app before nice values
// apply. With kernel.sched_autogroup_enabled = 1, every session (setsid) is a group and the CPU is shared
// between groups first; nice only orders the processes inside one group. The run starts PostgreSQL itself and,
// by default, the app in the same session (as `npm start` with its embedded PostgreSQL runs them); with
// --app-session own they are in two groups, and the job process's PostgreSQL sessions (reniced,
// lib/db/backend-priority.ts) then compete with the web workers as an equal group (docs/performance.md).
import { autogroupEnabled, autogroupOf } from '@/lib/db/backend-priority';

/** One line for the report: autogroup on or off, and whether PostgreSQL and the app share a group. */
export function describeScheduling({
  appPid,
  postgresPid,
  procRoot = '/proc',
}: {
  appPid: number;
  postgresPid: number | null;
  procRoot?: string;
}): string {
  const enabled = autogroupEnabled(procRoot);
  if (enabled === null) return 'autogroup scheduling: not available on this kernel (nice values order every process)';
  if (!enabled) return 'autogroup scheduling off (kernel.sched_autogroup_enabled = 0): nice values order every process';
  const app = autogroupOf(appPid, procRoot);
  const postgres = postgresPid === null ? null : autogroupOf(postgresPid, procRoot);
  if (app === null || postgres === null) return 'autogroup scheduling on; the groups of PostgreSQL and the app could not be read';
  if (app === postgres) return `autogroup scheduling on; PostgreSQL and the app in the same group (${app}): nice values order them`;
  return `autogroup scheduling on; PostgreSQL (${postgres}) and the app (${app}) in different groups: the CPU is shared between the groups before nice applies, so the job process's reniced PostgreSQL sessions compete with the web workers as an equal group`;
}
