import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSettled, settleDatabase } from '@/tools/bench/settle-database';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
beforeAll(async () => {
  await client.connect();
  await client.query('CREATE TABLE settle_probe (id int PRIMARY KEY, v text)');
  await client.query(`INSERT INTO settle_probe SELECT n, 'x' FROM generate_series(1, 5000) n`);
  await client.query('DELETE FROM settle_probe WHERE id % 2 = 0');
  await client.query('CREATE TABLE settle_untouched (id int PRIMARY KEY)');
});
afterAll(async () => {
  await client.query('DROP TABLE IF EXISTS settle_probe, settle_untouched');
  await client.end();
});

describe('settleDatabase', () => {
  it('vacuums and analyzes every table of the database that has pages, and reports no autovacuum worker left', async () => {
    const settled = await settleDatabase(client);
    expect(settled.workersLeft).toBe(0);
    const stats = await client.query<{ dead: number; live: number; vacuumed: boolean; analyzed: boolean }>(
      `SELECT n_dead_tup::int AS dead, n_live_tup::int AS live, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed
         FROM pg_stat_user_tables WHERE relname = 'settle_probe'`,
    );
    expect(stats.rows[0]).toEqual({ dead: 0, live: 2500, vacuumed: true, analyzed: true });
    // A table nothing has written is left as autovacuum leaves it: not recorded as known to be empty.
    const untouched = await client.query<{ reltuples: number; vacuumed: boolean }>(
      `SELECT c.reltuples::int AS reltuples, s.last_vacuum IS NOT NULL AS vacuumed
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'settle_untouched'`,
    );
    expect(untouched.rows[0]).toEqual({ reltuples: -1, vacuumed: false });
    expect(describeSettled(settled)).toMatch(
      /^VACUUM ANALYZE of the tables with pages \d+\.\d s, then \d+\.\d s waiting for autovacuum \(idle\)$/,
    );
  });

  it('says so when workers are still running as the wait gives up', () => {
    expect(describeSettled({ vacuumMs: 1200, waitedMs: 120_000, workersLeft: 2 })).toBe(
      'VACUUM ANALYZE of the tables with pages 1.2 s, then 120.0 s waiting for autovacuum: 2 worker(s) still running when the wait gave up',
    );
  });
});
