// Human–judge agreement on pairwise preferences as MT-Bench reports it (Zheng et al. 2023, "Judging LLM-as-a-
// judge", §4.2): every (human vote, judge verdict) pair counts once, so a pair reviewed by two reviewers
// contributes two votes.
//   with ties:    agreement = #{h = j} / n over all votes, classes A / TIE / B;
//   without ties: the same over the votes where neither the human nor the judge said TIE.
// Cohen's kappa is over the 3 classes of all votes (lib/stats). Every rate's interval takes the query as the
// cluster (votes on pairs of one query are not independent). Reviewer–reviewer agreement is Krippendorff's
// alpha over the comparisons several reviewers judged, which no ordering of reviewers can change.
// Pure functions; the SQL that gathers the votes is in compute-pairwise-analytics.ts.
import { type Rate, clusteredRate } from '@/lib/analytics/rate';
import { type PreferenceClass, preferenceClass } from '@/lib/pairwise/terms';
import { cohenKappa, krippendorffAlphaFromCoincidences } from '@/lib/stats';

export interface Vote {
  human: PreferenceClass;
  judge: PreferenceClass;
  /** The query of the pair (the cluster of the interval). */
  queryId: number;
}

export interface Agreement {
  votes: number;
  withTies: Rate;
  withoutTies: Rate;
  kappa: number;
}

export function mtBenchAgreement(votes: readonly Vote[]): Agreement {
  const decided = votes.filter((vote) => vote.human !== 'TIE' && vote.judge !== 'TIE');
  const agreeing = (list: readonly Vote[]) => list.map((vote) => ({ cluster: vote.queryId, success: vote.human === vote.judge }));
  return {
    votes: votes.length,
    withTies: clusteredRate(agreeing(votes)),
    withoutTies: clusteredRate(agreeing(decided)),
    kappa: cohenKappa(
      votes.map((vote) => vote.human),
      votes.map((vote) => vote.judge),
    ).kappa,
  };
}

export interface ReviewerAgreement {
  /** Comparisons with at least two reviews: the units of alpha. */
  units: number;
  /** Krippendorff's alpha, nominal over A / TIE / B. */
  alphaNominal: number;
  /** Krippendorff's alpha, ordinal over the 5-point preference (−2 A much better … +2 B much better). */
  alphaOrdinal: number;
  /** Unordered pairs of two reviewers' votes on the same comparison that name the same class, over all such pairs. */
  withTies: Rate;
  /** The same over the pairs where neither vote is a tie. */
  withoutTies: Rate;
}

const CLASSES: readonly PreferenceClass[] = ['A', 'TIE', 'B'];
const PREFERENCES = [-2, -1, 0, 1, 2] as const;

/** Krippendorff's coincidences o_ck = Σ_u n_uc·(n_uk − [c = k]) / (m_u − 1) over units with two or more values. */
function coincidences<T>(units: readonly (readonly T[])[], categories: readonly T[]): number[][] {
  const matrix = categories.map(() => categories.map(() => 0));
  for (const values of units) {
    if (values.length < 2) continue;
    const counts = categories.map((category) => values.filter((value) => value === category).length);
    counts.forEach((c, i) => {
      counts.forEach((k, j) => {
        const row = matrix[i] as number[];
        row[j] = (row[j] ?? 0) + (c * (i === j ? c - 1 : k)) / (values.length - 1);
      });
    });
  }
  return matrix;
}

/** One submitted review: who reviewed which comparison (of which query) and the preference −2..+2 (B positive). */
export interface Review {
  comparisonId: number;
  queryId: number;
  reviewerId: string;
  preference: number;
}

/**
 * Agreement between reviewers on the comparisons several of them judged, one vote per reviewer and comparison.
 * Every figure depends only on each comparison's multiset of votes, never on who cast which or in what order,
 * so relabelling reviewers cannot change it (the test relabels them).
 */
export function reviewerAgreement(reviews: readonly Review[]): ReviewerAgreement {
  const byComparison = new Map<number, { queryId: number; votes: Map<string, number> }>();
  for (const review of reviews) {
    const comparison = byComparison.get(review.comparisonId) ?? { queryId: review.queryId, votes: new Map<string, number>() };
    comparison.votes.set(review.reviewerId, review.preference);
    byComparison.set(review.comparisonId, comparison);
  }
  // Units in comparison order and each unit's votes sorted: the α sums then run in one order whatever the order
  // of the reviews or the reviewers' ids, so relabelling changes no figure, not even in its last bit.
  const units = [...byComparison.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { queryId, votes }]) => ({ queryId, preferences: [...votes.values()].sort((x, y) => x - y) }))
    .filter((unit) => unit.preferences.length >= 2);
  const pairs: { cluster: number; success: boolean; decided: boolean }[] = [];
  for (const { queryId, preferences } of units) {
    const classes = preferences.map(preferenceClass);
    for (let i = 0; i < classes.length; i++) {
      for (let j = i + 1; j < classes.length; j++) {
        pairs.push({ cluster: queryId, success: classes[i] === classes[j], decided: classes[i] !== 'TIE' && classes[j] !== 'TIE' });
      }
    }
  }
  return {
    units: units.length,
    alphaNominal: krippendorffAlphaFromCoincidences(
      coincidences(
        units.map((unit) => unit.preferences.map(preferenceClass)),
        CLASSES,
      ),
      CLASSES,
      'nominal',
    ),
    alphaOrdinal: krippendorffAlphaFromCoincidences(
      coincidences(
        units.map((unit) => unit.preferences),
        PREFERENCES,
      ),
      PREFERENCES,
      'ordinal',
    ),
    withTies: clusteredRate(pairs),
    withoutTies: clusteredRate(pairs.filter((pair) => pair.decided)),
  };
}

/** Pearson's r = Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)² Σ(y−ȳ)²); NaN with fewer than 2 points or no spread. */
export function pearson(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.x - meanX) * (p.y - meanY);
    sxx += (p.x - meanX) ** 2;
    syy += (p.y - meanY) ** 2;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}
