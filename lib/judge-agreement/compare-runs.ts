// A/B of judges: two grading runs (other models, templates or meta-rubric versions) measured against the same
// clinicians on the same items (graded met / not met by both runs and by clinicians), side by side, with the
// paired difference of their balanced F1 and its interval (cluster bootstrap resampling queries, both runs on the
// same resample).
import 'server-only';
import { pgPool } from '@/lib/db';
import { computeMetaEvaluation, type MetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '@/lib/judge-agreement/schemas';
import { bootstrapInterval, type PairCounts, pairwiseF1FromCounts } from '@/lib/stats';

export interface RunComparison {
  a: MetaEvaluation;
  b: MetaEvaluation;
  /** Balanced F1 of B minus A on the shared items; NaN when either is undefined. */
  difference: number;
  /** 95% paired cluster-bootstrap interval of the difference. */
  differenceInterval: [number, number];
}

/** Per query, each run's pairs against every clinician label, on the items both runs graded. $1 run A, $2 run B. */
const PAIRED_SQL = `
WITH shared AS (
  SELECT ga.response_id, ga.criterion_id, ga.met AS a, gb.met AS b, r.query_id
    FROM grades ga
    JOIN grades gb ON gb.run_id = $2 AND gb.response_id = ga.response_id AND gb.criterion_id = ga.criterion_id AND gb.met IS NOT NULL
    JOIN responses r ON r.id = ga.response_id
   WHERE ga.run_id = $1 AND ga.met IS NOT NULL)
SELECT s.query_id,
       count(*) FILTER (WHERE s.a AND cg.met)::int AS a_tp, count(*) FILTER (WHERE s.a AND NOT cg.met)::int AS a_fp,
       count(*) FILTER (WHERE NOT s.a AND cg.met)::int AS a_fn, count(*) FILTER (WHERE NOT s.a AND NOT cg.met)::int AS a_tn,
       count(*) FILTER (WHERE s.b AND cg.met)::int AS b_tp, count(*) FILTER (WHERE s.b AND NOT cg.met)::int AS b_fp,
       count(*) FILTER (WHERE NOT s.b AND cg.met)::int AS b_fn, count(*) FILTER (WHERE NOT s.b AND NOT cg.met)::int AS b_tn
  FROM shared s JOIN clinician_grades cg ON cg.response_id = s.response_id AND cg.criterion_id = s.criterion_id
 GROUP BY s.query_id`;

interface QueryRow {
  query_id: number;
  a_tp: number;
  a_fp: number;
  a_fn: number;
  a_tn: number;
  b_tp: number;
  b_fp: number;
  b_fn: number;
  b_tn: number;
}

const balanced = (rows: readonly QueryRow[], side: 'a' | 'b'): number => {
  const counts: PairCounts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const row of rows) {
    counts.tp += row[`${side}_tp`];
    counts.fp += row[`${side}_fp`];
    counts.fn += row[`${side}_fn`];
    counts.tn += row[`${side}_tn`];
  }
  return pairwiseF1FromCounts(counts).balancedF1.value;
};

export async function compareRuns({ runA, runB }: { runA: number; runB: number }): Promise<RunComparison> {
  const [a, b, paired] = await Promise.all([
    computeMetaEvaluation({ runId: runA, pairedWithRunId: runB }),
    computeMetaEvaluation({ runId: runB, pairedWithRunId: runA }),
    pgPool().query<QueryRow>(PAIRED_SQL, [runA, runB]),
  ]);
  const difference = (rows: readonly QueryRow[]) => balanced(rows, 'b') - balanced(rows, 'a');
  return {
    a,
    b,
    difference: difference(paired.rows),
    differenceInterval: bootstrapInterval(paired.rows, difference, { seed: BOOTSTRAP_SEED, resamples: BOOTSTRAP_RESAMPLES }),
  };
}
