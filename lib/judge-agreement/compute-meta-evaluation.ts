// HealthBench's meta-evaluation of one grading run: on the (response, criterion) items that the run graded met /
// not met and that clinicians graded too, the judge's pairwise precision/recall/F1 against every clinician label,
// the clinicians' leave-one-out ceiling on the same items, and the judge against the clinicians' majority
// (confusion matrix, Cohen's κ); overall and per category, tier, axis/theme tag and model. The pair counts are
// aggregated in SQL (one statement per figure set); lib/stats finishes the statistics from the counts.
import 'server-only';
import { pgPool } from '@/lib/db';
import { AGREEMENT_BREAKDOWNS, type AgreementBreakdown, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '@/lib/judge-agreement/schemas';
import {
  bootstrapInterval,
  confusionFromTable,
  type LeaveOneOutResult,
  leaveOneOutFromCounts,
  type MajorityConfusion,
  type PairCounts,
  type PairwiseF1Result,
  pairwiseF1FromCounts,
  wilsonInterval,
} from '@/lib/stats';

export interface AgreementFigures {
  /** The judge against every clinician label of the items (HealthBench's pairwise_model_*). */
  judge: PairwiseF1Result;
  /** Each clinician against the others on the same items (pairwise_physician_*), and their mean balanced F1. */
  ceiling: LeaveOneOutResult;
  items: number;
  /** True when both are defined and the judge's balanced F1 is above the clinicians' mean. */
  aboveCeiling: boolean;
}

export interface GroupFigures extends AgreementFigures {
  key: string;
}

export interface MetaEvaluation {
  runId: number;
  total: AgreementFigures & {
    labels: number;
    queries: number;
    clinicians: number;
    /** 95% cluster-bootstrap interval of the judge's balanced F1, resampling queries. */
    balancedF1Interval: [number, number];
  };
  majority: MajorityConfusion & {
    /** 95% cluster-bootstrap interval of κ, resampling queries. */
    kappaInterval: [number, number];
    /** 95% Wilson interval of the agreement rate. TODO(issue 20): clusterWilsonInterval with clusters = queries. */
    agreementInterval: [number, number];
  };
  breakdowns: Record<AgreementBreakdown, GroupFigures[]>;
  /** Items the run graded met / not met that no clinician graded (not in the figures). */
  judgeOnlyItems: number;
}

export interface MetaEvaluationScope {
  runId: number;
  datasetId?: number | undefined;
  /** Only criteria of this audit campaign (the dashboard's campaign scope). */
  campaignId?: number | undefined;
  /** Only the items this other grading run graded met / not met too (an A/B comparison on the same items). */
  pairedWithRunId?: number | undefined;
}

/**
 * The run's graded items that clinicians graded too, and their clinician labels with each item's label counts.
 * $1 run, $2 dataset or null, $3 campaign or null, $4 the other run of an A/B comparison or null.
 */
const LABELS_CTE = `
items AS (
  SELECT g.response_id, g.criterion_id, g.met AS judge, r.query_id, r.source_label AS model, c.tier::text AS tier,
         c.tags || q.tags AS tags, q.category::text AS query_category
    FROM grades g
    JOIN responses r ON r.id = g.response_id
    JOIN criteria c ON c.id = g.criterion_id
    JOIN queries q ON q.id = r.query_id
   WHERE g.run_id = $1 AND g.met IS NOT NULL
     AND ($2::int IS NULL OR q.dataset_id = $2)
     AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = $3 AND cc.criterion_id = g.criterion_id))
     AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM grades o WHERE o.run_id = $4 AND o.response_id = g.response_id
                                      AND o.criterion_id = g.criterion_id AND o.met IS NOT NULL))),
labels AS (
  SELECT i.*, cg.physician_id, cg.met, COALESCE(cg.category, i.query_category) AS category,
         count(*) FILTER (WHERE cg.met) OVER item AS item_met, count(*) OVER item AS item_n
    FROM items i JOIN clinician_grades cg ON cg.response_id = i.response_id AND cg.criterion_id = i.criterion_id
  WINDOW item AS (PARTITION BY i.response_id, i.criterion_id))`;

/**
 * Pair counts per (breakdown, key): the judge's (physician_id NULL) and each clinician's against the others on
 * the item (tp = self met × others met, ...). A tag is an axis:* or theme:* tag of the criterion or its query.
 */
const COUNTS_SQL = `
WITH ${LABELS_CTE},
keyed AS (
  SELECT l.*, d.breakdown, d.key FROM labels l
  CROSS JOIN LATERAL (
    SELECT 'total', '' UNION ALL SELECT 'category', l.category UNION ALL SELECT 'tier', l.tier UNION ALL SELECT 'model', l.model
    UNION ALL SELECT DISTINCT 'tag', t FROM unnest(l.tags) AS t WHERE t LIKE 'axis:%' OR t LIKE 'theme:%') AS d(breakdown, key))
SELECT breakdown, key, NULL AS physician_id,
       count(*) FILTER (WHERE judge AND met)::int AS tp, count(*) FILTER (WHERE judge AND NOT met)::int AS fp,
       count(*) FILTER (WHERE NOT judge AND met)::int AS fn, count(*) FILTER (WHERE NOT judge AND NOT met)::int AS tn,
       count(DISTINCT (response_id, criterion_id))::int AS items, count(DISTINCT query_id)::int AS queries
  FROM keyed GROUP BY breakdown, key
UNION ALL
SELECT breakdown, key, physician_id,
       sum(CASE WHEN met THEN item_met - 1 ELSE 0 END)::int, sum(CASE WHEN met THEN item_n - item_met ELSE 0 END)::int,
       sum(CASE WHEN met THEN 0 ELSE item_met END)::int, sum(CASE WHEN met THEN 0 ELSE item_n - item_met - 1 END)::int, 0, 0
  FROM keyed GROUP BY breakdown, key, physician_id`;

/** Per query: the judge's pair counts and its 2 × 2 table against the clinicians' majority (for the cluster bootstrap). */
const PER_QUERY_SQL = `
WITH ${LABELS_CTE},
per_item AS (
  SELECT query_id, judge, count(*) FILTER (WHERE met) AS met, count(*) FILTER (WHERE NOT met) AS not_met
    FROM labels GROUP BY query_id, response_id, criterion_id, judge)
SELECT query_id,
       sum(CASE WHEN judge THEN met ELSE 0 END)::int AS tp, sum(CASE WHEN judge THEN not_met ELSE 0 END)::int AS fp,
       sum(CASE WHEN judge THEN 0 ELSE met END)::int AS fn, sum(CASE WHEN judge THEN 0 ELSE not_met END)::int AS tn,
       count(*) FILTER (WHERE judge AND met > not_met)::int AS mm, count(*) FILTER (WHERE judge AND met < not_met)::int AS mn,
       count(*) FILTER (WHERE NOT judge AND met > not_met)::int AS nm, count(*) FILTER (WHERE NOT judge AND met < not_met)::int AS nn,
       count(*) FILTER (WHERE met = not_met)::int AS ties
  FROM per_item GROUP BY query_id`;

const JUDGE_ONLY_SQL = `
SELECT count(*)::int AS n FROM grades g JOIN responses r ON r.id = g.response_id JOIN queries q ON q.id = r.query_id
 WHERE g.run_id = $1 AND g.met IS NOT NULL
   AND ($2::int IS NULL OR q.dataset_id = $2)
   AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = $3 AND cc.criterion_id = g.criterion_id))
   AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM grades o WHERE o.run_id = $4 AND o.response_id = g.response_id
                                    AND o.criterion_id = g.criterion_id AND o.met IS NOT NULL))
   AND NOT EXISTS (SELECT 1 FROM clinician_grades cg WHERE cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id)`;

interface CountRow extends PairCounts {
  breakdown: 'total' | AgreementBreakdown;
  key: string;
  physician_id: string | null;
  items: number;
  queries: number;
}

interface QueryRow extends PairCounts {
  query_id: number;
  mm: number;
  mn: number;
  nm: number;
  nn: number;
  ties: number;
}

function figuresOf(rows: CountRow[]): AgreementFigures & { queries: number; clinicians: number } {
  const judgeRow = rows.find((row) => row.physician_id === null);
  const judge = pairwiseF1FromCounts(judgeRow ?? { tp: 0, fp: 0, fn: 0, tn: 0 });
  const clinicianCounts = new Map(rows.flatMap((row) => (row.physician_id === null ? [] : [[row.physician_id, row] as const])));
  const ceiling = leaveOneOutFromCounts(clinicianCounts);
  const j = judge.balancedF1.value;
  return {
    judge,
    ceiling,
    items: judgeRow?.items ?? 0,
    queries: judgeRow?.queries ?? 0,
    clinicians: clinicianCounts.size,
    aboveCeiling: !Number.isNaN(j) && !Number.isNaN(ceiling.mean) && j > ceiling.mean,
  };
}

const sumCounts = (rows: readonly PairCounts[]): PairCounts =>
  rows.reduce((sum, row) => ({ tp: sum.tp + row.tp, fp: sum.fp + row.fp, fn: sum.fn + row.fn, tn: sum.tn + row.tn }), {
    tp: 0,
    fp: 0,
    fn: 0,
    tn: 0,
  });

const tableOf = (rows: readonly QueryRow[]): [[number, number], [number, number]] => {
  const t = rows.reduce((sum, row) => ({ mm: sum.mm + row.mm, mn: sum.mn + row.mn, nm: sum.nm + row.nm, nn: sum.nn + row.nn }), {
    mm: 0,
    mn: 0,
    nm: 0,
    nn: 0,
  });
  return [
    [t.mm, t.mn],
    [t.nm, t.nn],
  ];
};

export async function computeMetaEvaluation({
  runId,
  datasetId,
  campaignId,
  pairedWithRunId,
}: MetaEvaluationScope): Promise<MetaEvaluation> {
  const parameters = [runId, datasetId ?? null, campaignId ?? null, pairedWithRunId ?? null];
  const pool = pgPool();
  const [counts, perQuery, judgeOnly] = await Promise.all([
    pool.query<CountRow>(COUNTS_SQL, parameters),
    pool.query<QueryRow>(PER_QUERY_SQL, parameters),
    pool.query<{ n: number }>(JUDGE_ONLY_SQL, parameters),
  ]);
  const groups = new Map<string, CountRow[]>();
  for (const row of counts.rows) {
    const id = `${row.breakdown}\u0000${row.key}`;
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  const breakdowns = Object.fromEntries(AGREEMENT_BREAKDOWNS.map((b) => [b, [] as GroupFigures[]])) as Record<
    AgreementBreakdown,
    GroupFigures[]
  >;
  let totalRows: CountRow[] = [];
  for (const rows of groups.values()) {
    const first = rows[0] as CountRow;
    if (first.breakdown === 'total') totalRows = rows;
    else breakdowns[first.breakdown].push({ key: first.key, ...figuresOf(rows) });
  }
  for (const list of Object.values(breakdowns)) list.sort((a, b) => b.items - a.items || a.key.localeCompare(b.key));
  const total = figuresOf(totalRows);
  const queries = perQuery.rows;
  const table = tableOf(queries);
  const ties = queries.reduce((sum, row) => sum + row.ties, 0);
  const majority = confusionFromTable(table, ties);
  const agreed = table[0][0] + table[1][1];
  const decided = agreed + table[0][1] + table[1][0];
  const bootstrap = { seed: BOOTSTRAP_SEED, resamples: BOOTSTRAP_RESAMPLES };
  return {
    runId,
    total: {
      ...total,
      labels: totalRows.filter((row) => row.physician_id === null).reduce((sum, row) => sum + row.tp + row.fp + row.fn + row.tn, 0),
      balancedF1Interval: bootstrapInterval(queries, (sample) => pairwiseF1FromCounts(sumCounts(sample)).balancedF1.value, bootstrap),
    },
    majority: {
      ...majority,
      kappaInterval: bootstrapInterval(queries, (sample) => confusionFromTable(tableOf(sample), 0).kappa, bootstrap),
      agreementInterval: wilsonInterval(agreed, decided),
    },
    breakdowns,
    judgeOnlyItems: judgeOnly.rows[0]?.n ?? 0,
  };
}
