// Human–judge agreement on pairwise preferences as MT-Bench reports it (Zheng et al. 2023, "Judging LLM-as-a-
// judge", §4.2): every (human vote, judge verdict) pair counts once, so a pair reviewed by two reviewers
// contributes two votes.
//   with ties:    agreement = #{h = j} / n over all votes, classes A / TIE / B;
//   without ties: the same over the votes where neither the human nor the judge said TIE.
// Cohen's kappa is over the 3 classes of all votes (lib/stats). Pure functions; the SQL that gathers the votes
// is in compute-pairwise-analytics.ts.
import { type Rate, rate } from '@/lib/analytics/compute-dashboard';
import type { PreferenceClass } from '@/lib/pairwise/terms';
import { cohenKappa } from '@/lib/stats';

export interface Vote {
  human: PreferenceClass;
  judge: PreferenceClass;
}

export interface Agreement {
  votes: number;
  withTies: Rate;
  withoutTies: Rate;
  kappa: number;
}

export function mtBenchAgreement(votes: readonly Vote[]): Agreement {
  const agreeing = votes.filter((vote) => vote.human === vote.judge).length;
  const decided = votes.filter((vote) => vote.human !== 'TIE' && vote.judge !== 'TIE');
  const decidedAgreeing = decided.filter((vote) => vote.human === vote.judge).length;
  return {
    votes: votes.length,
    withTies: rate(agreeing, votes.length),
    withoutTies: rate(decidedAgreeing, decided.length),
    kappa: cohenKappa(
      votes.map((vote) => vote.human),
      votes.map((vote) => vote.judge),
    ).kappa,
  };
}

/**
 * Reviewer–reviewer agreement on pairs several reviewers judged: every unordered pair of two reviewers'
 * votes on the same comparison is one item (a pair reviewed by 3 gives 3 items), the same statistics as
 * above with the two reviewers in place of human and judge (the lower reviewer id is the first rater).
 */
export function reviewerPairs(votesByComparison: ReadonlyMap<number, readonly { reviewerId: string; human: PreferenceClass }[]>): Vote[] {
  const pairs: Vote[] = [];
  for (const votes of votesByComparison.values()) {
    const sorted = [...votes].sort((a, b) => (a.reviewerId < b.reviewerId ? -1 : a.reviewerId > b.reviewerId ? 1 : 0));
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const first = sorted[i];
        const second = sorted[j];
        if (first && second) pairs.push({ human: first.human, judge: second.human });
      }
    }
  }
  return pairs;
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
