import { describe, expect, it } from 'vitest';
import { healthbenchPairwiseF1, type PairwiseItem, pairwiseF1FromCounts } from '@/lib/stats';

// simple-evals healthbench_meta_eval_test.py, test_compute_agreement_for_rater_by_class: self labels [T, F, T],
// other labels [[T, T, F], [T, F], [F]], clusters ["a", "a", "b"]. The script computes clusters by filtering the
// items; here the caller groups them the same way.
const SELF = [true, false, true];
const OTHERS = [[true, true, false], [true, false], [false]];
const CLUSTERS = ['a', 'a', 'b'];
const items = (cluster?: string): PairwiseItem[] =>
  SELF.flatMap((candidate, i) => (cluster === undefined || CLUSTERS[i] === cluster ? [{ candidate, others: OTHERS[i] ?? [] }] : []));

describe('healthbenchPairwiseF1 reproduces healthbench_meta_eval_test.py', () => {
  it('overall precision, recall, F1 and balanced F1, with their n', () => {
    const result = healthbenchPairwiseF1(items());
    const posPrecision = (2 + 0 + 0) / (3 + 0 + 1);
    const negPrecision = (0 + 1 + 0) / (0 + 2 + 0);
    const posRecall = (2 + 0 + 0) / (2 + 1 + 0);
    const negRecall = (0 + 1 + 0) / (1 + 1 + 1);
    expect(result.met.precision).toEqual({ value: posPrecision, n: 4 });
    expect(result.notMet.precision).toEqual({ value: negPrecision, n: 2 });
    expect(result.met.recall).toEqual({ value: posRecall, n: 3 });
    expect(result.notMet.recall).toEqual({ value: negRecall, n: 3 });
    const posF1 = (2 * posPrecision * posRecall) / (posPrecision + posRecall);
    const negF1 = (2 * negPrecision * negRecall) / (negPrecision + negRecall);
    expect(result.met.f1.value).toBe(posF1);
    expect(result.notMet.f1.value).toBe(negF1);
    expect(result.balancedF1.value).toBe((posF1 + negF1) / 2);
    // n as the script reports it: n(P) + n(R) − TP, and the balanced n the sum of both.
    expect(result.met.f1.n).toBe(4 + 3 - 2);
    expect(result.notMet.f1.n).toBe(2 + 3 - 1);
    expect(result.balancedF1.n).toBe(5 + 4);
  });

  it('cluster a (examples 1 and 2)', () => {
    const result = healthbenchPairwiseF1(items('a'));
    expect(result.met.precision).toEqual({ value: (2 + 0) / (3 + 0), n: 3 });
    expect(result.notMet.precision).toEqual({ value: (0 + 1) / (0 + 2), n: 2 });
    expect(result.met.recall).toEqual({ value: (2 + 0) / (2 + 1), n: 3 });
    expect(result.notMet.recall).toEqual({ value: (0 + 1) / (1 + 1), n: 2 });
  });

  it('cluster b (example 3 only): the undefined precision and recall the script leaves out', () => {
    const result = healthbenchPairwiseF1(items('b'));
    expect(result.met.precision).toEqual({ value: 0 / 1, n: 1 });
    expect(result.notMet.precision.value).toBeNaN(); // "not in metrics"
    expect(result.notMet.precision.n).toBe(0);
    expect(result.met.recall.value).toBeNaN(); // "not in metrics"
    expect(result.notMet.recall).toEqual({ value: 0 / 1, n: 1 });
    // The script drops F1 here (precision or recall missing). Issue 19 asks for scikit-learn's zero_division=0:
    // each class occurs on one side, so each F1 is 0 and so is the balanced F1.
    expect(result.met.f1.value).toBe(0);
    expect(result.notMet.f1.value).toBe(0);
    expect(result.balancedF1.value).toBe(0);
  });
});

describe('healthbenchPairwiseF1 degenerate cases', () => {
  it('a grader that always says met scores badly, never undefined', () => {
    // Pairs: TP 2, FP 1 (clinicians say not met once). Not met: never predicted, used by the clinicians → F1 0.
    const result = healthbenchPairwiseF1([
      { candidate: true, others: [true, false] },
      { candidate: true, others: [true] },
    ]);
    expect(result.met.f1.value).toBeCloseTo(0.8, 12); // P = 2/3, R = 1
    expect(result.notMet.precision.value).toBeNaN();
    expect(result.notMet.f1.value).toBe(0);
    expect(result.balancedF1.value).toBeCloseTo(0.4, 12);
  });

  it('a class absent from both sides is undefined and left out of the balanced F1', () => {
    const result = pairwiseF1FromCounts({ tp: 5, fp: 0, fn: 0, tn: 0 });
    expect(result.met.f1.value).toBe(1);
    expect(result.notMet.f1.value).toBeNaN();
    expect(result.balancedF1.value).toBe(1);
  });

  it('P = R = 0 with both defined is F1 0, as the script', () => {
    const result = pairwiseF1FromCounts({ tp: 0, fp: 2, fn: 3, tn: 0 });
    expect(result.met.f1.value).toBe(0);
    expect(result.notMet.f1.value).toBe(0);
    expect(result.balancedF1.value).toBe(0);
  });

  it('counts pairs, skipping nulls, and is NaN with no pairs', () => {
    const result = healthbenchPairwiseF1([
      { candidate: true, others: [true, false, null] },
      { candidate: true, others: [true, true] },
      { candidate: false, others: [true, false] },
      { candidate: null, others: [true, false] },
      { candidate: false, others: [null] },
    ]);
    expect(result.counts).toEqual({ tp: 3, fp: 1, fn: 1, tn: 1 });
    expect(result.pairs).toBe(6);
    expect(result.balancedF1.value).toBeCloseTo((0.75 + 0.5) / 2, 12);
    const none = healthbenchPairwiseF1([
      { candidate: null, others: [true] },
      { candidate: true, others: [] },
    ]);
    expect(none.pairs).toBe(0);
    expect(none.balancedF1.value).toBeNaN();
    expect(healthbenchPairwiseF1([]).balancedF1.value).toBeNaN();
  });
});
