// How long this process's queries wait for a free pooled connection (issue 21): the stress harness reads these
// counters through GET /api/metrics/db-pool to tell a pool that is too small from a database that is too slow.
import type pg from 'pg';

export interface PoolWaits {
  /** Checkouts that found every connection busy and had to wait for one to be released. */
  waits: number;
  waitMsTotal: number;
  waitMsMax: number;
}

/**
 * Counts the waits of every checkout of `pool` (pool.query checks out through pool.connect too, and Prisma's
 * adapter calls pool.connect). A checkout waits when pg-pool is full and has no idle client: it then queues
 * the request until a client is released. Opening a new connection while below `max` is not a wait for a
 * free one, so it is not counted.
 */
export function trackPoolWaits(pool: pg.Pool): PoolWaits {
  const counters: PoolWaits = { waits: 0, waitMsTotal: 0, waitMsMax: 0 };
  const record = (started: number) => {
    const ms = performance.now() - started;
    counters.waits += 1;
    counters.waitMsTotal += ms;
    counters.waitMsMax = Math.max(counters.waitMsMax, ms);
  };
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  const tracked = (callback?: ConnectCallback) => {
    const max = pool.options.max ?? 10;
    if (pool.totalCount < max || pool.idleCount > 0) return connect(callback);
    const started = performance.now();
    if (callback) {
      return connect((error, client, done) => {
        record(started);
        callback(error, client, done);
      });
    }
    // A checkout that gave up (connectionTimeoutMillis) waited too: it is counted, and still rejects.
    return connect()?.finally(() => record(started));
  };
  pool.connect = tracked as typeof pool.connect;
  return counters;
}
