// Whether a judge errs towards one side of a pair more than towards the other, given what the humans preferred:
// the side is "marked" by an attribute the judge should not reward (the longer response, the judge's own model).
import { clusterBootstrapIntervals } from '@/lib/stats';

/** One judge judgement of a pair whose preferred response humans agree on. */
export interface MarkedJudgement {
  queryId: number;
  /** Whether the humans preferred the marked response. */
  humanMarked: boolean;
  judge: 'marked' | 'other' | 'tie';
}

export interface ConditionTally {
  judgements: number;
  judgeMarked: number;
  judgeOther: number;
  ties: number;
}

export interface ConditionalPreference {
  /** Judgements where the humans preferred the other response, and what the judge chose. */
  humanOther: ConditionTally;
  /** Judgements where the humans preferred the marked response. */
  humanMarked: ConditionTally;
  /** P(judge prefers marked | humans preferred other): errors towards the marked side. */
  towardMarked: number;
  /** P(judge prefers other | humans preferred marked): errors towards the other side. */
  towardOther: number;
  /** towardMarked − towardOther: 0 for a judge whose errors ignore the mark; NaN when a condition is empty. */
  bias: number;
  /** Percentile bootstrap interval of `bias`, resampling queries. */
  interval: [number, number];
  queries: number;
}

const COLUMNS = 6;
const towardOf = (sums: ArrayLike<number>) => {
  const otherN = (sums[0] as number) + (sums[1] as number) + (sums[2] as number);
  const markedN = (sums[3] as number) + (sums[4] as number) + (sums[5] as number);
  return {
    towardMarked: otherN > 0 ? (sums[0] as number) / otherN : Number.NaN,
    towardOther: markedN > 0 ? (sums[4] as number) / markedN : Number.NaN,
  };
};

/**
 * Per condition (humans preferred the marked / the other response), how often the judge chose each side; a tie is
 * no error. bias = P(judge marked | humans other) − P(judge other | humans marked): a judge whose mistakes are
 * independent of the mark errs as often in both directions. Queries are the clusters of the bootstrap (seeded).
 */
export function compareConditionalPreference(
  judgements: readonly MarkedJudgement[],
  { seed = 22, resamples = 1000 }: { seed?: number; resamples?: number } = {},
): ConditionalPreference {
  // Per query: [humans other: judge marked, judge other, tie, humans marked: judge marked, judge other, tie].
  const byQuery = new Map<number, Float64Array>();
  for (const judgement of judgements) {
    const counts = byQuery.get(judgement.queryId) ?? new Float64Array(COLUMNS);
    const column = (judgement.humanMarked ? 3 : 0) + (judgement.judge === 'marked' ? 0 : judgement.judge === 'other' ? 1 : 2);
    counts[column] = (counts[column] as number) + 1;
    byQuery.set(judgement.queryId, counts);
  }
  const clusters = [...byQuery.values()];
  const sums = new Float64Array(COLUMNS);
  for (const counts of clusters) for (let c = 0; c < COLUMNS; c++) sums[c] = (sums[c] as number) + (counts[c] as number);
  const tally = (offset: number): ConditionTally => ({
    judgeMarked: sums[offset] as number,
    judgeOther: sums[offset + 1] as number,
    ties: sums[offset + 2] as number,
    judgements: (sums[offset] as number) + (sums[offset + 1] as number) + (sums[offset + 2] as number),
  });
  const { towardMarked, towardOther } = towardOf(sums);
  const [interval] = clusterBootstrapIntervals(
    clusters,
    [
      (resample) => {
        const rates = towardOf(resample);
        return rates.towardMarked - rates.towardOther;
      },
    ],
    { seed, resamples },
  );
  return {
    humanOther: tally(0),
    humanMarked: tally(3),
    towardMarked,
    towardOther,
    bias: towardMarked - towardOther,
    interval: interval ?? [Number.NaN, Number.NaN],
    queries: clusters.length,
  };
}
