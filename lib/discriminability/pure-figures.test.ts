// The pure discriminability statistics on their documented worked examples: score separation, proxy accuracy (both
// orders, ties apart) and the criterion flags.
import { describe, expect, it } from 'vitest';
import { criterionSeparation, flagCriterion, separationBin } from '@/lib/discriminability/flag-criterion';
import { scoreSeparation } from '@/lib/discriminability/score-separation';
import { proxyAccuracy } from '@/lib/judge/proxy-accuracy';

describe('scoreSeparation', () => {
  it('counts correct, tied and wrong pairs apart and leaves unscored ones out', () => {
    const separation = scoreSeparation([
      { queryId: 1, preferred: 0.8, other: 0.2 },
      { queryId: 2, preferred: 0.5, other: 0.5 },
      { queryId: 3, preferred: 0.1, other: 0.4 },
      { queryId: 4, preferred: Number.NaN, other: 0.4 },
    ]);
    expect(separation.correct).toMatchObject({ count: 1, n: 3, clusters: 3 });
    expect(separation.ties).toMatchObject({ count: 1, n: 3 });
    expect(separation).toMatchObject({ wrong: 1, unscored: 1 });
  });
});

describe('proxyAccuracy', () => {
  it('scores each order as one prediction: disagreeing orders score ½, a tie is never correct', () => {
    const accuracy = proxyAccuracy([
      { queryId: 1, pair: '1:2', choice: 'A', preferred: 'A' },
      { queryId: 1, pair: '1:2', choice: 'A', preferred: 'A' },
      { queryId: 2, pair: '3:4', choice: 'B', preferred: 'A' },
      { queryId: 2, pair: '3:4', choice: 'TIE', preferred: 'A' },
    ]);
    expect(accuracy.accuracy).toMatchObject({ count: 2, n: 4, rate: 0.5, clusters: 2 });
    expect(accuracy.ties).toMatchObject({ count: 1, n: 4 });
    expect(accuracy).toMatchObject({ pairs: 2, bothOrders: 2, orderDisagreements: 1, bothCorrect: 1 });
  });
});

describe('flagCriterion', () => {
  it('flags met-by-all and met-by-none as non-discriminating, and inversion by the sign of the points', () => {
    expect(flagCriterion({ points: 5, pairs: 3, metByPreferred: 3, metByOther: 3 })).toEqual({ nonDiscriminating: true, inverted: false });
    expect(flagCriterion({ points: 5, pairs: 3, metByPreferred: 0, metByOther: 0 })).toEqual({ nonDiscriminating: true, inverted: false });
    expect(flagCriterion({ points: 5, pairs: 3, metByPreferred: 1, metByOther: 2 })).toEqual({ nonDiscriminating: false, inverted: true });
    expect(flagCriterion({ points: -5, pairs: 3, metByPreferred: 2, metByOther: 1 })).toEqual({ nonDiscriminating: false, inverted: true });
    expect(flagCriterion({ points: -5, pairs: 3, metByPreferred: 0, metByOther: 2 })).toEqual({
      nonDiscriminating: false,
      inverted: false,
    });
    expect(flagCriterion({ points: 5, pairs: 1, metByPreferred: 1, metByOther: 1 }, 2)).toEqual({
      nonDiscriminating: false,
      inverted: false,
    });
  });
});

describe('criterionSeparation', () => {
  it('is the share met by the preferred minus the share met by the other, negated for pitfalls, binned over [−1, 1]', () => {
    expect(criterionSeparation({ points: 5, pairs: 4, metByPreferred: 3, metByOther: 1 })).toBe(0.5);
    expect(criterionSeparation({ points: -5, pairs: 4, metByPreferred: 3, metByOther: 1 })).toBe(-0.5);
    expect(criterionSeparation({ points: 0, pairs: 4, metByPreferred: 3, metByOther: 1 })).toBe(0);
    expect(criterionSeparation({ points: 5, pairs: 0, metByPreferred: 0, metByOther: 0 })).toBeNaN();
    expect([-1, -0.5, 0, 0.5, 1].map(separationBin)).toEqual([0, 2, 5, 7, 9]);
  });
});
