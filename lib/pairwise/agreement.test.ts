import { describe, expect, it } from 'vitest';
import { mtBenchAgreement, pearson, reviewerPairs, type Vote } from '@/lib/pairwise/agreement';
import { flipChoice, flipPreference, judgeClass, preferenceClass } from '@/lib/pairwise/terms';

const votes = (spec: string): Vote[] =>
  spec.split(' ').map((pair) => {
    const [human, judge] = pair.split('/') as [Vote['human'], Vote['judge']];
    return { human, judge };
  });

describe('mtBenchAgreement', () => {
  it('counts agreement with ties over all votes and without ties over votes where neither side tied', () => {
    // 10 votes: 6 equal (A/A ×3, B/B ×2, TIE/TIE), 4 different (A/B, B/A, A/TIE, TIE/B).
    const result = mtBenchAgreement(votes('A/A A/A A/A B/B B/B TIE/TIE A/B B/A A/TIE TIE/B'));
    expect(result.votes).toBe(10);
    expect(result.withTies.count).toBe(6);
    expect(result.withTies.rate).toBeCloseTo(0.6, 12);
    // Without ties: A/A ×3, B/B ×2, A/B, B/A → 5 of 7.
    expect(result.withoutTies.n).toBe(7);
    expect(result.withoutTies.rate).toBeCloseTo(5 / 7, 12);
    // Kappa by hand: human A 5, B 3, TIE 2; judge A 4, B 4, TIE 2. p_e = (5·4 + 3·4 + 2·2)/100 = 0.36;
    // κ = (0.6 − 0.36)/(1 − 0.36) = 0.375.
    expect(result.kappa).toBeCloseTo(0.375, 12);
  });

  it('is undefined (NaN) without votes', () => {
    const result = mtBenchAgreement([]);
    expect(Number.isNaN(result.withTies.rate)).toBe(true);
    expect(Number.isNaN(result.kappa)).toBe(true);
  });
});

describe('reviewerPairs', () => {
  it('makes one item per unordered pair of reviewers on a comparison', () => {
    const pairs = reviewerPairs(
      new Map([
        [
          1,
          [
            { reviewerId: 'b', human: 'B' as const },
            { reviewerId: 'a', human: 'A' as const },
            { reviewerId: 'c', human: 'A' as const },
          ],
        ],
        [2, [{ reviewerId: 'a', human: 'TIE' as const }]],
      ]),
    );
    expect(pairs).toEqual([
      { human: 'A', judge: 'B' },
      { human: 'A', judge: 'A' },
      { human: 'B', judge: 'A' },
    ]);
  });
});

describe('pearson', () => {
  it('matches a worked example', () => {
    // x = 1..5, y = 2,4,5,4,5: Sxy = 6, Sxx = 10, Syy = 6 → r = 6/√60.
    const r = pearson([1, 2, 3, 4, 5].map((x, i) => ({ x, y: [2, 4, 5, 4, 5][i] ?? 0 })));
    expect(r).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(Number.isNaN(pearson([{ x: 1, y: 1 }]))).toBe(true);
    expect(
      Number.isNaN(
        pearson([
          { x: 1, y: 1 },
          { x: 1, y: 2 },
        ]),
      ),
    ).toBe(true);
  });
});

describe('terms', () => {
  it('flips between display and canonical terms only for order BA', () => {
    expect(flipPreference(-2, 'AB')).toBe(-2);
    expect(flipPreference(-2, 'BA')).toBe(2);
    expect(flipPreference(0, 'BA')).toBe(0);
    expect(flipChoice('A', 'BA')).toBe('B');
    expect(flipChoice('TIE', 'BA')).toBe('TIE');
    expect(flipChoice('A', 'AB')).toBe('A');
  });

  it('collapses preferences to 3 classes and counts a position-inconsistent judge as a tie', () => {
    expect([-2, -1, 0, 1, 2].map(preferenceClass)).toEqual(['A', 'A', 'TIE', 'B', 'B']);
    expect(judgeClass('A', true)).toBe('A');
    expect(judgeClass('A', null)).toBe('A');
    expect(judgeClass('A', false)).toBe('TIE');
    expect(judgeClass(null, true)).toBeNull();
  });
});
