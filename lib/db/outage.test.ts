// A real PostgreSQL stopped and started under a live client: the errors its clients see are recognised as an
// outage (however they are wrapped), route handlers answer 503, and the same clients work again afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { DatabaseUnavailableError, isDatabaseUnavailable, rethrowOutage, withOutageResponse } from '@/lib/errors';
import { PrismaClient } from '@/lib/generated/prisma/client';

let tmp: string;
let db: EmbeddedPostgresHandle;
let pool: pg.Pool;
let prisma: PrismaClient;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-outage-'));
  db = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), persistent: false });
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {});
  prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await pool?.end().catch(() => {});
  await db?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('a database outage', () => {
  it('is recognised in every client’s error, wrapped or not, and the clients recover once it is back', async () => {
    expect(await prisma.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    await db.stopServer();

    const prismaError = await failure(() => prisma.$queryRaw`SELECT 1`);
    const pgError = await failure(() => pool.query('SELECT 1'));
    expect(isDatabaseUnavailable(prismaError)).toBe(true);
    expect(isDatabaseUnavailable(pgError)).toBe(true);
    // better-auth reports a failed session lookup as its own error, with the driver's error as the cause.
    const wrapped = new Error('Failed to get session', { cause: new Error('adapter failed', { cause: prismaError }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const rethrown = await failure(async () => rethrowOutage(wrapped));
    expect(rethrown).toBeInstanceOf(DatabaseUnavailableError);
    expect((rethrown as DatabaseUnavailableError).digest).toBe('DATABASE_UNAVAILABLE');

    const route = withOutageResponse(async () => Response.json(await prisma.$queryRaw`SELECT 1`));
    const response = await route();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: expect.stringMatching(/database is unreachable/) });

    await db.startServer();
    expect(await prisma.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    expect((await pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    expect((await route()).status).toBe(200);
  });

  it('is not claimed for other errors, which route handlers pass on', async () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(await failure(() => prisma.$queryRaw`SELECT * FROM no_such_table`))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const route = withOutageResponse(async () => {
      throw new Error('boom');
    });
    await expect(route()).rejects.toThrow('boom');
    await expect(Promise.reject(new Error('boom')).catch(rethrowOutage)).rejects.toThrow('boom');
  });
});
