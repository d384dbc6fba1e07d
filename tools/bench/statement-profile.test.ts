// The statement profile counts what a pool sends, through pg's callback form (pool.query) and the promise
// form (a checked-out client, as Prisma's adapter uses in transactions), grouped by verb and table.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { profileStatements, statementKind } from '@/tools/bench/statement-profile';

describe('statementKind', () => {
  it('names the verb and the first table, schema and quotes dropped', () => {
    expect(statementKind('UPDATE "public"."judge_tasks" SET "status" = $1 WHERE "id" = $2')).toBe('UPDATE judge_tasks');
    expect(statementKind('SELECT "t0"."id" FROM "public"."judge_calls" AS "t0" WHERE "t0"."request_hash" = $1')).toBe('SELECT judge_calls');
    expect(statementKind('  insert into grades (run_id) values ($1)')).toBe('INSERT grades');
    expect(statementKind('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('WITH x');
    expect(
      statementKind(
        'WITH running AS (UPDATE judge_tasks SET status = $1 WHERE id = $2) INSERT INTO judge_calls (id) VALUES ($3) RETURNING id',
      ),
    ).toBe('WITH UPDATE judge_tasks, INSERT judge_calls');
    expect(
      statementKind(
        'WITH done AS (UPDATE "public"."judge_tasks" SET x = 1 RETURNING id), r AS (INSERT INTO grades SELECT * FROM done) SELECT 1',
      ),
    ).toBe('WITH UPDATE judge_tasks, INSERT grades');
    expect(statementKind('BEGIN')).toBe('BEGIN');
    expect(statementKind('')).toBe('?');
  });
});

describe('profileStatements', () => {
  it('counts every statement of the clients the pool connects while profiling, until stopped', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const profile = profileStatements(pool);
    try {
      await pool.query('SELECT 1 FROM users');
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query({ text: 'SELECT count(*) FROM users WHERE id = $1', values: ['x'] });
        await expect(client.query('SELECT * FROM no_such_table')).rejects.toThrow();
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      const byKind = Object.fromEntries(profile.snapshot().map((stat) => [stat.kind, stat.count]));
      expect(byKind).toEqual({ 'SELECT users': 2, BEGIN: 1, 'SELECT no_such_table': 1, ROLLBACK: 1 });
      expect(profile.snapshot().every((stat) => stat.ms >= 0)).toBe(true);
      profile.reset();
      await pool.query('SELECT 1');
      expect(profile.snapshot()).toEqual([{ kind: 'SELECT', count: 1, ms: expect.any(Number) }]);
    } finally {
      profile.stop();
      await pool.end();
    }
  });
});
