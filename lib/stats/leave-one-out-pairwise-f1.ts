import { addPairs, type PairCounts, type PairwiseF1Result, pairwiseF1FromCounts } from '@/lib/stats/healthbench-pairwise-f1';

export interface RaterResult {
  rater: string;
  result: PairwiseF1Result;
}

export interface LeaveOneOutResult {
  /** Each rater's meta-evaluation against the other raters of the items they labelled, by rater id. */
  perRater: RaterResult[];
  /** Mean balanced F1 over the raters whose balanced F1 is defined; NaN if none. */
  mean: number;
}

export interface RaterLabel {
  rater: string;
  met: boolean;
}

/**
 * The physician ceiling of HealthBench's meta-evaluation: each rater r is the candidate against the other
 * raters' labels on every item r labelled (as healthbench_meta_eval.py builds physician_rating_lists), and
 * mean = (1/|R|) Σ_{r ∈ R} balancedF1(r) over the raters R with a defined value. A rater alone on an item adds no pair.
 */
export function leaveOneOutPairwiseF1(items: readonly { labels: readonly RaterLabel[] }[]): LeaveOneOutResult {
  const counts = new Map<string, PairCounts>();
  for (const { labels } of items) {
    labels.forEach(({ rater, met }, i) => {
      let tally = counts.get(rater);
      if (!tally) {
        tally = { tp: 0, fp: 0, fn: 0, tn: 0 };
        counts.set(rater, tally);
      }
      addPairs(
        tally,
        met,
        labels.filter((_, other) => other !== i).map((label) => label.met),
      );
    });
  }
  return leaveOneOutFromCounts(counts);
}

/** The same from each rater's pair counts (aggregated in SQL). Raters are listed in id order. */
export function leaveOneOutFromCounts(counts: ReadonlyMap<string, PairCounts>): LeaveOneOutResult {
  const perRater = [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rater, tally]) => ({ rater, result: pairwiseF1FromCounts(tally) }));
  const defined = perRater.map(({ result }) => result.balancedF1.value).filter((value) => !Number.isNaN(value));
  const mean = defined.length === 0 ? Number.NaN : defined.reduce((sum, value) => sum + value, 0) / defined.length;
  return { perRater, mean };
}
