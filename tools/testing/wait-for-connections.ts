// Closing a pool before stopping a throwaway PostgreSQL: pg-pool's end() resolves when its clients leave the pool,
// before their sockets have closed, and a server stopped in between terminates those connections (57P01) on clients
// that no longer have an error listener, an uncaught exception in whatever process held them.
import pg from 'pg';

/**
 * A pool's end() resolves before its connections have closed. Waits (up to 5 s) until this client is the
 * database's only session, so stopping the cluster later never terminates a connection still closing
 * (which the app's pool would log as an idle connection error).
 */
export async function waitForOtherConnectionsToClose(client: pg.Client): Promise<void> {
  const giveUpAt = Date.now() + 5000;
  while (Date.now() < giveUpAt) {
    const others = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    if ((others.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ends `pool` and returns once the database has no other session than a check connection of its own. */
export async function endPoolAndWait(pool: pg.Pool, databaseUrl: string): Promise<void> {
  await pool.end();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await waitForOtherConnectionsToClose(client);
  } finally {
    await client.end();
  }
}
