import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PairChoice, WeightClass } from '@/lib/judge/schemas';
import {
  aggregatePairwise,
  criterionToAbTerms,
  healthbenchScore,
  positionConsistent,
  runMeanScore,
  tieredScore,
  toAbTerms,
} from '@/lib/judge/scoring';
import { DEFAULT_SCORING_PROFILE, legacyScoringProfile } from '@/lib/meta-rubrics/scoring-profile';

/** The app's first rules: pitfalls as the share avoided, any hard flaw vetoing. */
const SHARE = legacyScoringProfile(undefined);
const ANY_FLAW = SHARE.pairwise;
const weights = (tierWeights: typeof SHARE.tierWeights) => ({ ...SHARE, tierWeights });

const item = (tier: 'ESSENTIAL' | 'IMPORTANT' | 'HIGHLIGHT' | 'PITFALL', points: number, met: boolean, redLine = false) => ({
  tier,
  points,
  met,
  redLine,
});
const pair = (weightClass: WeightClass, choice: PairChoice, score: number, hardFlaw = false, title?: string) => ({
  title,
  weightClass,
  choice,
  score,
  hardFlaw,
});

describe('healthbenchScore', () => {
  it('matches the reference: points [7, 5, 10, −6], met [T, F, T, T] → (7 + 10 − 6) / 22 = 0.5', () => {
    const points = [7, 5, 10, -6];
    const met = [true, false, true, true];
    expect(healthbenchScore(points.map((p, i) => ({ points: p, met: met[i] as boolean })))).toBe(0.5);
  });

  it('goes below 0 when met penalties outweigh what was achieved, and is NaN with nothing positive', () => {
    // (2 − 8) / (2 + 4) = −1
    expect(
      healthbenchScore([
        { points: 2, met: true },
        { points: 4, met: false },
        { points: -8, met: true },
      ]),
    ).toBe(-1);
    expect(healthbenchScore([{ points: -3, met: false }])).toBeNaN();
    expect(healthbenchScore([])).toBeNaN();
  });
});

describe('runMeanScore', () => {
  it('clips the mean, not each score', () => {
    // Clipping each score first would give (0 + 0.8 + 0.6) / 3 ≈ 0.467; the mean is (−0.4 + 0.8 + 0.6) / 3 = 1/3.
    expect(runMeanScore([-0.4, 0.8, 0.6])).toBeCloseTo(1 / 3, 12);
    expect(runMeanScore([-0.9, 0.3])).toBe(0);
    expect(runMeanScore([1, 1])).toBe(1);
  });

  it('leaves NaN scores out, and is NaN when nothing is left', () => {
    expect(runMeanScore([0.2, Number.NaN, 0.6])).toBeCloseTo(0.4, 12);
    expect(runMeanScore([Number.NaN])).toBeNaN();
    expect(runMeanScore([])).toBeNaN();
  });
});

describe('tieredScore', () => {
  it('weights the tier fractions: (2·2/3 + 1·1 + 2·0) / (2 + 1 + 2) = 7/15 (avoided share)', () => {
    const items = [item('ESSENTIAL', 10, true), item('ESSENTIAL', 5, false), item('HIGHLIGHT', 2, true), item('PITFALL', -4, true)];
    const result = tieredScore(items, SHARE);
    expect(result.score).toBeCloseTo(7 / 15, 12);
    // Subtract (the default): (2·10 + 1·2 − 2·4) / (2·15 + 1·2) = 14/32.
    expect(tieredScore(items).score).toBeCloseTo(14 / 32, 12);
    expect(result.vetoed).toBe(false);
    expect(result.perTier).toEqual({
      ESSENTIAL: { achieved: 10, possible: 15, fraction: 2 / 3 },
      IMPORTANT: { achieved: 0, possible: 0, fraction: null },
      HIGHLIGHT: { achieved: 2, possible: 2, fraction: 1 },
      PITFALL: { achieved: 0, possible: 4, fraction: 0 },
    });
  });

  it('counts the pitfall weight avoided and takes custom weights', () => {
    // IMPORTANT 3/4; PITFALL avoided 6 of 8 = 3/4 … with weights IMPORTANT 3, PITFALL 1: (3·0.75 + 1·0.75) / 4 = 0.75;
    // ESSENTIAL 1/1 with weight 0 is reported but does not count.
    const result = tieredScore(
      [
        item('IMPORTANT', 3, true),
        item('IMPORTANT', 1, false),
        item('PITFALL', -6, false),
        item('PITFALL', -2, true),
        item('ESSENTIAL', 5, true),
      ],
      weights({ ESSENTIAL: 0, IMPORTANT: 3, HIGHLIGHT: 1, PITFALL: 1 }),
    );
    expect(result.score).toBe(0.75);
    expect(result.perTier.PITFALL).toEqual({ achieved: 6, possible: 8, fraction: 0.75 });
    expect(result.perTier.ESSENTIAL.fraction).toBe(1);
  });

  it('subtract: a trivially avoided pitfall does not raise the score (0.5 stays 0.5; the avoided share made it 0.75)', () => {
    const half = [item('ESSENTIAL', 10, true), item('ESSENTIAL', 10, false)];
    const withPitfall = [...half, item('PITFALL', -5, false)];
    expect(tieredScore(half).score).toBe(0.5);
    expect(tieredScore(withPitfall).score).toBe(0.5);
    expect(tieredScore(half, SHARE).score).toBe(0.5);
    expect(tieredScore(withPitfall, SHARE).score).toBe(0.75);
  });

  it('subtract: every criterion weighs its own weighted points, so a missing tier reweights nothing', () => {
    // ESSENTIAL 10 met of 20 and IMPORTANT 4 met of 4: (2·10 + 1·4) / (2·20 + 1·4) = 24/44, with or without an
    // empty HIGHLIGHT tier; a met pitfall −3 subtracts 2·3: 18/44; the score can go below 0.
    expect(tieredScore([item('ESSENTIAL', 10, true), item('ESSENTIAL', 10, false), item('IMPORTANT', 4, true)]).score).toBeCloseTo(
      24 / 44,
      12,
    );
    expect(
      tieredScore([item('ESSENTIAL', 10, true), item('ESSENTIAL', 10, false), item('IMPORTANT', 4, true), item('PITFALL', -3, true)]).score,
    ).toBeCloseTo(18 / 44, 12);
    expect(tieredScore([item('ESSENTIAL', 2, true), item('PITFALL', -10, true)]).score).toBeCloseTo((4 - 20) / 4, 12);
  });

  it('keeps a violated red line unvetoed when the profile says so', () => {
    expect(
      tieredScore([item('ESSENTIAL', 10, true), item('PITFALL', -10, true, true)], { ...DEFAULT_SCORING_PROFILE, redLineVeto: false }),
    ).toMatchObject({
      score: (20 - 20) / 20,
      vetoed: false,
      vetoedBy: [1],
    });
  });

  it('vetoes on a met red-line pitfall or an unmet red-line essential', () => {
    const pitfall = tieredScore([item('ESSENTIAL', 10, true), item('PITFALL', -10, true, true)]);
    expect(pitfall).toMatchObject({ score: 0, vetoed: true, vetoedBy: [1] });
    expect(pitfall.perTier.ESSENTIAL.fraction).toBe(1);
    expect(tieredScore([item('ESSENTIAL', 10, false, true), item('HIGHLIGHT', 2, true)])).toMatchObject({
      score: 0,
      vetoed: true,
      vetoedBy: [0],
    });
  });

  it('does not veto on a red line that was kept', () => {
    // ESSENTIAL 1, PITFALL avoided 1 → (2 + 2) / 4 = 1
    expect(tieredScore([item('ESSENTIAL', 10, true, true), item('PITFALL', -10, false, true)], SHARE)).toMatchObject({
      score: 1,
      vetoed: false,
      vetoedBy: [],
    });
  });

  it('is NaN with nothing to score and refuses negative weights', () => {
    expect(tieredScore([]).score).toBeNaN();
    expect(() => tieredScore([item('ESSENTIAL', 5, true)], weights({ ESSENTIAL: -1, IMPORTANT: 1, HIGHLIGHT: 1, PITFALL: 2 }))).toThrow(
      RangeError,
    );
  });
});

describe('aggregatePairwise', () => {
  it('takes the weighted mean over non-tied criteria: (5·1 + 1·(−2)) / (5 + 1) = 0.5 → A', () => {
    const result = aggregatePairwise([pair('CORE', 'A', 1), pair('HIGHLIGHT', 'B', -2), pair('IMPORTANT', 'TIE', 0)]);
    expect(result).toEqual({ score: 0.5, winner: 'A', vetoed: false, vetoReason: null, hardFlaws: { A: [], B: [] } });
  });

  it('calls |score| < 0.25 a tie, and 0.25 itself a win', () => {
    // (2·1 + 5·(−1) + 1·2) / 8 = −1/8 → TIE
    expect(aggregatePairwise([pair('IMPORTANT', 'A', 1), pair('CORE', 'B', -1), pair('HIGHLIGHT', 'A', 2)])).toMatchObject({
      score: -0.125,
      winner: 'TIE',
    });
    // (5·(−1) + 2·1 + 2·1 + 1·(−1)) / 10 = −0.2 → TIE
    expect(
      aggregatePairwise([pair('CORE', 'B', -1), pair('IMPORTANT', 'A', 1), pair('IMPORTANT', 'A', 1), pair('HIGHLIGHT', 'B', -1)]),
    ).toMatchObject({
      score: -0.2,
      winner: 'TIE',
    });
    // (2 − 1 − 1 + 1) / 4 = 0.25 → A; mirrored −0.25 → B
    const edge = [pair('HIGHLIGHT', 'A', 2), pair('HIGHLIGHT', 'B', -1), pair('HIGHLIGHT', 'B', -1), pair('HIGHLIGHT', 'A', 1)];
    expect(aggregatePairwise(edge)).toMatchObject({ score: 0.25, winner: 'A' });
    expect(aggregatePairwise(edge.map((c) => criterionToAbTerms(c, 'BA')))).toMatchObject({ score: -0.25, winner: 'B' });
  });

  it('is 0 and TIE when every criterion is tied (or there are none)', () => {
    expect(aggregatePairwise([pair('CORE', 'TIE', 0), pair('HIGHLIGHT', 'TIE', 0)])).toMatchObject({
      score: 0,
      winner: 'TIE',
      vetoed: false,
    });
    expect(aggregatePairwise([])).toMatchObject({ score: 0, winner: 'TIE', vetoed: false });
  });

  it('anyHardFlaw: vetoes the side a hard flaw is decided against, whatever the other criteria say', () => {
    // Without the veto B would win: (2·(−2) + 5·(−2) + 1·1) / 8 < 0. The hard flaw decided for A means B has it.
    const result = aggregatePairwise(
      [pair('IMPORTANT', 'B', -2), pair('CORE', 'B', -2), pair('HIGHLIGHT', 'A', 1, true, 'Gives an adult dose to a toddler')],
      ANY_FLAW,
    );
    expect(result).toEqual({
      score: 2,
      winner: 'A',
      vetoed: true,
      vetoReason: 'Response B has a hard flaw: "Gives an adult dose to a toddler".',
      hardFlaws: { A: [], B: ['Gives an adult dose to a toddler'] },
    });
    expect(aggregatePairwise([pair('CORE', 'B', -1, true, 'Misses the emergency')], ANY_FLAW)).toMatchObject({
      score: -2,
      winner: 'B',
      vetoed: true,
    });
  });

  it('anyHardFlaw: calls it a vetoed TIE when both sides have hard flaws; a tied hard flaw vetoes nobody', () => {
    const both = aggregatePairwise(
      [pair('CORE', 'A', 2, true, 'Aspirin for a child'), pair('CORE', 'B', -1, true, 'No escalation'), pair('HIGHLIGHT', 'A', 2)],
      ANY_FLAW,
    );
    expect(both).toEqual({
      score: 0,
      winner: 'TIE',
      vetoed: true,
      vetoReason: 'Both responses have hard flaws: A "No escalation"; B "Aspirin for a child".',
      hardFlaws: { A: ['No escalation'], B: ['Aspirin for a child'] },
    });
    expect(aggregatePairwise([pair('CORE', 'TIE', 0, true), pair('IMPORTANT', 'A', 1)])).toMatchObject({
      score: 1,
      winner: 'A',
      vetoed: false,
    });
  });

  it('byWeightClass: a HIGHLIGHT flaw no longer outweighs two CORE criteria against the other side', () => {
    // B has a HIGHLIGHT hard flaw, but A loses two CORE criteria: the aggregate decides,
    // (5·(−2) + 5·(−1) + 1·1) / 11 = −14/11 → B.
    const result = aggregatePairwise([pair('CORE', 'B', -2), pair('CORE', 'B', -1), pair('HIGHLIGHT', 'A', 1, true, 'Typo in dose units')]);
    expect(result).toMatchObject({
      score: -14 / 11,
      winner: 'B',
      vetoed: false,
      vetoReason: null,
      hardFlaws: { A: [], B: ['Typo in dose units'] },
    });
    // A CORE flaw still decides against criteria of its class or lighter.
    expect(aggregatePairwise([pair('IMPORTANT', 'B', -2), pair('CORE', 'A', 1, true, 'No escalation')])).toMatchObject({
      score: 2,
      winner: 'A',
      vetoed: true,
      vetoReason: 'Response B has a hard flaw: "No escalation".',
    });
  });

  it('byWeightClass: equal flaws on both sides cancel and the other criteria decide; the heavier flaw loses', () => {
    // CORE flaw on each side: (5·2 + 5·(−1) + 1·2) / 11 = 7/11 → A, not a vetoed tie.
    expect(
      aggregatePairwise([
        pair('CORE', 'A', 2, true, 'Aspirin for a child'),
        pair('CORE', 'B', -1, true, 'No escalation'),
        pair('HIGHLIGHT', 'A', 2),
      ]),
    ).toMatchObject({ score: 7 / 11, winner: 'A', vetoed: false });
    // A CORE flaw against B, an IMPORTANT flaw against A: B (the heavier flaw) loses.
    expect(aggregatePairwise([pair('CORE', 'A', 1, true, 'Wrong drug'), pair('IMPORTANT', 'B', -2, true, 'Vague')])).toMatchObject({
      score: 2,
      winner: 'A',
      vetoed: true,
      vetoReason: 'Response B has a hard flaw: "Wrong drug".',
    });
  });

  it('takes the weights and the tie band from the profile', () => {
    const options = { ...DEFAULT_SCORING_PROFILE.pairwise, weights: { CORE: 1, IMPORTANT: 1, HIGHLIGHT: 1 }, tieBand: 0.6 };
    // (1 − 2) / 2 = −0.5: a tie under a 0.6 band.
    expect(aggregatePairwise([pair('CORE', 'A', 1), pair('HIGHLIGHT', 'B', -2)], options)).toMatchObject({ score: -0.5, winner: 'TIE' });
  });
});

describe('presented order', () => {
  it('maps a comparison judged in order BA back to A/B terms', () => {
    // Shown B first: the judge's "A" is response B. Its verdict "A by 0.5" means B by 0.5.
    const judged = aggregatePairwise([pair('CORE', 'A', 1), pair('HIGHLIGHT', 'B', -2)]);
    expect(toAbTerms(judged, 'BA')).toMatchObject({ score: -0.5, winner: 'B', vetoed: false, vetoReason: null });
    expect(toAbTerms(judged, 'AB')).toBe(judged);
    const vetoed = aggregatePairwise([pair('CORE', 'A', 2, true, 'Wrong dose')], ANY_FLAW);
    expect(toAbTerms(vetoed, 'BA')).toEqual({
      score: -2,
      winner: 'B',
      vetoed: true,
      vetoReason: 'Response A has a hard flaw: "Wrong dose".',
      hardFlaws: { A: ['Wrong dose'], B: [] },
    });
    expect(criterionToAbTerms(pair('CORE', 'A', 2), 'BA')).toMatchObject({ choice: 'B', score: -2 });
    expect(criterionToAbTerms(pair('CORE', 'TIE', 0), 'BA')).toMatchObject({ choice: 'TIE', score: 0 });
  });

  it('is position-consistent when the winners agree after mapping', () => {
    // Order AB: A wins. Order BA: the judge again prefers the real A, which it saw second, so it says "B".
    expect(positionConsistent({ winner: 'A' }, { winner: 'B' })).toBe(true);
    expect(positionConsistent({ winner: 'A' }, { winner: 'A' })).toBe(false);
    expect(positionConsistent({ winner: 'TIE' }, { winner: 'TIE' })).toBe(true);
    expect(positionConsistent({ winner: 'TIE' }, { winner: 'A' })).toBe(false);
  });

  const criteria = fc.array(
    fc.record({
      weightClass: fc.constantFrom<WeightClass>('CORE', 'IMPORTANT', 'HIGHLIGHT'),
      hardFlaw: fc.boolean(),
      score: fc.integer({ min: -2, max: 2 }),
      title: fc.string({ maxLength: 5 }),
    }),
    { maxLength: 8 },
  );
  const withChoice = (list: { weightClass: WeightClass; hardFlaw: boolean; score: number; title: string }[]) =>
    list.map((c) => ({ ...c, choice: (c.score > 0 ? 'A' : c.score < 0 ? 'B' : 'TIE') as PairChoice }));

  it('mapping the verdict equals aggregating the mapped criteria, and mapping twice changes nothing (either veto)', () => {
    fc.assert(
      fc.property(criteria, fc.constantFrom(ANY_FLAW, DEFAULT_SCORING_PROFILE.pairwise), (list, options) => {
        const judged = withChoice(list);
        const mapped = toAbTerms(aggregatePairwise(judged, options), 'BA');
        expect(
          aggregatePairwise(
            judged.map((c) => criterionToAbTerms(c, 'BA')),
            options,
          ),
        ).toEqual(mapped);
        expect(toAbTerms(mapped, 'BA')).toEqual(aggregatePairwise(judged, options));
      }),
    );
  });
});
