// How much a preference tells about the length difference of the pair, the judge's beside the humans': DIR's point
// that a non-linear length bias escapes a correlation. Binned plug-in mutual information with a cluster bootstrap.
import { binnedMutualInformation, clusterBootstrapIntervals } from '@/lib/stats';
import { mulberry32 } from '@/lib/stats/mulberry32';

/**
 * The app's assumption: bin edges of log₂(length of the first response / length of the second), in characters,
 * the first being chosen by orientPair (an order that says nothing about length or preference). Seven bins,
 * symmetric: ≤ −1 (the second at least twice as long), (−1, −0.5], (−0.5, −0.25], (−0.25, 0.25), [0.25, 0.5),
 * [0.5, 1), ≥ 1.
 */
export const LENGTH_RATIO_EDGES = [-1, -0.5, -0.25, 0.25, 0.5, 1] as const;
export const LENGTH_BIN_LABELS = ['≤ −1', '(−1, −0.5]', '(−0.5, −0.25]', '(−0.25, 0.25)', '[0.25, 0.5)', '[0.5, 1)', '≥ 1'] as const;
const BINS = LENGTH_BIN_LABELS.length;

export interface LengthJudgement {
  queryId: number;
  lengthFirst: number;
  lengthSecond: number;
  human: 'first' | 'second';
  judge: 'first' | 'second' | 'tie';
}

export interface InformationEstimate {
  bits: number;
  /** First-order (Miller–Madow) upward bias of the plug-in estimate, in bits. */
  bias: number;
  interval: [number, number];
}

export interface LengthInformation {
  judgements: number;
  queries: number;
  /** I(judge's preference; length bin): preference first / second / tie. */
  judge: InformationEstimate;
  /** I(humans' preference; length bin) over the same judgements: preference first / second. */
  human: InformationEstimate;
  /** judge − human, with the interval of the difference over the same resamples. */
  difference: { bits: number; interval: [number, number] };
  /** Per bin: judgements, and the share where the judge / the humans preferred the longer response. */
  bins: { label: string; judgements: number; judgeFirst: number; humanFirst: number }[];
}

/**
 * Which of a pair's two responses is "first": a fixed pseudo-random draw from the two ids, symmetric in them. Not the
 * smaller id: when one source always writes longer and was imported first, that order is the length order, and a
 * preference that always follows length would then be constant and carry no information.
 */
export function orientPair(a: number, b: number): [number, number] {
  const [low, high] = a < b ? [a, b] : [b, a];
  const draw = mulberry32((Math.imul(low, 73_856_093) ^ Math.imul(high, 19_349_663)) >>> 0)();
  return draw < 0.5 ? [low, high] : [high, low];
}

/** The bin of a pair's log length ratio (lengths of at least one character). */
export function lengthBin(lengthFirst: number, lengthSecond: number): number {
  const ratio = Math.log2(Math.max(1, lengthFirst) / Math.max(1, lengthSecond));
  if (ratio <= -1) return 0;
  if (ratio <= -0.5) return 1;
  if (ratio <= -0.25) return 2;
  if (ratio < 0.25) return 3;
  if (ratio < 0.5) return 4;
  if (ratio < 1) return 5;
  return 6;
}

// A query's counts: the judge's table (bin × first/second/tie), then the humans' (bin × first/second).
const JUDGE_WIDTH = BINS * 3;
const WIDTH = JUDGE_WIDTH + BINS * 2;
const judgeTable = (sums: ArrayLike<number>) => Array.from({ length: BINS }, (_, b) => [0, 1, 2].map((c) => sums[b * 3 + c] as number));
const humanTable = (sums: ArrayLike<number>) =>
  Array.from({ length: BINS }, (_, b) => [0, 1].map((c) => sums[JUDGE_WIDTH + b * 2 + c] as number));

/**
 * Î(judge; bin) and Î(humans; bin), binnedMutualInformation over the same judgements, their difference, and percentile
 * bootstrap intervals resampling queries (seeded). The plug-in bias is about the same for both (same bins, same N):
 * the difference is the figure the verdict reads.
 */
export function compareLengthInformation(
  judgements: readonly LengthJudgement[],
  { seed = 22, resamples = 1000 }: { seed?: number; resamples?: number } = {},
): LengthInformation {
  const byQuery = new Map<number, Float64Array>();
  for (const judgement of judgements) {
    const counts = byQuery.get(judgement.queryId) ?? new Float64Array(WIDTH);
    const bin = lengthBin(judgement.lengthFirst, judgement.lengthSecond);
    const judgeColumn = bin * 3 + (judgement.judge === 'first' ? 0 : judgement.judge === 'second' ? 1 : 2);
    const humanColumn = JUDGE_WIDTH + bin * 2 + (judgement.human === 'first' ? 0 : 1);
    counts[judgeColumn] = (counts[judgeColumn] as number) + 1;
    counts[humanColumn] = (counts[humanColumn] as number) + 1;
    byQuery.set(judgement.queryId, counts);
  }
  const clusters = [...byQuery.values()];
  const sums = new Float64Array(WIDTH);
  for (const counts of clusters) for (let c = 0; c < WIDTH; c++) sums[c] = (sums[c] as number) + (counts[c] as number);
  const judge = binnedMutualInformation(judgeTable(sums));
  const human = binnedMutualInformation(humanTable(sums));
  const [judgeInterval, humanInterval, differenceInterval] = clusterBootstrapIntervals(
    clusters,
    [
      (resample) => binnedMutualInformation(judgeTable(resample)).bits,
      (resample) => binnedMutualInformation(humanTable(resample)).bits,
      (resample) => binnedMutualInformation(judgeTable(resample)).bits - binnedMutualInformation(humanTable(resample)).bits,
    ],
    { seed, resamples },
  );
  const none: [number, number] = [Number.NaN, Number.NaN];
  return {
    judgements: judgements.length,
    queries: clusters.length,
    judge: { ...judge, interval: judgeInterval ?? none },
    human: { ...human, interval: humanInterval ?? none },
    difference: { bits: judge.bits - human.bits, interval: differenceInterval ?? none },
    bins: LENGTH_BIN_LABELS.map((label, b) => {
      const [judgeFirst = 0, judgeSecond = 0, ties = 0] = judgeTable(sums)[b] ?? [];
      const [humanFirst = 0] = humanTable(sums)[b] ?? [];
      const n = judgeFirst + judgeSecond + ties;
      return { label, judgements: n, judgeFirst: n ? judgeFirst / n : Number.NaN, humanFirst: n ? humanFirst / n : Number.NaN };
    }),
  };
}
