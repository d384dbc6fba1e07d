// How many connections each process's pool may open when `npm start` runs several processes on one
// PostgreSQL (issue 21): together they must stay under the server's max_connections, or a busy moment ends in
// "sorry, too many clients already" instead of a short wait for a pooled connection.
import 'server-only';
import pg from 'pg';

/**
 * The app's assumption: connections left to everything that is not a pool of `npm start` (PostgreSQL's
 * superuser_reserved_connections, 3 by default; the migrations at start; `npm run import`, `npm run db:migrate`
 * and a psql session running meanwhile).
 */
export const RESERVED_CONNECTIONS = 10;

/** pg-boss's own pool in every process that starts or runs jobs (lib/jobs/boss.ts). */
export const JOB_QUEUE_POOL_MAX = 4;

/**
 * The app's assumption: the largest pool one process gets, whatever max_connections allows. One process on two
 * cores was measured with 10 (the former fixed default); more connections than PostgreSQL has cores to run
 * them only queue the same work inside the server instead of in the pool, where its wait is measured.
 */
export const POOL_MAX_CAP = 10;

export interface PoolSize {
  /** DB_POOL_MAX for each process. */
  size: number;
  /** False when max_connections is too small for this many processes even with pools of 1. */
  fits: boolean;
}

/** floor((max_connections − reserve − pg-boss's pools) / processes), between 1 and the cap. */
export function choosePoolSize({ maxConnections, processes }: { maxConnections: number; processes: number }): PoolSize {
  const available = maxConnections - RESERVED_CONNECTIONS - processes * JOB_QUEUE_POOL_MAX;
  const share = Math.floor(available / processes);
  return { size: Math.min(POOL_MAX_CAP, Math.max(1, share)), fits: share >= 1 };
}

/** The server's max_connections (SHOW max_connections), on a connection of its own that is closed after. */
export async function readMaxConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
    return Number(rows[0]?.max_connections);
  } finally {
    await client.end();
  }
}
