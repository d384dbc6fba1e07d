import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORING_PROFILE, legacyScoringProfile } from '@/lib/meta-rubrics/scoring-profile';
import { type TieredItem, tieredModelScores } from '@/lib/model-scores/tiered-model-scores';

const item = (tier: TieredItem['tier'], points: number, met: boolean | null, redLine = false): TieredItem => ({
  tier,
  points,
  met,
  redLine,
});
const response = (model: string, items: TieredItem[], ideal = false) => ({ model, ideal, items });

describe('tieredModelScores', () => {
  it('scores each response with the profile and takes the clipped mean per model (hand-computed)', () => {
    const responses = [
      // scoring.ts's example, weights 2:1:1:2, subtract: (2·10 + 1·2 − 2·4) / (2·15 + 1·2) = 14/32.
      response('a', [item('ESSENTIAL', 10, true), item('ESSENTIAL', 5, false), item('HIGHLIGHT', 2, true), item('PITFALL', -4, true)]),
      response('a', [item('ESSENTIAL', 5, true)]), // 1
      // (0 − 2·4) / (2·2) = −2; with the 1 below the mean −0.5 is clipped to 0.
      response('b', [item('ESSENTIAL', 2, false), item('PITFALL', -4, true)]),
      response('b', [item('IMPORTANT', 3, true)]),
      // A red line not met: 0, vetoed.
      response('c', [item('ESSENTIAL', 4, false, true), item('IMPORTANT', 3, true)]),
      response('c', [item('IMPORTANT', 3, true), item('HIGHLIGHT', 1, null)]), // incomplete
      response('c', [item('PITFALL', -2, false)]), // nothing possible with subtract
      response('c', [item('IMPORTANT', 3, false)], true), // ideal: left out
    ];
    const scores = tieredModelScores(responses, { profile: DEFAULT_SCORING_PROFILE, seed: 1 });
    expect(scores.map((s) => [s.model, s.score, s.scored, s.vetoed, s.incomplete, s.nothingPossible])).toEqual([
      ['a', (14 / 32 + 1) / 2, 2, 0, 0, 0],
      ['b', 0, 2, 0, 0, 0],
      ['c', 0, 1, 1, 1, 1],
    ]);
    expect(scores[0]?.bootstrapStd).toBeGreaterThan(0);
    expect(scores[2]?.bootstrapStd).toBe(0);
    const withIdeal = tieredModelScores(responses, { profile: DEFAULT_SCORING_PROFILE, seed: 1, includeIdeal: true });
    expect(withIdeal.find((s) => s.model === 'c')).toMatchObject({ scored: 2, score: 0 });
  });

  it('follows the profile: avoidedShare weights each tier’s fraction, and the veto can be switched off', () => {
    const first = [item('ESSENTIAL', 10, true), item('ESSENTIAL', 5, false), item('HIGHLIGHT', 2, true), item('PITFALL', -4, true)];
    const legacy = legacyScoringProfile(undefined);
    // (2·2/3 + 1·1 + 2·0) / (2 + 1 + 2) = 7/15.
    expect(tieredModelScores([response('a', first)], { profile: legacy, seed: 1 })[0]?.score).toBeCloseTo(7 / 15, 12);
    const vetoed = [item('ESSENTIAL', 4, false, true), item('IMPORTANT', 3, true)];
    expect(tieredModelScores([response('a', vetoed)], { profile: DEFAULT_SCORING_PROFILE, seed: 1 })[0]?.score).toBe(0);
    // No veto: (2·0 + 1·3) / (2·4 + 1·3) = 3/11.
    const noVeto = { ...DEFAULT_SCORING_PROFILE, redLineVeto: false };
    expect(tieredModelScores([response('a', vetoed)], { profile: noVeto, seed: 1 })[0]).toMatchObject({ score: 3 / 11, vetoed: 0 });
  });
});
