// HealthBench's meta-evaluation (simple-evals healthbench_meta_eval.py): a grader's labels against other raters'
// labels of the same items, counted pair by pair.

/** Pairs (candidate label, other rater's label): tp = both met, fp = candidate met, other not, fn = the reverse, tn = both not. */
export interface PairCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** A rate and the number of pairs it is over (HealthBench's "n"); value is NaN when undefined. */
export interface RateWithN {
  value: number;
  n: number;
}

export interface ClassMetrics {
  precision: RateWithN;
  recall: RateWithN;
  f1: RateWithN;
}

export interface PairwiseF1Result {
  met: ClassMetrics;
  notMet: ClassMetrics;
  /** Mean of the classes' F1 over the classes that are defined (HealthBench's pairwise_*_f1_balanced). */
  balancedF1: RateWithN;
  pairs: number;
  counts: PairCounts;
}

export interface PairwiseItem {
  /** The rater under evaluation (a model grader or one physician); null = no label. */
  candidate: boolean | null;
  /** The other raters' labels on the same item; null = no label. */
  others: (boolean | null)[];
}

const ratio = (hits: number, n: number): RateWithN => ({ value: n === 0 ? Number.NaN : hits / n, n });

/**
 * Per class c (met, not met) with its pairs TPc, FPc, FNc:
 * precision_c = TPc / (TPc + FPc) over the pairs where the candidate says c, recall_c = TPc / (TPc + FNc) over the
 * pairs where the other rater says c, F1_c = 2·(P·R) / (P + R), exactly as healthbench_meta_eval.py (0 when P = R = 0).
 * Degenerate cases (the script drops them): a class that occurs in the pairs, but that one side never uses, has
 * precision or recall 0/0 and F1 0 (scikit-learn's zero_division=0), so a grader that always says "met" scores
 * badly; a class that occurs on neither side has F1 NaN and is left out of the balanced F1.
 * n of F1 = n(P) + n(R) − TP; n of the balanced F1 = n(F1₊) + n(F1₋), as the script reports them.
 */
export function pairwiseF1FromCounts(counts: PairCounts): PairwiseF1Result {
  const { tp, fp, fn, tn } = counts;
  const classMetrics = (hits: number, predicted: number, truth: number): ClassMetrics => {
    const precision = ratio(hits, predicted);
    const recall = ratio(hits, truth);
    const p = precision.value;
    const r = recall.value;
    let f1: number;
    if (!Number.isNaN(p) && !Number.isNaN(r)) f1 = p === 0 && r === 0 ? 0 : (2 * (p * r)) / (p + r);
    else f1 = predicted + truth === 0 ? Number.NaN : 0;
    return { precision, recall, f1: { value: f1, n: predicted + truth - hits } };
  };
  const met = classMetrics(tp, tp + fp, tp + fn);
  const notMet = classMetrics(tn, tn + fn, tn + fp);
  const defined = [met.f1.value, notMet.f1.value].filter((value) => !Number.isNaN(value));
  const balanced = defined.length === 0 ? Number.NaN : defined.length === 2 ? (met.f1.value + notMet.f1.value) / 2 : (defined[0] as number);
  return { met, notMet, balancedF1: { value: balanced, n: met.f1.n + notMet.f1.n }, pairs: tp + fp + fn + tn, counts: { tp, fp, fn, tn } };
}

/** Adds one item's pairs (candidate against each other label; nulls skipped) to the counts. */
export function addPairs(counts: PairCounts, candidate: boolean | null, others: readonly (boolean | null)[]): void {
  if (candidate === null) return;
  for (const other of others) {
    if (other === null) continue;
    if (candidate && other) counts.tp++;
    else if (candidate) counts.fp++;
    else if (other) counts.fn++;
    else counts.tn++;
  }
}

/** The meta-evaluation of one candidate over items: every (candidate, other) pair is one observation. */
export function healthbenchPairwiseF1(items: readonly PairwiseItem[]): PairwiseF1Result {
  const counts: PairCounts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { candidate, others } of items) addPairs(counts, candidate, others);
  return pairwiseF1FromCounts(counts);
}
