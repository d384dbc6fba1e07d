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

/**
 * Gives the session's server process the CPU priority `nice`; resolves to what happened, never rejects (a
 * session that stays at normal priority is only slower for the experts, not wrong).
 */
export async function lowerSessionPriority(
  client: Pick<pg.ClientBase, 'query'>,
  nice: number,
): Promise<'lowered' | 'not postgres' | 'not permitted' | 'failed'> {
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]?.pid;
    if (pid === undefined || !isPostgresProcess(pid)) return 'not postgres';
    try {
      os.setPriority(pid, nice);
      return 'lowered';
    } catch {
      return 'not permitted';
    }
  } catch {
    return 'failed';
  }
}
