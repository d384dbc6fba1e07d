// (k) Judge bias diagnostics: what /judge/endpoints/[id]/diagnostics computes (the verified pairs, then
// computeJudgeDiagnostics: length preference conditioned on the humans' choice, the binned information of preference
// and length beside the humans', self-preference, position, each with its bootstrap interval over queries) versus
// one hand-written SQL statement computing the same point counts (per pair the judge's scores and the lengths, then
// the conditional tallies and the length-bin × preference table), over 10,000 reviewer-verified pairs at scale 1 (the
// discriminability bench's fixture, response lengths varied, its grading run attached to one endpoint). The app
// also draws 1,000 bootstrap resamples per figure, which the raw statement does not: that is the app's extra work.
import type pg from 'pg';
import { listVerifiedPairs } from '@/lib/discriminability/verified-pairs';
import { computeJudgeDiagnostics, type JudgeDiagnostics } from '@/lib/judge-bias/compute-judge-diagnostics';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { percentile } from '@/tools/bench/percentile';
import { seedVerifiedPairsFixture } from '@/tools/bench/verified-pairs-fixture';

const ITERATIONS = 5;

/**
 * $1 the grading run. Per verified pair (reviewers agree), each response's HealthBench score from the run's grades
 * (criterion revisions' points) and its length; then, among pairs of unequal length, the judge's choice under each
 * human condition (the longer preferred or not), and the pairs per length-ratio bin and judge choice.
 */
const RAW_SQL = `
WITH rv AS (
  SELECT comparison_id, min(sign(preference))::int AS side FROM reviewer_judgments
   WHERE state = 'SUBMITTED' AND preference IS NOT NULL GROUP BY comparison_id
  HAVING min(sign(preference)) = max(sign(preference)) AND min(sign(preference)) <> 0),
pairs AS (
  SELECT c.query_id, CASE WHEN rv.side < 0 THEN c.response_a_id ELSE c.response_b_id END AS preferred,
         CASE WHEN rv.side < 0 THEN c.response_b_id ELSE c.response_a_id END AS other
    FROM rv JOIN pairwise_comparisons c ON c.id = rv.comparison_id),
scores AS (
  SELECT g.response_id, sum(CASE WHEN g.met THEN cr.points ELSE 0 END) / nullif(sum(GREATEST(cr.points, 0)), 0) AS s
    FROM grades g JOIN criterion_revisions cr ON cr.criterion_id = g.criterion_id AND cr.revision = g.criterion_revision
   WHERE g.run_id = $1 GROUP BY g.response_id),
judged AS (
  SELECT p.query_id, length(rp.content) AS lp, length(ro.content) AS lo,
         CASE WHEN sp.s > so.s THEN 1 WHEN sp.s < so.s THEN -1 ELSE 0 END AS judge
    FROM pairs p JOIN scores sp ON sp.response_id = p.preferred JOIN scores so ON so.response_id = p.other
    JOIN responses rp ON rp.id = p.preferred JOIN responses ro ON ro.id = p.other),
tallies AS (
  SELECT (lp > lo) AS human_longer,
         count(*) FILTER (WHERE (judge = 1) = (lp > lo) AND judge <> 0)::int AS judge_longer,
         count(*) FILTER (WHERE (judge = 1) <> (lp > lo) AND judge <> 0)::int AS judge_shorter,
         count(*) FILTER (WHERE judge = 0)::int AS ties
    FROM judged WHERE lp <> lo GROUP BY 1),
bins AS (
  SELECT width_bucket(log(2, lp::numeric / lo), ARRAY[-1, -0.5, -0.25, 0.25, 0.5, 1]::numeric[]) AS bin, judge, count(*)::int AS n
    FROM judged GROUP BY 1, 2)
SELECT 'tally' AS kind, human_longer::int AS a, judge_longer AS b, judge_shorter AS c, ties AS d FROM tallies
UNION ALL
SELECT 'bin', bin, judge, n, 0 FROM bins`;

interface RawRow {
  kind: 'tally' | 'bin';
  a: number;
  b: number;
  c: number;
  d: number;
}

interface DiagnosticsState {
  ctx: BenchContext;
  pool: pg.Pool;
  endpointId: number;
  gradeRunId: number;
  pairs: number;
  app?: JudgeDiagnostics;
  raw?: RawRow[];
}

export const judgeDiagnosticsOperation = defineOperation<DiagnosticsState>({
  id: 'judge-diagnostics',
  title: 'Judge bias diagnostics (page figures): verified pairs + computeJudgeDiagnostics vs one hand-written SQL aggregation',
  setup: async (ctx) => {
    const { pool, pairs, seeded } = await seedVerifiedPairsFixture(ctx, {
      name: 'Bench: judge diagnostics',
      criteria: ['follows', 'follows', 'follows', 'random', 'random', 'random', 'random', 'always', 'never', 'inverted'],
      seed: ctx.seed + 1,
    });
    // Lengths from 20 to 275 words, independent of which response the humans preferred.
    await pool.query(`UPDATE responses SET content = repeat('word ', 20 + (hashint4(id + $2) & 255)) WHERE query_id = ANY($1::int[])`, [
      seeded.queryIds,
      ctx.seed,
    ]);
    const endpoint = await pool.query<{ id: number }>(
      `INSERT INTO judge_endpoints (name, base_url, model) VALUES ('Bench judge (diagnostics)', 'http://127.0.0.1:9/v1', 'bench-judge')
       RETURNING id`,
    );
    const endpointId = endpoint.rows[0]?.id as number;
    await pool.query('INSERT INTO judge_run_endpoints (run_id, endpoint_id) VALUES ($1, $2)', [seeded.gradeRunId, endpointId]);
    await pool.query('ANALYZE responses, grades, reviewer_judgments, pairwise_comparisons');
    ctx.log(`judge-diagnostics: ${pairs.toLocaleString('en')} verified pairs, grading run ${seeded.gradeRunId}, endpoint ${endpointId}`);
    return { ctx, pool, endpointId, gradeRunId: seeded.gradeRunId, pairs };
  },
  warmup: 1,
  iterations: ITERATIONS,
  app: async (state) => {
    state.app = await computeJudgeDiagnostics({ endpointId: state.endpointId, pairs: await listVerifiedPairs() });
  },
  raw: async (state) => {
    state.raw = (await state.pool.query<RawRow>(RAW_SQL, [state.gradeRunId])).rows;
  },
  verify: async (state) => {
    if (!state.app || !state.raw) return ['a side did not run'];
    const grades = state.app.sources.find((source) => source.source === 'grades');
    if (!grades) return ['the app reported no grades source'];
    const tally = (humanLonger: number) => state.raw?.find((row) => row.kind === 'tally' && row.a === humanLonger);
    // The app's "marked" side is the longer response: humanMarked = the humans preferred the longer one.
    const mine = [grades.length.humanMarked, grades.length.humanOther].map((t) => [t.judgeMarked, t.judgeOther, t.ties]);
    const theirs = [tally(1), tally(0)].map((t) => [t?.b, t?.c, t?.d]);
    const problems: string[] = [];
    if (JSON.stringify(mine) !== JSON.stringify(theirs))
      problems.push(`length tallies: app ${JSON.stringify(mine)}, raw ${JSON.stringify(theirs)}`);
    if (state.app.verifiedPairs < state.pairs)
      problems.push(`app found ${state.app.verifiedPairs} verified pairs, the fixture has ${state.pairs}`);
    return problems;
  },
  metrics: (timings, state) => [
    {
      id: 'judge-diagnostics-p50',
      label: `judge bias diagnostics, ${state.pairs.toLocaleString('en')} verified pairs: p50 of ${ITERATIONS}`,
      unit: 'ms' as const,
      app: percentile(timings.app, 50),
      raw: percentile(timings.raw, 50),
    },
  ],
  targets: () => [
    { metric: 'judge-diagnostics-p50', maxRatio: 2 },
    { metric: 'judge-diagnostics-p50', maxValue: 1000 },
  ],
  teardown: async (state) => {
    await state.pool.end();
  },
});
