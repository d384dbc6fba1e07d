// The job process's database sessions at the job process's CPU priority, on the test run's real (local) PostgreSQL.
import os from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { inOtherSchedulingGroup, isLocalDatabase, isPostgresProcess, lowerSessionPriority } from '@/lib/db/backend-priority';
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
      expect(['lowered', 'lowered in another scheduling group']).toContain(await lowerSessionPriority(client, 7));
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

  it('tells when autogroup scheduling puts PostgreSQL in another group than the app', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-proc-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      };
      write('sys/kernel/sched_autogroup_enabled', '1\n');
      write('10/autogroup', '/autogroup-5 nice 0\n');
      write('20/autogroup', '/autogroup-5 nice 0\n');
      write('30/autogroup', '/autogroup-9 nice 0\n');
      expect(inOtherSchedulingGroup(10, 20, root)).toBe(false);
      expect(inOtherSchedulingGroup(10, 30, root)).toBe(true);
      expect(inOtherSchedulingGroup(10, 40, root)).toBe(false);
      write('sys/kernel/sched_autogroup_enabled', '0\n');
      expect(inOtherSchedulingGroup(10, 30, root)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
