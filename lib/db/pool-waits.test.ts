// The pool's wait counters on real PostgreSQL (issue 21): a checkout that finds every connection busy is one
// wait, as long as the query holding the connection; a checkout that gets a connection at once is none.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/metrics/db-pool/route';
import type { Role } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { trackPoolWaits } from '@/lib/db/pool-waits';
import { runAsUser } from '@/tools/testing/request-user';

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

function pool(max: number): pg.Pool {
  const created = new pg.Pool({ connectionString: process.env.DATABASE_URL, max });
  pools.push(created);
  return created;
}

describe('trackPoolWaits', () => {
  it('counts one wait, as long as the query ahead of it, when a pool of 1 gets two concurrent queries', async () => {
    const single = pool(1);
    const waits = trackPoolWaits(single);
    const started = performance.now();
    await Promise.all([single.query('SELECT pg_sleep(0.3)'), single.query('SELECT 1')]);
    const elapsed = performance.now() - started;
    expect(waits.waits).toBe(1);
    // The second query waited for the first one's 300 ms sleep, and not longer than the whole run.
    expect(waits.waitMsTotal).toBeGreaterThanOrEqual(250);
    expect(waits.waitMsTotal).toBeLessThanOrEqual(elapsed);
    expect(waits.waitMsMax).toBe(waits.waitMsTotal);
  });

  it('counts no wait when a connection is free, and counts checkouts through pool.connect', async () => {
    const two = pool(2);
    const waits = trackPoolWaits(two);
    await Promise.all([two.query('SELECT pg_sleep(0.1)'), two.query('SELECT 1')]);
    expect(waits).toEqual({ waits: 0, waitMsTotal: 0, waitMsMax: 0 });
    const [first, second] = await Promise.all([two.connect(), two.connect()]);
    const third = two.connect();
    setTimeout(() => first.release(), 50);
    (await third).release();
    second.release();
    expect(waits.waits).toBe(1);
    expect(waits.waitMsMax).toBeGreaterThanOrEqual(40);
  });
});

describe('GET /api/metrics/db-pool', () => {
  async function as(role: Role | null): Promise<Response> {
    if (!role) return await runAsUser(null, () => GET());
    const id = randomUUID();
    const user = await prisma.user.create({ data: { id, email: `pool-${id}@test.local`, name: 'Pool', role } });
    return await runAsUser({ ...user, role, specialties: [], active: true }, () => GET());
  }

  it("answers an admin with this process's pool size, wait counters and event-loop stalls, exactly these fields", async () => {
    const before = (await (await as('ADMIN')).json()) as Record<string, number>;
    // The main thread held for 300 ms, as a long render would hold it: the next answer counts the stall.
    const until = performance.now() + 300;
    while (performance.now() < until) {}
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await as('ADMIN');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, number>;
    expect(Object.keys(body).sort()).toEqual([
      'loopStallCpuMsTotal',
      'loopStallMsMax',
      'loopStallMsTotal',
      'loopStalls',
      'pid',
      'poolMax',
      'waitMsMax',
      'waitMsTotal',
      'waits',
    ]);
    expect(body.pid).toBe(process.pid);
    expect(body.poolMax).toBe(10);
    expect(body.waits).toBeGreaterThanOrEqual(0);
    expect((body.loopStalls ?? 0) - (before.loopStalls ?? 0)).toBeGreaterThanOrEqual(1);
    expect((body.loopStallMsTotal ?? 0) - (before.loopStallMsTotal ?? 0)).toBeGreaterThanOrEqual(200);
  });

  it('refuses anonymous visitors (401) and every other role (403)', async () => {
    expect((await as(null)).status).toBe(401);
    for (const role of ['EXPERT', 'REVIEWER'] as const) expect((await as(role)).status).toBe(403);
  });
});
