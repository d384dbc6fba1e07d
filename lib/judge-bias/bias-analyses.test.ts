// The bias analyses on constructed judges whose bias is known: a judge that rewards the marked side (the longer
// response, its own model) is detected; one whose errors ignore it is not.
import { describe, expect, it } from 'vitest';
import { biasVerdict } from '@/lib/judge-bias/bias-verdict';
import { compareConditionalPreference, type MarkedJudgement } from '@/lib/judge-bias/conditional-preference';
import { compareLengthInformation, lengthBin, type LengthJudgement, orientPair } from '@/lib/judge-bias/length-information';
import { summarizePairedShift } from '@/lib/judge/paired-shift';
import { mulberry32 } from '@/lib/stats/mulberry32';

/** 400 pairs over 100 queries; humans prefer the marked side half the time. */
function markedPairs(judgeOf: (humanMarked: boolean, draw: number) => MarkedJudgement['judge']): MarkedJudgement[] {
  const random = mulberry32(5);
  return Array.from({ length: 400 }, (_, index) => {
    const humanMarked = random() < 0.5;
    return { queryId: index % 100, humanMarked, judge: judgeOf(humanMarked, random()) };
  });
}

describe('compareConditionalPreference', () => {
  it('finds no bias in a judge that errs 20% of the time whichever side humans preferred', () => {
    const honest = compareConditionalPreference(markedPairs((humanMarked, draw) => (draw < 0.8 === humanMarked ? 'marked' : 'other')));
    expect(honest.towardMarked).toBeGreaterThan(0.1);
    expect(honest.towardMarked).toBeLessThan(0.3);
    expect(honest.interval[0]).toBeLessThan(0);
    expect(honest.interval[1]).toBeGreaterThan(0);
    expect(biasVerdict(honest.interval, { queries: honest.queries })).toBe('none detected');
  });

  it('detects a judge that prefers the marked side more often when humans preferred the other', () => {
    const biased = compareConditionalPreference(markedPairs((humanMarked, draw) => (humanMarked || draw < 0.6 ? 'marked' : 'other')));
    expect(biased.towardOther).toBe(0);
    expect(biased.bias).toBeCloseTo(biased.towardMarked, 12);
    expect(biased.interval[0]).toBeGreaterThan(0.4);
    expect(biasVerdict(biased.interval, { queries: biased.queries })).toBe('detected');
  });

  it('counts ties in neither direction and is NaN-free on empty conditions only where defined', () => {
    const result = compareConditionalPreference([
      { queryId: 1, humanMarked: false, judge: 'tie' },
      { queryId: 1, humanMarked: false, judge: 'marked' },
    ]);
    expect(result.humanOther).toEqual({ judgements: 2, judgeMarked: 1, judgeOther: 0, ties: 1 });
    expect(result.towardMarked).toBe(0.5);
    expect(result.bias).toBeNaN();
    expect(biasVerdict(result.interval, { queries: result.queries })).toBe('not enough data');
  });
});

describe('compareLengthInformation', () => {
  /** Humans ignore length; lengths drawn so that every bin is used. */
  function lengthPairs(
    judgeOf: (pair: { lengthFirst: number; lengthSecond: number; human: 'first' | 'second' }, draw: number) => LengthJudgement['judge'],
  ) {
    const random = mulberry32(9);
    return Array.from({ length: 600 }, (_, index) => {
      const lengthFirst = 100 + Math.floor(random() * 900);
      const lengthSecond = 100 + Math.floor(random() * 900);
      const human = random() < 0.5 ? ('first' as const) : ('second' as const);
      return { queryId: index % 150, lengthFirst, lengthSecond, human, judge: judgeOf({ lengthFirst, lengthSecond, human }, random()) };
    });
  }

  it('bins the log length ratio symmetrically', () => {
    expect([
      lengthBin(100, 400),
      lengthBin(100, 150),
      lengthBin(100, 125),
      lengthBin(100, 100),
      lengthBin(125, 100),
      lengthBin(150, 100),
      lengthBin(400, 100),
    ]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('detects a judge that picks the longer response while humans ignore length', () => {
    const result = compareLengthInformation(
      lengthPairs(({ lengthFirst, lengthSecond }) => (lengthFirst >= lengthSecond ? 'first' : 'second')),
    );
    expect(result.judge.bits).toBeGreaterThan(0.5);
    expect(result.human.bits).toBeLessThan(0.05);
    expect(biasVerdict(result.difference.interval, { queries: result.queries })).toBe('detected');
  });

  it('finds nothing in a judge that follows the humans 80% of the time', () => {
    const result = compareLengthInformation(
      lengthPairs(({ human }, draw) => (draw < 0.8 ? human : human === 'first' ? 'second' : 'first')),
    );
    expect(result.judge.bits).toBeLessThan(0.05);
    expect(biasVerdict(result.difference.interval, { queries: result.queries })).toBe('none detected');
    expect(result.bins.reduce((sum, bin) => sum + bin.judgements, 0)).toBe(600);
  });
});

describe('summarizePairedShift', () => {
  it('averages the shifts, puts them in 0.1 bins and gives an interval over queries', () => {
    const shift = summarizePairedShift([
      { queryId: 1, shift: 0.2 },
      { queryId: 1, shift: 0 },
      { queryId: 2, shift: 0.1 },
      { queryId: 3, shift: -0.05 },
    ]);
    expect(shift.mean).toBeCloseTo(0.0625, 12);
    expect(shift.responses).toBe(4);
    expect(shift.queries).toBe(3);
    expect(shift.interval?.[0]).toBeLessThan(shift.mean);
    expect(shift.histogram.find((bin) => bin.from === 0)?.responses).toBe(1);
    expect(shift.histogram.find((bin) => bin.from === 0.2)?.responses).toBe(1);
    expect(shift.histogram.find((bin) => bin.from === -0.1)?.responses).toBe(1);
    expect(summarizePairedShift([{ queryId: 1, shift: 0.3 }]).interval).toBeNull();
  });
});

describe('biasVerdict', () => {
  it('needs an interval that excludes no bias, on at least ten queries', () => {
    expect(biasVerdict([0.1, 0.3], { queries: 10 })).toBe('detected');
    expect(biasVerdict([0.1, 0.3], { queries: 9 })).toBe('not enough data');
    expect(biasVerdict([-0.1, 0.3], { queries: 50 })).toBe('none detected');
    expect(biasVerdict([0.52, 0.6], { noBias: 0.5, queries: 50 })).toBe('detected');
    expect(biasVerdict([Number.NaN, Number.NaN], { queries: 50 })).toBe('not enough data');
    expect(biasVerdict(null, { queries: 50 })).toBe('not enough data');
  });
});

describe('orientPair', () => {
  it('orders a pair the same whichever id comes first, and not always by id', () => {
    const pairs = Array.from({ length: 200 }, (_, index) => [index + 1, index + 1000] as const);
    for (const [a, b] of pairs) expect(orientPair(a, b)).toEqual(orientPair(b, a));
    const lowFirst = pairs.filter(([a, b]) => orientPair(a, b)[0] === a).length;
    expect(lowFirst).toBeGreaterThan(70);
    expect(lowFirst).toBeLessThan(130);
  });
});
