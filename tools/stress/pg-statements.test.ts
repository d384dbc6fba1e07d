// --pg-statements on a PostgreSQL of its own started as the stress run starts it: a statement the client sends and
// one a trigger runs are both counted, apart, from the reset on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { PG_STATEMENTS_SETTINGS, formatStatements, readStatements, resetStatements } from '@/tools/stress/pg-statements';

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
  await pool?.end();
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
