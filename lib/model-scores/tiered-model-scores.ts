// The tiered score per model (response source): each response scored with lib/judge/scoring.ts tieredScore under a
// scoring profile (the one the run recorded from its meta-rubric version, so the same computation as the judge's
// run results), per model the mean clipped to [0, 1] as runMeanScore does, with its bootstrap standard deviation.
// Left out and counted, as for the HealthBench score: ideal responses unless asked for, a response with a criterion
// ungraded, one with nothing possible (NaN).
import type { Tier } from '@/lib/vocabulary/enums';
import { runMeanScore, type TieredOptions, tieredScore } from '@/lib/judge/scoring';
import { bootstrapStd } from '@/lib/stats';

export interface TieredItem {
  tier: Tier;
  points: number;
  redLine: boolean;
  /** null: not graded (or no clear label), which leaves the whole response out. */
  met: boolean | null;
}

export interface TieredResponse {
  model: string;
  ideal: boolean;
  items: readonly TieredItem[];
}

export interface TieredModelScore {
  model: string;
  /** Mean of the responses' tiered scores, clipped to [0, 1]; NaN with none. */
  score: number;
  bootstrapStd: number;
  scored: number;
  /** Of the scored responses, those a violated red line set to 0. */
  vetoed: number;
  incomplete: number;
  nothingPossible: number;
}

export function tieredModelScores(
  responses: readonly TieredResponse[],
  {
    profile,
    includeIdeal = false,
    seed,
    resamples = 1000,
  }: { profile: TieredOptions; includeIdeal?: boolean; seed: number; resamples?: number },
): TieredModelScore[] {
  const models = new Map<string, { values: number[]; vetoed: number; incomplete: number; nothingPossible: number }>();
  for (const response of responses) {
    if (response.ideal && !includeIdeal) continue;
    let model = models.get(response.model);
    if (!model) {
      model = { values: [], vetoed: 0, incomplete: 0, nothingPossible: 0 };
      models.set(response.model, model);
    }
    if (response.items.length === 0 || response.items.some((item) => item.met === null)) {
      model.incomplete++;
      continue;
    }
    const scored = tieredScore(
      response.items.map((item) => ({ tier: item.tier, points: item.points, redLine: item.redLine, met: item.met === true })),
      profile,
    );
    if (Number.isNaN(scored.score)) {
      model.nothingPossible++;
      continue;
    }
    model.values.push(scored.score);
    if (scored.vetoed) model.vetoed++;
  }
  return [...models.entries()]
    .map(([model, { values, vetoed, incomplete, nothingPossible }]) => ({
      model,
      score: runMeanScore(values),
      bootstrapStd: bootstrapStd(values, runMeanScore, { seed, resamples }),
      scored: values.length,
      vetoed,
      incomplete,
      nothingPossible,
    }))
    .sort((a, b) => a.model.localeCompare(b.model));
}
