import { describe, expect, it } from 'vitest';
import { healthbenchModelScores, type ResponseToScore } from '@/lib/model-scores/healthbench-model-scores';
import { bootstrapStd } from '@/lib/stats';

const item = (points: number, met: boolean | null, tags: string[] = []) => ({ points, met, tags });
const response = (model: string, items: ResponseToScore['items'], extra: Partial<ResponseToScore> = {}): ResponseToScore => ({
  model,
  ideal: false,
  exampleTags: [],
  items,
  ...extra,
});

describe('healthbenchModelScores', () => {
  it('scores each response as simple-evals calculate_score and takes the clipped mean per model', () => {
    const scores = healthbenchModelScores(
      [
        // healthbench_eval_test.py's case: (7 + 10 − 6) / (7 + 5 + 10) = 0.5.
        response('a', [item(7, true), item(5, false), item(10, true), item(-6, true)]),
        response('a', [item(4, true), item(4, false)]), // 0.5
        response('b', [item(5, false), item(-5, true)]), // −1: the mean is clipped, not the score
        response('b', [item(5, true)]), // 1
        response('b', [item(5, false)]), // 0
      ],
      { seed: 1 },
    );
    expect(scores.map((s) => [s.model, s.scored, s.overall.score])).toEqual([
      ['a', 2, 0.5],
      ['b', 3, 0],
    ]);
  });

  it('leaves out ideal responses unless asked, and counts responses with an ungraded criterion or nothing possible', () => {
    const responses = [
      response('a', [item(5, true)]),
      response('a', [item(5, true), item(3, null)]),
      response('a', [item(-3, false)]),
      response('a', [item(5, false)], { ideal: true }),
    ];
    const [a] = healthbenchModelScores(responses, { seed: 1 });
    expect(a).toMatchObject({ scored: 1, incomplete: 1, nothingPossible: 1, overall: { score: 1, n: 1 } });
    const [withIdeal] = healthbenchModelScores(responses, { seed: 1, includeIdeal: true });
    expect(withIdeal).toMatchObject({ scored: 2, overall: { score: 0.5 } });
  });

  it('per rubric tag over that tag’s items, per example tag the overall score; bootstrap SD of the clipped mean', () => {
    const responses = [
      response('a', [item(6, true, ['axis:accuracy']), item(4, false, ['axis:completeness'])], { exampleTags: ['theme:hedging'] }),
      response('a', [item(6, false, ['axis:accuracy']), item(4, true, ['axis:completeness'])]),
    ];
    const [a] = healthbenchModelScores(responses, { seed: 3 });
    expect(a?.tags.map((t) => [t.key, t.score, t.n])).toEqual([
      ['axis:accuracy', 0.5, 2],
      ['axis:completeness', 0.5, 2],
      ['theme:hedging', 0.6, 1],
    ]);
    const clipped = (values: number[]) => Math.min(1, Math.max(0, values.reduce((s, v) => s + v, 0) / values.length));
    expect(a?.overall.bootstrapStd).toBe(bootstrapStd([0.6, 0.4], clipped, { seed: 3, resamples: 1000 }));
    expect(a?.overall.bootstrapStd).toBeGreaterThan(0);
  });
});
