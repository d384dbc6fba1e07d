// (h) The judge measured against clinicians: computeMetaEvaluation (what /judge/runs/[id]/agreement shows: the
// judge's and every clinician's pair counts per category, per-query counts for the bootstrap intervals, the judge-
// only count, then the statistics) versus one hand-written SQL statement computing the same pair counts, over a
// grading run of 30,000 (response, criterion) items at scale 1, each with 3 physician labels. The fixture is
// written in SQL (untimed): queries of 10 criteria and one response, the judge's and the physicians' labels from
// deterministic dice around a per-item truth (judge right 85% of the time, each physician 90%).
import pg from 'pg';
import { computeMetaEvaluation, type MetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { type PairCounts, pairwiseF1FromCounts } from '@/lib/stats';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { percentile } from '@/tools/bench/percentile';

const ITEMS_AT_SCALE_1 = 30_000;
const CRITERIA_PER_QUERY = 10;
const PHYSICIANS = ['ph-1', 'ph-2', 'ph-3', 'ph-4', 'ph-5', 'ph-6'];
const CATEGORIES = ['cluster_emergency', 'cluster_context', 'cluster_hedging', 'cluster_communication'];
const WARMUP = 1;
const ITERATIONS = 7;
const TARGET_MS = 1000;
const TARGET_RATIO = 2;

type Queryable = Pick<pg.ClientBase, 'query'>;

/** A per-mille die from an integer SQL expression, independent per salt and seed. */
const dice = (expression: string, seed: number, salt: number) =>
  `(((hashint4(hashint4(${expression}) # ${(seed * 16 + salt) | 0})::bigint + 2147483648) % 1000)::int)`;

export interface GradedRun {
  runId: number;
  datasetId: number;
  items: number;
  labels: number;
}

/** A dataset of `items` graded items with 3 physician labels each (of 6 physicians) and a grading run, in SQL. */
export async function buildGradedRun(db: Queryable, { items, seed }: { items: number; seed: number }): Promise<GradedRun> {
  const queries = Math.ceil(items / CRITERIA_PER_QUERY);
  const dataset = await db.query<{ id: number }>(`INSERT INTO datasets (name) VALUES ('Bench: meta-evaluation') RETURNING id`);
  const datasetId = dataset.rows[0]?.id as number;
  await db.query(
    `INSERT INTO queries (dataset_id, external_id, category, conversation, turn_count, content_hash)
     SELECT $1, 'meta-q' || n, 'CLINICAL_CARE', jsonb_build_array(jsonb_build_object('role', 'user', 'content', 'Question ' || n)), 1, md5(n::text)
       FROM generate_series(1, $2) AS n`,
    [datasetId, queries],
  );
  await db.query(
    `INSERT INTO responses (query_id, external_id, source_label, content, content_hash)
     SELECT q.id, 'r1', 'bench-model-' || (q.id % 3), 'Answer ' || q.external_id, md5(q.external_id) FROM queries q WHERE q.dataset_id = $1`,
    [datasetId],
  );
  await db.query(
    `INSERT INTO criteria (dataset_id, query_id, category, key, position, title, description, tier, points, tags, content_hash)
     SELECT $1, q.id, 'CLINICAL_CARE', 'c' || p, p, 'Criterion ' || p, 'Criterion ' || p || ' of ' || q.external_id, 'IMPORTANT', 5,
            ARRAY['axis:' || (ARRAY['accuracy', 'completeness', 'communication'])[1 + p % 3]], md5(q.external_id || p)
       FROM queries q CROSS JOIN generate_series(0, $2 - 1) AS p WHERE q.dataset_id = $1`,
    [datasetId, CRITERIA_PER_QUERY],
  );
  const run = await db.query<{ id: number }>(
    `INSERT INTO judge_runs (kind, status, params, scope, prompt_template, prompt_version)
     VALUES ('GRADE', 'SUCCEEDED', '{}', '{}', 'grade', 'v1') RETURNING id`,
  );
  const runId = run.rows[0]?.id as number;
  const truth = `${dice('c.id', seed, 1)} < 550`;
  const graded = await db.query(
    `INSERT INTO grades (run_id, response_id, criterion_id, met, points_awarded, explanation)
     SELECT $1, r.id, c.id, (${truth}) = (${dice('c.id', seed, 2)} < 850), 0, 'bench'
       FROM criteria c JOIN responses r ON r.query_id = c.query_id WHERE c.dataset_id = $2
      ORDER BY c.id LIMIT $3`,
    [runId, datasetId, items],
  );
  const labels = await db.query(
    `INSERT INTO clinician_grades (response_id, criterion_id, criterion_revision, met, source, physician_id, category, updated_at)
     SELECT g.response_id, g.criterion_id, 0, (${truth}) = (${dice('c.id * 8 + j', seed, 3)} < 900), 'IMPORTED',
            ($2::text[])[1 + (c.id + j * 2) % cardinality($2::text[])], ($3::text[])[1 + c.query_id % cardinality($3::text[])], now()
       FROM grades g JOIN criteria c ON c.id = g.criterion_id CROSS JOIN generate_series(0, 2) AS j
      WHERE g.run_id = $1`,
    [runId, PHYSICIANS, CATEGORIES],
  );
  await db.query('ANALYZE grades; ANALYZE clinician_grades; ANALYZE responses; ANALYZE criteria; ANALYZE queries');
  return { runId, datasetId, items: graded.rowCount ?? 0, labels: labels.rowCount ?? 0 };
}

/**
 * The raw side: one statement, the judge's pair counts (physician NULL) and each physician's against the others on
 * the same item, per category and in total. $1 run.
 */
export const RAW_SQL = `
SELECT COALESCE(cg.category, '') AS category, NULL::text AS physician_id,
       count(*) FILTER (WHERE g.met AND cg.met)::int AS tp, count(*) FILTER (WHERE g.met AND NOT cg.met)::int AS fp,
       count(*) FILTER (WHERE NOT g.met AND cg.met)::int AS fn, count(*) FILTER (WHERE NOT g.met AND NOT cg.met)::int AS tn
  FROM grades g JOIN clinician_grades cg ON cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id
 WHERE g.run_id = $1 AND g.met IS NOT NULL
 GROUP BY GROUPING SETS ((cg.category), ())
UNION ALL
SELECT COALESCE(x.category, ''), x.physician_id,
       sum(CASE WHEN x.met THEN x.others_met ELSE 0 END)::int, sum(CASE WHEN x.met THEN x.others_not ELSE 0 END)::int,
       sum(CASE WHEN x.met THEN 0 ELSE x.others_met END)::int, sum(CASE WHEN x.met THEN 0 ELSE x.others_not END)::int
  FROM (SELECT cg.physician_id, cg.met, cg.category,
               count(*) FILTER (WHERE o.met AND o.physician_id <> cg.physician_id) AS others_met,
               count(*) FILTER (WHERE NOT o.met AND o.physician_id <> cg.physician_id) AS others_not
          FROM grades g
          JOIN clinician_grades cg ON cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id
          JOIN clinician_grades o ON o.response_id = g.response_id AND o.criterion_id = g.criterion_id
         WHERE g.run_id = $1 AND g.met IS NOT NULL
         GROUP BY cg.id, cg.physician_id, cg.met, cg.category) x
 GROUP BY GROUPING SETS ((x.category, x.physician_id), (x.physician_id))`;

interface RawRow extends PairCounts {
  category: string;
  physician_id: string | null;
}

/**
 * Where the app's figures differ from the raw statement's counts: the judge's counts and balanced F1 in total and
 * per category, and each physician's total counts. Grouping sets give the totals category '' (no category is empty).
 */
export function compareWithRaw(evaluation: MetaEvaluation, raw: RawRow[]): string[] {
  const problems: string[] = [];
  const same = (what: string, app: PairCounts, expected: PairCounts | undefined) => {
    const counts = { tp: app.tp, fp: app.fp, fn: app.fn, tn: app.tn };
    const want = expected ? { tp: expected.tp, fp: expected.fp, fn: expected.fn, tn: expected.tn } : undefined;
    if (JSON.stringify(counts) !== JSON.stringify(want))
      problems.push(`${what}: app ${JSON.stringify(counts)}, raw ${JSON.stringify(want)}`);
    else if (pairwiseF1FromCounts(counts).balancedF1.value !== pairwiseF1FromCounts(want as PairCounts).balancedF1.value)
      problems.push(`${what}: balanced F1 differs`);
  };
  same(
    'judge, total',
    evaluation.total.judge.counts,
    raw.find((r) => r.physician_id === null && r.category === ''),
  );
  for (const group of evaluation.breakdowns.category)
    same(
      `judge, ${group.key}`,
      group.judge.counts,
      raw.find((r) => r.physician_id === null && r.category === group.key),
    );
  for (const { rater, result } of evaluation.total.ceiling.perRater)
    same(
      `physician ${rater}`,
      result.counts,
      raw.find((r) => r.physician_id === rater && r.category === ''),
    );
  return problems;
}

interface MetaEvalState {
  ctx: BenchContext;
  pool: pg.Pool;
  run: GradedRun;
  app?: MetaEvaluation;
  raw?: RawRow[];
}

export const metaEvalOperation = defineOperation<MetaEvalState>({
  id: 'meta-eval',
  title: 'The judge vs clinicians (agreement page data): computeMetaEvaluation vs one hand-written SQL aggregation',
  setup: async (ctx) => {
    const pool = new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: 2 });
    const items = Math.max(100, Math.round(ITEMS_AT_SCALE_1 * ctx.scale));
    const run = await buildGradedRun(pool, { items, seed: ctx.seed });
    ctx.log(
      `meta-eval: run ${run.runId}, ${run.items.toLocaleString('en')} graded items, ${run.labels.toLocaleString('en')} physician labels`,
    );
    return { ctx, pool, run };
  },
  warmup: WARMUP,
  iterations: ITERATIONS,
  app: async (state) => {
    state.app = await computeMetaEvaluation({ runId: state.run.runId });
  },
  raw: async (state) => {
    state.raw = (await state.pool.query<RawRow>(RAW_SQL, [state.run.runId])).rows;
  },
  verify: async (state) => {
    if (!state.app || !state.raw) return ['a side did not run'];
    const problems = compareWithRaw(state.app, state.raw);
    if (state.app.total.items !== state.run.items)
      problems.push(`app counted ${state.app.total.items} items, the fixture has ${state.run.items}`);
    return problems;
  },
  metrics: (timings, state) => [
    {
      id: 'meta-eval-p50',
      label: `agreement page data, ${state.run.items.toLocaleString('en')} items × 3 labels: p50 of ${ITERATIONS}`,
      unit: 'ms' as const,
      app: percentile(timings.app, 50),
      raw: percentile(timings.raw, 50),
    },
  ],
  targets: () => [
    { metric: 'meta-eval-p50', maxRatio: TARGET_RATIO },
    { metric: 'meta-eval-p50', maxValue: TARGET_MS },
  ],
  teardown: async (state) => {
    await state.pool.end();
  },
});
