// HealthBench's score per model (response source), as simple-evals healthbench_eval.py reports it: per response
// the overall score and one score per rubric tag (axis:…, over the items with that tag) and per example tag
// (theme:…, the overall score); per model and key the mean clipped to [0, 1], with its bootstrap standard
// deviation. Ideal/reference responses are left out unless asked for; a response with any criterion ungraded is
// left out and counted.
import { healthbenchScore } from '@/lib/judge/scoring';
import { bootstrapStd } from '@/lib/stats';

export interface ScoredItem {
  points: number;
  tags: readonly string[];
  /** null: not graded (or no clear label), which leaves the whole response out. */
  met: boolean | null;
}

export interface ResponseToScore {
  model: string;
  ideal: boolean;
  /** The query's tags (HealthBench example_tags such as theme:emergency_referrals). */
  exampleTags: readonly string[];
  items: readonly ScoredItem[];
}

export interface MetricScore {
  key: string;
  /** Mean of the responses' scores, clipped to [0, 1]; NaN with none. */
  score: number;
  n: number;
  bootstrapStd: number;
}

export interface ModelScore {
  model: string;
  /** Responses in the score. */
  scored: number;
  /** Left out: a criterion without a grade. */
  incomplete: number;
  /** Left out: no criterion with positive points (HealthBench's score is undefined). */
  nothingPossible: number;
  overall: MetricScore;
  /** Per rubric tag and example tag, by key. */
  tags: MetricScore[];
}

export interface ModelScoreOptions {
  includeIdeal?: boolean;
  seed: number;
  resamples?: number;
}

const clippedMean = (values: number[]) => Math.min(1, Math.max(0, values.reduce((sum, value) => sum + value, 0) / values.length));

function metric(key: string, values: number[], seed: number, resamples: number): MetricScore {
  return {
    key,
    score: values.length === 0 ? Number.NaN : clippedMean(values),
    n: values.length,
    bootstrapStd: bootstrapStd(values, clippedMean, { seed, resamples }),
  };
}

/** The metrics of one response: overall, each rubric tag's score over its items, each example tag = overall. */
function responseMetrics(response: ResponseToScore): Map<string, number> | null {
  const items = response.items.map((item) => ({ points: item.points, met: item.met === true }));
  const overall = healthbenchScore(items);
  if (Number.isNaN(overall)) return null;
  const metrics = new Map<string, number>([['overall', overall]]);
  const byTag = new Map<string, { points: number; met: boolean }[]>();
  for (const item of response.items) {
    for (const tag of new Set(item.tags)) byTag.set(tag, [...(byTag.get(tag) ?? []), { points: item.points, met: item.met === true }]);
  }
  for (const [tag, tagItems] of byTag) {
    const score = healthbenchScore(tagItems);
    if (!Number.isNaN(score)) metrics.set(tag, score);
  }
  for (const tag of new Set(response.exampleTags)) metrics.set(tag, overall);
  return metrics;
}

export function healthbenchModelScores(
  responses: readonly ResponseToScore[],
  { includeIdeal = false, seed, resamples = 1000 }: ModelScoreOptions,
): ModelScore[] {
  const models = new Map<string, { incomplete: number; nothingPossible: number; values: Map<string, number[]> }>();
  for (const response of responses) {
    if (response.ideal && !includeIdeal) continue;
    let model = models.get(response.model);
    if (!model) {
      model = { incomplete: 0, nothingPossible: 0, values: new Map([['overall', []]]) };
      models.set(response.model, model);
    }
    if (response.items.length === 0 || response.items.some((item) => item.met === null)) {
      model.incomplete++;
      continue;
    }
    const metrics = responseMetrics(response);
    if (!metrics) {
      model.nothingPossible++;
      continue;
    }
    for (const [key, value] of metrics) model.values.set(key, [...(model.values.get(key) ?? []), value]);
  }
  return [...models.entries()]
    .map(([model, { incomplete, nothingPossible, values }]) => ({
      model,
      scored: values.get('overall')?.length ?? 0,
      incomplete,
      nothingPossible,
      overall: metric('overall', values.get('overall') ?? [], seed, resamples),
      tags: [...values.entries()]
        .filter(([key]) => key !== 'overall')
        .map(([key, list]) => metric(key, list, seed, resamples))
        .sort((a, b) => a.key.localeCompare(b.key)),
    }))
    .sort((a, b) => a.model.localeCompare(b.model));
}
