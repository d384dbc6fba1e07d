// --pg-statements on a PostgreSQL of its own started as the stress run starts it: a statement the client sends and
// one a trigger runs are both counted, apart, from the reset on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { PG_STATEMENTS_SETTINGS, formatStatements, readStatements, resetStatements } from '@/tools/stress/pg-statements';
import { WaitSampler, readWalCounters, walDelta } from '@/tools/stress/pg-wal';
import { endPoolAndWait } from '@/tools/testing/wait-for-connections';

let server: EmbeddedPostgresHandle;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startEmbeddedPostgres({
    dataDir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pg-statements-')), 'pg'),
    persistent: false,
    settings: PG_STATEMENTS_SETTINGS,
  });
  pool = new pg.Pool({ connectionString: server.url, max: 2 });
  await pool.query(`CREATE TABLE notes (id serial PRIMARY KEY, body text);
    CREATE TABLE note_log (note_id int);
    CREATE FUNCTION log_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO note_log (note_id) VALUES (NEW.id); RETURN NEW; END $$;
    CREATE TRIGGER notes_logged AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION log_note();`);
}, 60_000);

afterAll(async () => {
  if (pool && server) await endPoolAndWait(pool, server.url);
  await server?.stop();
});

describe('pg-statements', () => {
  it('counts what the client sent and what its trigger ran, apart, since the reset only', async () => {
    await pool.query('SELECT count(*) FROM notes');
    await resetStatements(pool);
    for (let i = 0; i < 3; i += 1) await pool.query('INSERT INTO notes (body) VALUES ($1)', [`note ${i}`]);
    const statements = await readStatements(pool);
    const sent = statements.find((row) => row.toplevel && row.query.startsWith('INSERT INTO notes'));
    const nested = statements.find((row) => !row.toplevel && row.query.startsWith('INSERT INTO note_log'));
    expect(sent?.calls).toBe(3);
    expect(nested?.calls).toBe(3);
    expect(statements.some((row) => row.query.includes('count(*) FROM notes'))).toBe(false);
    const lines = formatStatements(statements);
    expect(lines[0]).toBe("PostgreSQL's busiest statements the app sent:");
    expect(lines.some((line) => /3 calls · .* INSERT INTO note_log/.test(line))).toBe(true);
  });
});

describe('pg-wal', () => {
  it("reads the write-ahead log's counters, which grow with what is written, and samples a session's waits", async () => {
    const before = await readWalCounters(pool);
    await pool.query("INSERT INTO notes (body) SELECT repeat('x', 500) FROM generate_series(1, 2000)");
    await pool.query('CHECKPOINT');
    await pool.query('UPDATE notes SET body = body');
    // Each session hands its counters over when it is idle, at most once a second: wait for them.
    let delta = walDelta(before, await readWalCounters(pool));
    for (let tries = 0; tries < 50 && delta.fullPageImages === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      delta = walDelta(before, await readWalCounters(pool));
    }
    expect(delta.bytes).toBeGreaterThan(1_000_000);
    expect(delta.checkpoints).toBeGreaterThanOrEqual(1);
    expect(delta.fullPageImages).toBeGreaterThan(0);

    // A session held idle in a transaction is counted as such by a sampler on another connection.
    const held = await pool.connect();
    const sampler = new WaitSampler(pool, 20);
    try {
      await held.query('BEGIN');
      await held.query('SELECT 1');
      sampler.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sampler.take().idleInTransaction).toBeGreaterThan(0);
      // A statement computing (no wait event) is counted as on the CPU.
      await held.query('SELECT count(*) FROM generate_series(1, 3000000) s WHERE s % 7 = 3');
      const counts = sampler.take();
      expect(counts.cpu).toBeGreaterThan(0);
    } finally {
      sampler.stop();
      await held.query('ROLLBACK');
      held.release();
    }
  });
});
