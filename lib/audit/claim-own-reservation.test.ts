// Every claim first looks for the expert's own live reservation in the campaign (to resume it), then sweeps the
// campaign's expired ones. Both read the partial index of live reservations keyed by campaign and expert
// (migration reservations_by_expert). Before it, the check went by whichever wider index the statistics of the moment
// favoured: every assignment of the expert in the campaign, or every live reservation of the campaign, or the expert's
// reservations in every campaign with the dead entries their submissions left; 30–125 buffers a claim in the bench,
// varying from run to run with the plan PL/pgSQL cached. Here the generic plans (the ones PL/pgSQL caches) of both
// statements are checked with the statistics after one campaign, then after a second, each with hundreds of live
// reservations of other experts and hundreds of submissions of the expert whose claim is planned.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { createUnitDataset } from '@/tools/fixtures/unit-dataset';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';
import { createK1AuditCampaign, createK1GradingCampaign } from '@/tools/testing/k1-campaigns';

const UNITS = 600;
/** Experts holding one live reservation each, besides the one whose claim is planned. */
const OTHERS = 300;

let admin: SessionUser;
let experts: string[];

beforeAll(async () => {
  ({ admin } = await seedDemoAdmin());
  experts = Array.from({ length: OTHERS + 1 }, () => randomUUID());
  await prisma.user.createMany({
    data: experts.map((id, i) => ({ id, email: `own-${id}@test.local`, name: `Expert ${i}`, role: 'EXPERT' })),
  });
});

interface Kind {
  table: 'assignments' | 'grading_assignments';
  units: 'campaign_queries' | 'grading_units';
  unit: 'query_id' | 'response_id';
}

/** A dataset of its own for each campaign (a campaign takes its criteria out of PENDING). */
const newDataset = () => createUnitDataset(pgPool(), { units: UNITS, name: 'own reservation' });

/**
 * The two statements of the claim functions that look for live reservations, as PL/pgSQL plans them. The sweep is
 * planned among indexes only: on a table this small a sequential scan costs less, as the planner rightly finds.
 */
async function genericPlans({ table }: Kind): Promise<{ own: string; sweep: string }> {
  const client = await pgPool().connect();
  const explain = async (sql: string) => {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (GENERIC_PLAN) ${sql}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  try {
    const own = await explain(
      `SELECT a.id FROM ${table} a WHERE a.campaign_id = $1::int AND a.expert_id = $2::text AND a.state = 'RESERVED'
          AND a.expires_at > timezone('UTC', now()) LIMIT 1`,
    );
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const sweep = await explain(
      `UPDATE ${table} SET state = 'EXPIRED', updated_at = timezone('UTC', now())
        WHERE campaign_id = $1::int AND state = 'RESERVED' AND expires_at < timezone('UTC', now()) RETURNING id`,
    );
    await client.query('COMMIT');
    return { own, sweep };
  } finally {
    client.release();
  }
}

function expectTightPlans(kind: Kind, plans: { own: string; sweep: string }) {
  const index = `${kind.table}_reserved_idx`;
  // The own check: campaign and expert both in the index condition (so it reads the expert's live reservation only).
  expect(plans.own).toContain(`Index Scan using ${index}`);
  expect(plans.own).toMatch(/Index Cond: \(\(campaign_id = \$1\) AND \(expert_id = \$2\)/);
  // The sweep: the campaign's live reservations only, not its every assignment or the expert's in every campaign.
  expect(plans.sweep).toContain(`using ${index}`);
}

/**
 * The campaign's units: the first OTHERS reserved by one other expert each, the rest submitted by the first expert (as
 * the app's claim and submission leave them: holders and submitted_count counted), then fresh statistics.
 */
async function fill(kind: Kind, campaignId: number) {
  const db = pgPool();
  const [mine, ...others] = experts;
  await db.query(
    `INSERT INTO ${kind.table} (campaign_id, expert_id, ${kind.unit}, state, expires_at, submitted_at, criterion_order, updated_at)
     SELECT $1, CASE WHEN n <= $3 THEN ($2::text[])[n] ELSE $4 END, u.${kind.unit},
            (CASE WHEN n <= $3 THEN 'RESERVED' ELSE 'SUBMITTED' END)::"AssignmentState",
            timezone('UTC', now()) + interval '1 hour', CASE WHEN n > $3 THEN timezone('UTC', now()) END, '{}', timezone('UTC', now())
       FROM (SELECT ${kind.unit}, row_number() OVER (ORDER BY ${kind.unit})::int AS n FROM ${kind.units} WHERE campaign_id = $1) u`,
    [campaignId, others, OTHERS, mine],
  );
  await db.query(
    `UPDATE ${kind.units} u SET holders = 1, submitted_count = (a.state = 'SUBMITTED')::int
       FROM ${kind.table} a WHERE a.campaign_id = $1 AND u.campaign_id = $1 AND u.${kind.unit} = a.${kind.unit}`,
    [campaignId],
  );
  await db.query(`ANALYZE ${kind.table}`);
}

/** Two campaigns filled one after the other; the plans are checked with the statistics after each. */
async function expectTightUnderBothStatistics(kind: Kind, create: () => Promise<number>) {
  for (let round = 0; round < 2; round++) {
    const campaignId = await create();
    await fill(kind, campaignId);
    const { rows } = await pgPool().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${kind.table} WHERE campaign_id = $1`, [
      campaignId,
    ]);
    expect(rows[0]?.n).toBe(UNITS);
    expectTightPlans(kind, await genericPlans(kind));
  }
}

describe("a claim's look for live reservations", () => {
  it('reads the audit reservations of the campaign and expert only, whatever the statistics', async () => {
    const create = async () =>
      createK1AuditCampaign({ actor: admin, name: 'Own reservation', datasetId: await newDataset(), expertIds: experts });
    await expectTightUnderBothStatistics({ table: 'assignments', units: 'campaign_queries', unit: 'query_id' }, create);
  });

  it('reads the grading reservations of the campaign and expert only, whatever the statistics', async () => {
    const create = async () =>
      createK1GradingCampaign({
        actor: admin,
        name: 'Own grading reservation',
        datasetId: await newDataset(),
        expertIds: experts,
        responses: UNITS,
      });
    await expectTightUnderBothStatistics({ table: 'grading_assignments', units: 'grading_units', unit: 'response_id' }, create);
  });
});
