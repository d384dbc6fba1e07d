// HealthBench's meta-evaluation of one grading run: on the (response, criterion) items that the run graded met /
// not met and that clinicians graded too, the judge's pairwise precision/recall/F1 against every clinician label,
// the clinicians' leave-one-out ceiling on the same items, and the judge against the clinicians' majority
// (confusion matrix, Cohen's κ); overall and per category, tier, axis/theme tag and model. SQL gathers each item's
// labels in one statement (one row per item); Node counts the pairs and lib/stats finishes the statistics.
import 'server-only';
import { pgPool } from '@/lib/db';
import { AGREEMENT_BREAKDOWNS, type AgreementBreakdown, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '@/lib/judge-agreement/schemas';
import {
  clusterBootstrapIntervals,
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

/** The scope of the items: $1 run, $2 dataset or null, $3 campaign or null, $4 the other run of an A/B comparison or null. */
const SCOPE_SQL = `
g.run_id = $1 AND g.met IS NOT NULL
   AND ($2::int IS NULL OR q.dataset_id = $2)
   AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = $3 AND cc.criterion_id = g.criterion_id))
   AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM grades o WHERE o.run_id = $4 AND o.response_id = g.response_id
                                    AND o.criterion_id = g.criterion_id AND o.met IS NOT NULL))`;

/**
 * One row per item the run graded met / not met that clinicians graded too: the judge's label, the clinicians'
 * labels in physician order, and what the breakdowns group it by (the file's category of the item, else the query's;
 * the tags of the criterion and its query, of which the axis:/theme: ones group). Node counts the pairs from these
 * (30,000 items: 30,000 rows).
 */
const ITEMS_SQL = `
WITH labelled AS (
  -- Two aggregates of one group read its rows in the same order, so physicians[i] gave labels[i].
  SELECT g.id, g.met AS judge, g.response_id, g.criterion_id, min(cg.category) AS category,
         array_agg(cg.physician_id) AS physicians, array_agg(cg.met) AS labels
    FROM grades g JOIN clinician_grades cg ON cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id
   WHERE g.run_id = $1 AND g.met IS NOT NULL
     AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM grades o WHERE o.run_id = $4 AND o.response_id = g.response_id
                                      AND o.criterion_id = g.criterion_id AND o.met IS NOT NULL))
   GROUP BY g.id)
SELECT l.judge, r.query_id, r.source_label AS model, c.tier::text AS tier, COALESCE(l.category, q.category::text) AS category,
       c.tags || q.tags AS tags, l.physicians, l.labels
  FROM labelled l
  JOIN responses r ON r.id = l.response_id
  JOIN criteria c ON c.id = l.criterion_id
  JOIN queries q ON q.id = r.query_id
 WHERE ($2::int IS NULL OR q.dataset_id = $2)
   AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = $3 AND cc.criterion_id = l.criterion_id))`;

const JUDGE_ONLY_SQL = `
SELECT count(*)::int AS n FROM grades g JOIN responses r ON r.id = g.response_id JOIN queries q ON q.id = r.query_id
 WHERE ${SCOPE_SQL}
   AND NOT EXISTS (SELECT 1 FROM clinician_grades cg WHERE cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id)`;

/** The tags the breakdown groups by: HealthBench's axis and theme tags. */
const GROUPED_TAG = /^(axis|theme):/;

interface ItemRow {
  judge: boolean;
  query_id: number;
  model: string;
  tier: string;
  category: string;
  tags: string[];
  physicians: string[];
  labels: boolean[];
}

/** The pair counts of one group: the judge's, each clinician's (leave-one-out), its items and queries. */
interface Tally {
  judge: PairCounts;
  clinicians: Map<string, PairCounts>;
  items: number;
  queries: Set<number>;
}

const zero = (): PairCounts => ({ tp: 0, fp: 0, fn: 0, tn: 0 });

/** Adds `self` against `metOthers` met and `notOthers` not-met labels of the same item. */
function addAgainst(counts: PairCounts, self: boolean, metOthers: number, notOthers: number): void {
  if (self) {
    counts.tp += metOthers;
    counts.fp += notOthers;
  } else {
    counts.fn += metOthers;
    counts.tn += notOthers;
  }
}

function tallyItem(tally: Tally, item: ItemRow, met: number, notMet: number): void {
  tally.items++;
  tally.queries.add(item.query_id);
  addAgainst(tally.judge, item.judge, met, notMet);
  item.labels.forEach((label, i) => {
    const physician = item.physicians[i] as string;
    let counts = tally.clinicians.get(physician);
    if (!counts) {
      counts = zero();
      tally.clinicians.set(physician, counts);
    }
    addAgainst(counts, label, met - (label ? 1 : 0), notMet - (label ? 0 : 1));
  });
}

function figuresOf(tally: Tally | undefined): AgreementFigures & { queries: number; clinicians: number } {
  const judge = pairwiseF1FromCounts(tally?.judge ?? zero());
  const ceiling = leaveOneOutFromCounts(tally?.clinicians ?? new Map());
  const j = judge.balancedF1.value;
  return {
    judge,
    ceiling,
    items: tally?.items ?? 0,
    queries: tally?.queries.size ?? 0,
    clinicians: tally?.clinicians.size ?? 0,
    aboveCeiling: !Number.isNaN(j) && !Number.isNaN(ceiling.mean) && j > ceiling.mean,
  };
}

/** Per query, the judge's pair counts and its 2 × 2 table against the majority, in columns (for the bootstrap). */
interface PerQuery {
  index: Map<number, number>;
  counts: Int32Array[];
}

const COLUMNS = { tp: 0, fp: 1, fn: 2, tn: 3, mm: 4, mn: 5, nm: 6, nn: 7, ties: 8 } as const;

const countsOf = (s: ArrayLike<number>): PairCounts => ({
  tp: s[COLUMNS.tp] ?? 0,
  fp: s[COLUMNS.fp] ?? 0,
  fn: s[COLUMNS.fn] ?? 0,
  tn: s[COLUMNS.tn] ?? 0,
});
const tableOf = (s: ArrayLike<number>): [[number, number], [number, number]] => [
  [s[COLUMNS.mm] ?? 0, s[COLUMNS.mn] ?? 0],
  [s[COLUMNS.nm] ?? 0, s[COLUMNS.nn] ?? 0],
];

export async function computeMetaEvaluation({
  runId,
  datasetId,
  campaignId,
  pairedWithRunId,
}: MetaEvaluationScope): Promise<MetaEvaluation> {
  const parameters = [runId, datasetId ?? null, campaignId ?? null, pairedWithRunId ?? null];
  const pool = pgPool();
  const [items, judgeOnly] = await Promise.all([
    pool.query<ItemRow>(ITEMS_SQL, parameters),
    pool.query<{ n: number }>(JUDGE_ONLY_SQL, parameters),
  ]);
  const newTally = (): Tally => ({ judge: zero(), clinicians: new Map(), items: 0, queries: new Set() });
  const total = newTally();
  const groups = Object.fromEntries(AGREEMENT_BREAKDOWNS.map((b) => [b, new Map<string, Tally>()])) as Record<
    AgreementBreakdown,
    Map<string, Tally>
  >;
  const perQuery: PerQuery = { index: new Map(), counts: [] };
  let labels = 0;
  for (const item of items.rows) {
    const met = item.labels.filter(Boolean).length;
    const notMet = item.labels.length - met;
    labels += item.labels.length;
    tallyItem(total, item, met, notMet);
    const keys: [AgreementBreakdown, string][] = [
      ['category', item.category],
      ['tier', item.tier],
      ['model', item.model],
      ...[...new Set(item.tags.filter((tag) => GROUPED_TAG.test(tag)))].map((tag): [AgreementBreakdown, string] => ['tag', tag]),
    ];
    for (const [breakdown, key] of keys) {
      let tally = groups[breakdown].get(key);
      if (!tally) {
        tally = newTally();
        groups[breakdown].set(key, tally);
      }
      tallyItem(tally, item, met, notMet);
    }
    let q = perQuery.index.get(item.query_id);
    if (q === undefined) {
      q = perQuery.counts.length;
      perQuery.index.set(item.query_id, q);
      perQuery.counts.push(new Int32Array(9));
    }
    const row = perQuery.counts[q] as Int32Array;
    const pairs = item.judge ? [COLUMNS.tp, COLUMNS.fp] : [COLUMNS.fn, COLUMNS.tn];
    row[pairs[0] as number] = (row[pairs[0] as number] as number) + met;
    row[pairs[1] as number] = (row[pairs[1] as number] as number) + notMet;
    const cell =
      met === notMet ? COLUMNS.ties : item.judge ? (met > notMet ? COLUMNS.mm : COLUMNS.mn) : met > notMet ? COLUMNS.nm : COLUMNS.nn;
    row[cell] = (row[cell] as number) + 1;
  }
  const breakdowns = Object.fromEntries(
    AGREEMENT_BREAKDOWNS.map((b) => [
      b,
      [...groups[b].entries()]
        .map(([key, tally]): GroupFigures => {
          const { queries: _queries, clinicians: _clinicians, ...figures } = figuresOf(tally);
          return { key, ...figures };
        })
        .sort((x, y) => y.items - x.items || x.key.localeCompare(y.key)),
    ]),
  ) as Record<AgreementBreakdown, GroupFigures[]>;
  const sums = new Int32Array(9);
  for (const row of perQuery.counts) for (let c = 0; c < 9; c++) sums[c] = (sums[c] as number) + (row[c] as number);
  const majority = confusionFromTable(tableOf(sums), sums[COLUMNS.ties] ?? 0);
  const table = tableOf(sums);
  const agreed = table[0][0] + table[1][1];
  const decided = agreed + table[0][1] + table[1][0];
  const [balancedF1Interval, kappaInterval] = clusterBootstrapIntervals(
    perQuery.counts,
    [(sums) => pairwiseF1FromCounts(countsOf(sums)).balancedF1.value, (sums) => confusionFromTable(tableOf(sums), 0).kappa],
    { seed: BOOTSTRAP_SEED, resamples: BOOTSTRAP_RESAMPLES },
  );
  return {
    runId,
    total: {
      ...figuresOf(total),
      labels,
      balancedF1Interval: balancedF1Interval as [number, number],
    },
    majority: {
      ...majority,
      kappaInterval: kappaInterval as [number, number],
      agreementInterval: wilsonInterval(agreed, decided),
    },
    breakdowns,
    judgeOnlyItems: judgeOnly.rows[0]?.n ?? 0,
  };
}
