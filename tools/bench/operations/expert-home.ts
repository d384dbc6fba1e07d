// (j) The expert's progress figures, read on every render of "My audits" and of the audit screen
// (listExpertCampaigns): mine done, left for me, the campaign's done and total. The app reads the campaign's
// counters, kept on write by triggers (migration campaign_counters); the raw side computes the same figures
// with the hand-written recount over campaign_queries and campaign_criteria that the page ran before the
// counters (70–94 ms per render at full scale under the load run, docs/performance.md). Untimed setup: a
// campaign over every criterion of the synthetic dataset, k = 3, with a realistic spread of submissions and
// 300 queries submitted by the measured expert. Both sides must give the same figures.
import pg from 'pg';
import { listExpertCampaigns } from '@/lib/audit/expert-view';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { ensureSyntheticDataset } from '@/tools/bench/operations/import';
import { percentile } from '@/tools/bench/percentile';
import { BENCH_ADMIN_ID, ensureBenchUsers, expertId } from '@/tools/fixtures/bench-users';
import { buildCampaignBySql } from '@/tools/fixtures/campaign-by-sql';

const RENDERS = 200;
const OVERLAP_K = 3;
const EXPERTS = Array.from({ length: 20 }, (_, index) => expertId(index));
const MEASURED = EXPERTS[0] as string;
const OWN_SUBMISSIONS = 300;

interface Figures {
  id: number;
  mineDone: number;
  mineRemaining: number;
  campaignDone: number;
  campaignTotal: number;
}

interface HomeState {
  ctx: BenchContext;
  pool: pg.Pool;
  campaignId: number;
  criteria: number;
  app: Figures[];
  raw: Figures[];
}

/** The figures as the page computed them before the counters: a recount of the campaign per render. */
const RECOUNT = `
  SELECT ac.id,
    (SELECT count(*)::int FROM assignments a WHERE a.campaign_id = ac.id AND a.expert_id = $1 AND a.state = 'SUBMITTED') AS "mineDone",
    (SELECT count(*)::int FROM campaign_queries cq WHERE ac.status = 'OPEN' AND cq.campaign_id = ac.id AND cq.submitted_count < cq.overlap_k
       AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.campaign_id = ac.id AND a.query_id = cq.query_id
                       AND a.expert_id = $1 AND a.state = 'SUBMITTED')) AS "mineRemaining",
    (SELECT COALESCE(sum(cq.submitted_count * q.n), 0)::int FROM campaign_queries cq
       JOIN (SELECT query_id, count(*) AS n FROM campaign_criteria WHERE campaign_id = ac.id GROUP BY query_id) q ON q.query_id = cq.query_id
      WHERE cq.campaign_id = ac.id) AS "campaignDone",
    (SELECT (count(*) * ac.overlap_k)::int FROM campaign_criteria cc WHERE cc.campaign_id = ac.id) AS "campaignTotal"
  FROM audit_campaigns ac JOIN campaign_experts ce ON ce.campaign_id = ac.id AND ce.user_id = $1
  WHERE ac.kind = 'AUDIT' ORDER BY (ac.status = 'OPEN') DESC, ac.created_at DESC`;

const pick = ({ id, mineDone, mineRemaining, campaignDone, campaignTotal }: Figures): Figures => ({
  id,
  mineDone,
  mineRemaining,
  campaignDone,
  campaignTotal,
});

export const expertHomeOperation = defineOperation<HomeState>({
  id: 'expert-home',
  title: 'An expert’s progress figures per render: listExpertCampaigns (kept counters) vs the recount it replaced',
  setup: async (ctx) => {
    const dataset = await ensureSyntheticDataset(ctx);
    const client = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await client.connect();
    try {
      await ensureBenchUsers(client, { ADMIN: [BENCH_ADMIN_ID], EXPERT: EXPERTS });
      ctx.log(`expert-home: a campaign over every criterion, k = ${OVERLAP_K}, with submissions spread over its queries (untimed)`);
      const campaign = await buildCampaignBySql(client, {
        name: 'Bench: expert home',
        overlapK: OVERLAP_K,
        experts: EXPERTS,
        datasetId: dataset.id,
        actorId: BENCH_ADMIN_ID,
        allCriteria: true,
      });
      // A quarter of the queries untouched, the rest with 1, 2 or k submissions; the measured expert's own 300.
      await client.query('UPDATE campaign_queries SET holders = query_id % 4, submitted_count = query_id % 4 WHERE campaign_id = $1', [
        campaign.id,
      ]);
      await client.query(
        `INSERT INTO assignments (campaign_id, expert_id, query_id, state, expires_at, submitted_at, criterion_order)
         SELECT $1, $2, query_id, 'SUBMITTED', now(), now(), '{}' FROM campaign_queries
          WHERE campaign_id = $1 AND submitted_count > 0 ORDER BY query_id LIMIT $3`,
        [campaign.id, MEASURED, OWN_SUBMISSIONS],
      );
      await client.query('ANALYZE campaign_queries, campaign_criteria, assignments, campaign_counters');
      return {
        ctx,
        pool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: 2 }),
        campaignId: campaign.id,
        criteria: campaign.criteria,
        app: [],
        raw: [],
      };
    } finally {
      await client.end();
    }
  },
  warmup: 10,
  iterations: RENDERS,
  app: async (state, iteration) => {
    const mine = (await listExpertCampaigns(MEASURED)).find((campaign) => campaign.id === state.campaignId);
    if (mine) state.app[iteration] = pick(mine);
  },
  raw: async (state, iteration) => {
    const rows = (await state.pool.query<Figures>(RECOUNT, [MEASURED])).rows;
    const mine = rows.find((row) => row.id === state.campaignId);
    if (mine) state.raw[iteration] = pick(mine);
  },
  verify: async (state) => {
    const differences: string[] = [];
    for (const [index, app] of state.app.entries()) {
      const raw = state.raw[index];
      if (JSON.stringify(app) !== JSON.stringify(raw))
        differences.push(`render ${index}: app ${JSON.stringify(app)} ≠ raw ${JSON.stringify(raw)}`);
    }
    if (state.app.length === 0) differences.push('the measured expert’s campaign was never listed');
    return differences.slice(0, 5);
  },
  metrics: (timings) => [
    {
      id: 'home-p50',
      label: `progress figures per render: p50 of ${RENDERS}`,
      unit: 'ms',
      app: percentile(timings.app, 50),
      raw: percentile(timings.raw, 50),
    },
    {
      id: 'home-p95',
      label: `progress figures per render: p95 of ${RENDERS}`,
      unit: 'ms',
      app: percentile(timings.app, 95),
      raw: percentile(timings.raw, 95),
    },
  ],
  targets: () => [
    {
      metric: 'home-p95',
      maxRatio: 0.5,
      maxValue: 10,
      label: 'p95 ≤ 10 ms and at most half the recount: the figures are read, never recounted (the app’s target)',
    },
  ],
  notes: (state) => [
    `campaign of ${state.criteria.toLocaleString('en')} criteria; the measured expert submitted ${OWN_SUBMISSIONS} queries`,
  ],
  teardown: async (state) => {
    await state.pool.end();
  },
});
