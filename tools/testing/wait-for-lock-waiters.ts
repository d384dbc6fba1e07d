// Proof, not a pause: a concurrency test that says "the second writer waits for the first one's lock" waits
// until PostgreSQL itself shows that many backends waiting on a lock (pg_locks, granted = false). A test that
// slept instead would pass even when the second writer never waited.
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** Resolves once `count` backends (those in `pids` when given) wait on a lock; throws after `timeoutMs`. */
export async function waitForLockWaiters(
  db: Queryable,
  { count, pids, timeoutMs = 15_000 }: { count: number; pids?: readonly number[]; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  while (Date.now() < deadline) {
    const waiting = await db.query<{ n: number }>(
      `SELECT count(DISTINCT pid)::int AS n FROM pg_locks WHERE NOT granted AND ($1::int[] IS NULL OR pid = ANY($1::int[]))`,
      [pids ? [...pids] : null],
    );
    seen = waiting.rows[0]?.n ?? 0;
    if (seen >= count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`expected ${count} backend(s) waiting on a lock within ${timeoutMs} ms; saw ${seen}`);
}
