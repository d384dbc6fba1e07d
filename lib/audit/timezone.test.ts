// The app writes UTC into "timestamp without time zone" (Prisma's DateTime) and compares those columns with
// now() in SQL (reservation expiry). On a server whose default time zone is not UTC that is only right
// because every app connection runs with TimeZone=UTC; this test gives the database a far-off default zone.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema } from '@/lib/audit/schemas';
import { disconnectDb, prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';

beforeAll(async () => {
  const url = process.env.DATABASE_URL as string;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`ALTER DATABASE "${name}" SET TimeZone = 'Pacific/Kiritimati'`);
  await client.end();
  await disconnectDb();
  await seedDemo({ log: () => {} });
});

describe('reservations on a server in UTC+14', () => {
  it('the server default really differs, yet app connections use UTC', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL as string });
    await client.connect();
    expect((await client.query<{ tz: string }>(`SELECT current_setting('TimeZone') AS tz`)).rows[0]?.tz).toBe('Pacific/Kiritimati');
    await client.end();
    expect((await prisma.$queryRaw<{ tz: string }[]>`SELECT current_setting('TimeZone') AS tz`)[0]?.tz).toBe('UTC');
  });

  it('a fresh reservation is not treated as expired', async () => {
    const ids = [randomUUID(), randomUUID()];
    await prisma.user.createMany({ data: ids.map((id) => ({ id, email: `${id}@tz.test`, name: id, role: 'EXPERT' })) });
    const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
    const dataset = await prisma.dataset.findFirstOrThrow();
    const campaign = await createCampaign({
      actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
      input: createCampaignSchema.parse({
        name: 'tz',
        overlapK: 1,
        expertIds: ids,
        selection: { mode: 'filter', datasetId: dataset.id, maxQueries: 1 },
      }),
    });
    expect((await claimNext({ campaignId: campaign.id, expertId: ids[0] as string })).kind).toBe('claimed');
    // The only slot is reserved for 30 minutes: the second expert must wait, not take an "expired" slot.
    expect(await claimNext({ campaignId: campaign.id, expertId: ids[1] as string })).toEqual({ kind: 'none', reason: 'waiting' });
  });
});
