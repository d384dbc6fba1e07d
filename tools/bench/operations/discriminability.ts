// (i) Rubric discriminability: the figures /analytics/discriminability shows (the verified pairs, score separation per
// criterion subset and per query, proxy accuracy, every criterion's met counts and flags) versus one hand-written SQL
// statement computing the same counts, over 10,000 reviewer-verified pairs at scale 1 (10 criteria per query, a
// grading run and a proxy run's 20,000 predictions). The fixture is tools/fixtures/discriminability.ts. The page reads
// them through readDiscriminability, which stores them until a table they read changes (lib/analytics/snapshots.ts):
// each app iteration first runs a statement on an input table, then reads the figures twice, timing the recompute
// (what the first visit after a change waits for) and the page opened again with nothing changed (the stored figures).
import type pg from 'pg';
import type { Discriminability } from '@/lib/discriminability/compute-discriminability';
import { readDiscriminability } from '@/lib/discriminability/read-discriminability';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { percentile } from '@/tools/bench/percentile';
import type { SeededDiscriminability } from '@/tools/fixtures/discriminability';
import { seedVerifiedPairsFixture } from '@/tools/bench/verified-pairs-fixture';

const WARMUP = 1;
const ITERATIONS = 5;
/** The page opened with its inputs unchanged (the stored figures). */
const TARGET_OPEN_MS = 1000;
const TARGET_RATIO = 2;

/**
 * The raw side, one statement: reviewer-verified pairs of the dataset, each response's HealthBench score from the
 * run's grades, the pairs ordered correctly / tied / scored, the proxy predictions correct / tied / made, and the
 * criteria met by every response or none / more by the worse one. $1 dataset, $2 grading run, $3 proxy run.
 */
export const RAW_SQL = `
WITH rv AS (
  SELECT comparison_id, min(sign(preference))::int AS side FROM reviewer_judgments
   WHERE state = 'SUBMITTED' AND preference IS NOT NULL GROUP BY comparison_id
  HAVING min(sign(preference)) = max(sign(preference)) AND min(sign(preference)) <> 0),
pairs AS (
  SELECT c.query_id, CASE WHEN rv.side < 0 THEN c.response_a_id ELSE c.response_b_id END AS preferred,
         CASE WHEN rv.side < 0 THEN c.response_b_id ELSE c.response_a_id END AS other
    FROM rv JOIN pairwise_comparisons c ON c.id = rv.comparison_id JOIN queries q ON q.id = c.query_id WHERE q.dataset_id = $1),
scores AS (
  SELECT g.response_id, coalesce(sum(c.points) FILTER (WHERE g.met), 0) / nullif(sum(c.points) FILTER (WHERE c.points > 0), 0) AS s
    FROM grades g JOIN criteria c ON c.id = g.criterion_id
   WHERE g.run_id = $2 AND c.status <> 'REJECTED' AND g.response_id IN (SELECT preferred FROM pairs UNION SELECT other FROM pairs)
   GROUP BY g.response_id),
crit AS (
  SELECT c.points, count(*) AS n, count(*) FILTER (WHERE gp.met) AS mp, count(*) FILTER (WHERE go.met) AS mo
    FROM pairs p JOIN criteria c ON c.query_id = p.query_id AND c.status <> 'REJECTED'
    JOIN grades gp ON gp.run_id = $2 AND gp.response_id = p.preferred AND gp.criterion_id = c.id
    JOIN grades go ON go.run_id = $2 AND go.response_id = p.other AND go.criterion_id = c.id
   GROUP BY c.id)
SELECT 'separation' AS figure, count(*) FILTER (WHERE sp.s > so.s)::int AS a, count(*) FILTER (WHERE sp.s = so.s)::int AS b, count(*)::int AS n
  FROM pairs p JOIN scores sp ON sp.response_id = p.preferred JOIN scores so ON so.response_id = p.other
UNION ALL
SELECT 'proxy', count(*) FILTER (WHERE choice::text = CASE WHEN preferred_response_id = response_a_id THEN 'A' ELSE 'B' END)::int,
       count(*) FILTER (WHERE choice = 'TIE')::int, count(*)::int
  FROM proxy_predictions WHERE run_id = $3
UNION ALL
SELECT 'criteria', count(*) FILTER (WHERE mp + mo IN (0, 2 * n))::int,
       count(*) FILTER (WHERE (points > 0 AND mo > mp) OR (points < 0 AND mp > mo))::int, count(*)::int
  FROM crit`;

interface RawRow {
  figure: 'separation' | 'proxy' | 'criteria';
  a: number;
  b: number;
  n: number;
}

/** Where the app's figures differ from the raw statement's counts. */
export function compareWithRaw(app: Discriminability, raw: RawRow[]): string[] {
  const problems: string[] = [];
  const row = (figure: RawRow['figure']) => raw.find((r) => r.figure === figure);
  const all = app.groups.find((group) => group.key === 'all')?.judge;
  const judged = app.criteriaSummary.find((summary) => summary.source === 'judge');
  const pairs: [string, unknown, unknown][] = [
    [
      'separation',
      [all?.correct.count, all?.ties.count, all?.correct.n],
      [row('separation')?.a, row('separation')?.b, row('separation')?.n],
    ],
    [
      'proxy',
      [app.proxy?.accuracy.count, app.proxy?.ties.count, app.proxy?.accuracy.n],
      [row('proxy')?.a, row('proxy')?.b, row('proxy')?.n],
    ],
    [
      'criteria',
      [judged?.nonDiscriminating, judged?.inverted, judged?.examined],
      [row('criteria')?.a, row('criteria')?.b, row('criteria')?.n],
    ],
  ];
  for (const [what, mine, theirs] of pairs) {
    if (JSON.stringify(mine) !== JSON.stringify(theirs))
      problems.push(`${what}: app ${JSON.stringify(mine)}, raw ${JSON.stringify(theirs)}`);
  }
  return problems;
}

interface DiscriminabilityState {
  ctx: BenchContext;
  pool: pg.Pool;
  seeded: SeededDiscriminability;
  pairs: number;
  app?: Discriminability;
  raw?: RawRow[];
  /** Per iteration: the recompute after a change, and the page opened again (ms). */
  recomputeMs: number[];
  openMs: number[];
  /** What went wrong with the stored figures: served when an input had changed, not served when none had, or different. */
  snapshotProblems: string[];
}

export const discriminabilityOperation = defineOperation<DiscriminabilityState>({
  id: 'discriminability',
  title: 'Rubric discriminability (page figures): readDiscriminability, recomputed and stored, vs one hand-written SQL aggregation',
  setup: async (ctx) => {
    const { pool, pairs, seeded } = await seedVerifiedPairsFixture(ctx, {
      name: 'Bench: discriminability',
      criteria: ['follows', 'follows', 'follows', 'follows', 'follows', 'follows', 'random', 'random', 'always', 'inverted'],
      seed: ctx.seed,
      proxy: 'random',
    });
    ctx.log(
      `discriminability: ${pairs.toLocaleString('en')} verified pairs, grading run ${seeded.gradeRunId}, proxy run ${seeded.proxyRunId}`,
    );
    return { ctx, pool, seeded, pairs, recomputeMs: [], openMs: [], snapshotProblems: [] };
  },
  warmup: WARMUP,
  iterations: ITERATIONS,
  app: async (state, iteration) => {
    const settings = {
      datasetId: state.seeded.datasetId,
      gradeRunId: state.seeded.gradeRunId,
      proxyRunId: state.seeded.proxyRunId ?? undefined,
    };
    // A statement on a table the figures read (it sets the run's status to itself): the stored figures are stale.
    await state.pool.query('UPDATE judge_runs SET status = status WHERE id = $1', [state.seeded.gradeRunId]);
    const started = performance.now();
    const recomputed = await readDiscriminability(settings);
    const between = performance.now();
    const opened = await readDiscriminability(settings);
    state.recomputeMs[iteration] = between - started;
    state.openMs[iteration] = performance.now() - between;
    if (recomputed.stored) state.snapshotProblems.push(`iteration ${iteration}: stored figures served after an input changed`);
    if (!opened.stored) state.snapshotProblems.push(`iteration ${iteration}: figures recomputed with nothing changed`);
    if (JSON.stringify(opened.value) !== JSON.stringify(recomputed.value))
      state.snapshotProblems.push(`iteration ${iteration}: the stored figures differ from those just computed`);
    state.app = recomputed.value;
  },
  raw: async (state) => {
    state.raw = (await state.pool.query<RawRow>(RAW_SQL, [state.seeded.datasetId, state.seeded.gradeRunId, state.seeded.proxyRunId])).rows;
  },
  verify: async (state) => {
    if (!state.app || !state.raw) return ['a side did not run'];
    const problems = [...compareWithRaw(state.app, state.raw), ...state.snapshotProblems];
    if (state.app.pairs.total !== state.pairs)
      problems.push(`app found ${state.app.pairs.total} verified pairs, the fixture has ${state.pairs}`);
    return problems;
  },
  metrics: (timings, state) => [
    {
      id: 'discriminability-p50',
      label: `discriminability figures, ${state.pairs.toLocaleString('en')} verified pairs, recomputed after a change: p50 of ${ITERATIONS}`,
      unit: 'ms' as const,
      app: percentile(state.recomputeMs, 50),
      raw: percentile(timings.raw, 50),
    },
    {
      id: 'discriminability-open-p50',
      label: '  the page opened again, nothing changed (stored figures): p50',
      unit: 'ms' as const,
      app: percentile(state.openMs, 50),
      raw: percentile(timings.raw, 50),
    },
  ],
  targets: () => [
    { metric: 'discriminability-p50', maxRatio: TARGET_RATIO },
    { metric: 'discriminability-open-p50', maxValue: TARGET_OPEN_MS },
  ],
  teardown: async (state) => {
    await state.pool.end();
  },
});
