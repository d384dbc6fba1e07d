import { describe, expect, it } from 'vitest';
import { leaveOneOutPairwiseF1 } from '@/lib/stats';

const rows = (...labels: (boolean | null)[][]) =>
  labels.map((row) => ({ labels: row.flatMap((met, r) => (met === null ? [] : [{ rater: `r${r}`, met }])) }));
const balanced = (result: ReturnType<typeof leaveOneOutPairwiseF1>, rater: string) =>
  result.perRater.find((entry) => entry.rater === rater)?.result.balancedF1.value;

describe('leaveOneOutPairwiseF1', () => {
  it('is 1 for every rater when the raters agree perfectly', () => {
    const result = leaveOneOutPairwiseF1(rows([true, true, true], [false, false, false], [true, true, null], [false, null, false]));
    expect(result.perRater.map((entry) => entry.result.balancedF1.value)).toEqual([1, 1, 1]);
    expect(result.mean).toBe(1);
  });

  it('scores each rater against the others (hand computed)', () => {
    // items × raters (r0, r1, r2): [T, T, F], [F, F, F], [T, T, T], [F, T, F]
    // r0: TP 3, FP 1, FN 1, TN 3 → F1₊ = F1₋ = 0.75.   r1: TP 3, FP 3, FN 0, TN 2 → 2/3 and 4/7 → 13/21.
    // r2: TP 2, FP 0, FN 3, TN 3 → 4/7 and 2/3 → 13/21.  mean = (3/4 + 26/21)/3 = 167/252.
    const result = leaveOneOutPairwiseF1(rows([true, true, false], [false, false, false], [true, true, true], [false, true, false]));
    expect(balanced(result, 'r0')).toBeCloseTo(0.75, 12);
    expect(balanced(result, 'r1')).toBeCloseTo(13 / 21, 12);
    expect(balanced(result, 'r2')).toBeCloseTo(13 / 21, 12);
    expect(result.mean).toBeCloseTo(167 / 252, 12);
  });

  it('a rater who only ever says met gets F1 0 for not met (zero_division=0), not an undefined value', () => {
    // r2 says met on every item it labels: (T;T,T) TP TP, (T;F,F) FP FP → P = 1/2, R = 1: F1₊ = 2/3, F1₋ = 0 → 1/3.
    const result = leaveOneOutPairwiseF1(rows([true, true, true], [false, false, true], [true, true, null]));
    expect(balanced(result, 'r2')).toBeCloseTo(1 / 3, 12);
    // r0: (T;T,T) TP TP, (F;F,T) TN FN, (T;T) TP → TP 3, FN 1, TN 1: F1₊ = 6/7, F1₋ = 2/3 → 16/21. Same for r1.
    expect(balanced(result, 'r0')).toBeCloseTo(16 / 21, 12);
    expect(result.mean).toBeCloseTo((16 / 21 + 16 / 21 + 1 / 3) / 3, 12);
  });

  it('is NaN when no rater shares an item', () => {
    expect(leaveOneOutPairwiseF1([]).mean).toBeNaN();
    const alone = leaveOneOutPairwiseF1(rows([true, null], [null, false]));
    expect(alone.perRater.map((entry) => entry.result.pairs)).toEqual([0, 0]);
    expect(alone.mean).toBeNaN();
  });
});
