// `npm start`'s job process runs at a lower CPU priority (JOB_PROCESS_NICE) so that an import, a judge run or a
// release yields the CPU to the experts' requests. Most of a job's work is done by PostgreSQL, though: the
// import's merge, the release's freeze. When PostgreSQL runs on this machine (the embedded server, or any local
// one the app's user may renice), the job process's own database sessions get the same priority; the experts'
// sessions keep theirs. A session's server process is reniced only when it is certainly PostgreSQL's: the
// database is on loopback and /proc names the process "postgres".
import fs from 'node:fs';
import os from 'node:os';
import type pg from 'pg';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether `databaseUrl` points at this machine, where a backend's pid is one of ours to renice. */
export function isLocalDatabase(databaseUrl: string): boolean {
  try {
    return LOOPBACK.has(new URL(databaseUrl).hostname);
  } catch {
    return false;
  }
}

/** Whether `pid` is a PostgreSQL server process on this machine. */
export function isPostgresProcess(pid: number, procRoot = '/proc'): boolean {
  try {
    return fs.readFileSync(`${procRoot}/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/** Whether the kernel's autogroup scheduling is on ('1' in /proc), off, or absent (null). */
export function autogroupEnabled(procRoot = '/proc'): boolean | null {
  try {
    return fs.readFileSync(`${procRoot}/sys/kernel/sched_autogroup_enabled`, 'utf8').trim() === '1';
  } catch {
    return null;
  }
}

/** The autogroup `pid` belongs to ("autogroup-5245"), or null where /proc does not say. */
export function autogroupOf(pid: number, procRoot = '/proc'): string | null {
  try {
    return /\/(autogroup-\d+)/.exec(fs.readFileSync(`${procRoot}/${pid}/autogroup`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the kernel's autogroup scheduling puts `pid` in another group than `otherPid`. Each session (setsid)
 * is then a group and the CPU is shared between groups before nice applies: a reniced PostgreSQL backend in
 * another group than the web workers yields only to PostgreSQL's own processes (a server started as a service
 * or from another terminal; `npm start`'s embedded PostgreSQL shares the app's session). False when autogroup
 * is off or /proc does not say.
 */
export function inOtherSchedulingGroup(pid: number, otherPid: number, procRoot = '/proc'): boolean {
  if (autogroupEnabled(procRoot) !== true) return false;
  const [mine, theirs] = [autogroupOf(pid, procRoot), autogroupOf(otherPid, procRoot)];
  return mine !== null && theirs !== null && mine !== theirs;
}

/**
 * Gives the session's server process the CPU priority `nice`; resolves to what happened, never rejects (a
 * session that stays at normal priority is only slower for the experts, not wrong). "lowered in another
 * scheduling group": reniced, but autogroup scheduling shares the CPU between PostgreSQL and this process
 * before nice applies (inOtherSchedulingGroup), so the experts gain little.
 */
export async function lowerSessionPriority(
  client: Pick<pg.ClientBase, 'query'>,
  nice: number,
  procRoot = '/proc',
): Promise<'lowered' | 'lowered in another scheduling group' | 'not postgres' | 'not permitted' | 'failed'> {
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]?.pid;
    if (pid === undefined || !isPostgresProcess(pid, procRoot)) return 'not postgres';
    try {
      os.setPriority(pid, nice);
    } catch {
      return 'not permitted';
    }
    return inOtherSchedulingGroup(pid, process.pid, procRoot) ? 'lowered in another scheduling group' : 'lowered';
  } catch {
    return 'failed';
  }
}
