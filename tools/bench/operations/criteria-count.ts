// (c) The criteria browser's total: countCriteria (counting up to 10,000, joining queries only when a
// department filter needs it) versus the same statement hand-written with pg, over the same requests as the
// page benchmark. The page never waits for it (the total streams in after the rows), so it has no latency
// target of its own; it is reported so the cost of counting stays visible.
import pg from 'pg';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { ensureSyntheticDataset } from '@/tools/bench/operations/import';
import { COMBOS, type PageRequest, buildRequestPlan, rawPageSql, simulateAuditProgress } from '@/tools/bench/operations/criteria-page';
import { percentile } from '@/tools/bench/percentile';
import { COUNT_CAP, countCriteria, criteriaParamsSchema } from '@/lib/criteria/list-criteria';

const REQUESTS = 200;

interface CountState {
  ctx: BenchContext;
  plan: PageRequest[];
  pool: pg.Pool;
  app: number[];
  raw: number[];
}

export const criteriaCountOperation = defineOperation<CountState>({
  id: 'criteria-count',
  title: 'The criteria total (streamed after the page): countCriteria vs hand-written SQL',
  setup: async (ctx) => {
    const dataset = await ensureSyntheticDataset(ctx);
    const client = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await client.connect();
    try {
      const progressed = await client.query(`SELECT 1 FROM criteria WHERE status <> 'PENDING' LIMIT 1`);
      if (progressed.rowCount === 0) await simulateAuditProgress(client, dataset.id);
    } finally {
      await client.end();
    }
    return {
      ctx,
      plan: buildRequestPlan(dataset.id, REQUESTS),
      pool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: 2 }),
      app: [],
      raw: [],
    };
  },
  warmup: 30,
  iterations: REQUESTS,
  app: async (state, iteration) => {
    const request = state.plan[iteration % state.plan.length] as PageRequest;
    state.app[iteration] = (await countCriteria(criteriaParamsSchema.parse(request.params))).total;
  },
  raw: async (state, iteration) => {
    const request = state.plan[iteration % state.plan.length] as PageRequest;
    const result = await state.pool.query<{ total: string }>(...rawPageSql(request, null).count);
    state.raw[iteration] = Math.min(Number(result.rows[0]?.total ?? 0), COUNT_CAP);
  },
  metrics: (timings, state) => [
    {
      id: 'count-p50',
      label: `criteria total (count ≤ ${COUNT_CAP.toLocaleString('en')}): p50 of ${REQUESTS}`,
      unit: 'ms' as const,
      app: percentile(timings.app, 50),
      raw: percentile(timings.raw, 50),
    },
    {
      id: 'count-p95',
      label: `criteria total (count ≤ ${COUNT_CAP.toLocaleString('en')}): p95 of ${REQUESTS}`,
      unit: 'ms' as const,
      app: percentile(timings.app, 95),
      raw: percentile(timings.raw, 95),
    },
    ...COMBOS.map((combo) => {
      const indices = state.plan.flatMap((request, index) => (request.combo === combo ? [index] : []));
      const pick = (values: number[]) => indices.map((index) => values[index] ?? Number.NaN);
      return {
        id: `count-p95-${combo}`,
        label: `  p95 ${combo}`,
        unit: 'ms' as const,
        app: percentile(pick(timings.app), 95),
        raw: percentile(pick(timings.raw), 95),
      };
    }),
  ],
  targets: () => [{ metric: 'count-p95', maxRatio: 2 }],
  verify: async (state) =>
    state.plan
      .map((request, index) => (state.app[index] === state.raw[index] ? null : `request ${index} (${request.combo}): totals differ`))
      .filter((problem): problem is string => problem !== null)
      .slice(0, 10),
  teardown: async (state) => {
    await state.pool.end();
  },
});
