// The job process's database sessions at the job process's CPU priority, on the test run's real (local) PostgreSQL.
import os from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isLocalDatabase, isPostgresProcess, lowerSessionPriority } from '@/lib/db/backend-priority';
import { databaseUrl } from '@/lib/env';

describe('backend priority', () => {
  it('renices the session’s own server process, and only that one', async () => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    const other = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    await other.connect();
    try {
      const pidOf = async (c: pg.Client) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number;
      const [mine, theirs] = [await pidOf(client), await pidOf(other)];
      expect(os.getPriority(mine)).toBe(0);
      expect(await lowerSessionPriority(client, 7)).toBe('lowered');
      expect(os.getPriority(mine)).toBe(7);
      expect(os.getPriority(theirs)).toBe(0);
    } finally {
      await client.end();
      await other.end();
    }
  });

  it('tells PostgreSQL’s processes from others, and local databases from remote ones', () => {
    expect(isPostgresProcess(process.pid)).toBe(false);
    expect(isPostgresProcess(2 ** 22 + 777)).toBe(false);
    expect(isLocalDatabase('postgresql://u:p@127.0.0.1:5432/db')).toBe(true);
    expect(isLocalDatabase('postgresql://u:p@localhost/db')).toBe(true);
    expect(isLocalDatabase('postgresql://u:p@[::1]:5432/db')).toBe(true);
    expect(isLocalDatabase('postgresql://u:p@db.internal:5432/db')).toBe(false);
    expect(isLocalDatabase('not a url')).toBe(false);
  });

  it('answers "not postgres" for a session whose pid is not a local PostgreSQL process', async () => {
    const fake = { query: async () => ({ rows: [{ pid: process.pid }] }) } as unknown as pg.Client;
    expect(await lowerSessionPriority(fake, 7)).toBe('not postgres');
    expect(os.getPriority(process.pid)).toBe(0);
    const failing = { query: async () => Promise.reject(new Error('gone')) } as unknown as pg.Client;
    expect(await lowerSessionPriority(failing, 7)).toBe('failed');
  });
});
