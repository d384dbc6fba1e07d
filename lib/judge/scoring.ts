// Scores from judge output: HealthBench's rubric score, a tiered score with red-line vetoes, and the
// aggregate of a pairwise comparison's adaptive criteria. Pure functions, each with its formula.
import { TIERS, type Tier } from '@/lib/vocabulary/enums';
import type { PairChoice, WeightClass } from '@/lib/judge/schemas';

/**
 * HealthBench's score of one response: s = Σ_{i met} pᵢ / Σ_{i: pᵢ > 0} pᵢ.
 * Met negative items subtract, so s can be below 0; it is at most 1. NaN when no item has positive points
 * (nothing to achieve). Example: points [7, 5, 10, −6], met [T, F, T, T] → (7 + 10 − 6) / 22 = 0.5.
 */
export function healthbenchScore(items: readonly { points: number; met: boolean }[]): number {
  let achieved = 0;
  let possible = 0;
  for (const { points, met } of items) {
    if (met) achieved += points;
    if (points > 0) possible += points;
  }
  return possible > 0 ? achieved / possible : Number.NaN;
}

/**
 * HealthBench's overall score of a run: clip(mean(sᵢ), 0, 1). The mean is clipped, not each score, so a
 * negative score pulls the mean down. NaN scores (responses with nothing to achieve) are left out of the
 * mean; NaN when no score remains.
 */
export function runMeanScore(scores: readonly number[]): number {
  const usable = scores.filter((score) => !Number.isNaN(score));
  if (usable.length === 0) return Number.NaN;
  const mean = usable.reduce((sum, score) => sum + score, 0) / usable.length;
  return Math.min(1, Math.max(0, mean));
}

export type TierWeights = Record<Tier, number>;
export const DEFAULT_TIER_WEIGHTS: TierWeights = { ESSENTIAL: 2, IMPORTANT: 1, HIGHLIGHT: 1, PITFALL: 2 };

export interface TierPart {
  /** Positive tiers: points of met items; PITFALL: |points| of pitfalls avoided (not met). */
  achieved: number;
  /** Positive tiers: sum of positive points; PITFALL: sum of |points|. */
  possible: number;
  /** achieved / possible; null when the tier has nothing possible (it is then left out of the score). */
  fraction: number | null;
}

export interface TieredScore {
  /** In [0, 1]; 0 when vetoed; NaN when no tier with a positive weight has anything possible. */
  score: number;
  vetoed: boolean;
  /** Indexes (in the order given) of the red-line items that were violated. */
  vetoedBy: number[];
  perTier: Record<Tier, TierPart>;
}

/**
 * A tiered score. Per tier t:
 *   ESSENTIAL, IMPORTANT, HIGHLIGHT: fₜ = Σ_{met, p > 0} p / Σ_{p > 0} p  (items with p ≤ 0 in these tiers are ignored)
 *   PITFALL:                          fₜ = Σ_{not met} |p| / Σ |p|        (the share of pitfall weight avoided)
 * score = Σₜ wₜ·fₜ / Σₜ wₜ over the tiers present (Σ possible > 0) with wₜ > 0.
 * Veto: a red-line item violated (a PITFALL met, or an item of a positive tier not met) sets score = 0
 * and vetoed = true; perTier is still reported. Weights must be ≥ 0.
 * Example: ESSENTIAL 10 met + 5 unmet (f = 2/3), HIGHLIGHT 2 met (f = 1), PITFALL −4 met (f = 0), default
 * weights → (2·2/3 + 1·1 + 2·0) / (2 + 1 + 2) = 7/15.
 */
export function tieredScore(
  items: readonly { tier: Tier; points: number; met: boolean; redLine: boolean }[],
  weights: TierWeights = DEFAULT_TIER_WEIGHTS,
): TieredScore {
  for (const tier of TIERS) {
    if (!(weights[tier] >= 0)) throw new RangeError(`tieredScore: weight of ${tier} must be ≥ 0, got ${weights[tier]}`);
  }
  const perTier = Object.fromEntries(TIERS.map((tier) => [tier, { achieved: 0, possible: 0, fraction: null }])) as Record<Tier, TierPart>;
  const vetoedBy: number[] = [];
  items.forEach((item, index) => {
    const part = perTier[item.tier];
    if (item.tier === 'PITFALL') {
      const weight = Math.abs(item.points);
      part.possible += weight;
      if (!item.met) part.achieved += weight;
      if (item.redLine && item.met) vetoedBy.push(index);
    } else {
      if (item.points > 0) {
        part.possible += item.points;
        if (item.met) part.achieved += item.points;
      }
      if (item.redLine && !item.met) vetoedBy.push(index);
    }
  });
  let weighted = 0;
  let totalWeight = 0;
  for (const tier of TIERS) {
    const part = perTier[tier];
    if (part.possible <= 0) continue;
    part.fraction = part.achieved / part.possible;
    if (weights[tier] > 0) {
      weighted += weights[tier] * part.fraction;
      totalWeight += weights[tier];
    }
  }
  const vetoed = vetoedBy.length > 0;
  const score = vetoed ? 0 : totalWeight > 0 ? weighted / totalWeight : Number.NaN;
  return { score, vetoed, vetoedBy, perTier };
}

export type WeightClassWeights = Record<WeightClass, number>;
export const DEFAULT_WEIGHT_CLASS_WEIGHTS: WeightClassWeights = { CORE: 5, IMPORTANT: 2, HIGHLIGHT: 1 };

/** |aggregate score| below this is a tie: less than a quarter of "somewhat better" on the weighted average. */
export const PAIRWISE_TIE_BAND = 0.25;

export interface PairwiseAggregate {
  /** −2..+2, positive favours A. */
  score: number;
  winner: PairChoice;
  vetoed: boolean;
  vetoReason: string | null;
  /** Titles of the hard-flaw criteria decided against each side (the side that has the flaw). */
  hardFlaws: { A: string[]; B: string[] };
}

function vetoReasonFor(hardFlaws: PairwiseAggregate['hardFlaws']): string | null {
  const list = (titles: string[]) => titles.map((title) => `"${title}"`).join(', ');
  if (hardFlaws.A.length > 0 && hardFlaws.B.length > 0) {
    return `Both responses have hard flaws: A ${list(hardFlaws.A)}; B ${list(hardFlaws.B)}.`;
  }
  if (hardFlaws.A.length > 0) return `Response A has a hard flaw: ${list(hardFlaws.A)}.`;
  if (hardFlaws.B.length > 0) return `Response B has a hard flaw: ${list(hardFlaws.B)}.`;
  return null;
}

function winnerOf(score: number): PairChoice {
  if (Math.abs(score) < PAIRWISE_TIE_BAND) return 'TIE';
  return score > 0 ? 'A' : 'B';
}

/**
 * The verdict of a comparison from its criteria (scores −2..+2, positive favours A).
 * 1. Veto: a hardFlaw criterion with choice A means B has the flaw (and the reverse). If only one side has
 *    hard flaws, the other side wins outright: score = +2 (A wins) or −2 (B wins), vetoed. If both sides
 *    have hard flaws: score 0, TIE, vetoed. A hardFlaw criterion with choice TIE vetoes nobody.
 * 2. Otherwise score = Σ w_c·s_c / Σ w_c over the criteria whose choice is not TIE (w by weight class);
 *    0 when every criterion is tied (or the non-tied ones weigh 0).
 * 3. winner = TIE when |score| < 0.25 (PAIRWISE_TIE_BAND), else A if score > 0, B if score < 0.
 * Example: CORE +1, HIGHLIGHT −2, IMPORTANT TIE → (5·1 + 1·(−2)) / (5 + 1) = 0.5 → A.
 */
export function aggregatePairwise(
  criteria: readonly { title?: string; weightClass: WeightClass; hardFlaw: boolean; choice: PairChoice; score: number }[],
  weights: WeightClassWeights = DEFAULT_WEIGHT_CLASS_WEIGHTS,
): PairwiseAggregate {
  const hardFlaws: PairwiseAggregate['hardFlaws'] = { A: [], B: [] };
  let weighted = 0;
  let totalWeight = 0;
  criteria.forEach((criterion, index) => {
    const title = criterion.title ?? `criterion ${index + 1}`;
    if (criterion.hardFlaw && criterion.choice !== 'TIE') hardFlaws[criterion.choice === 'A' ? 'B' : 'A'].push(title);
    if (criterion.choice === 'TIE') return;
    const weight = weights[criterion.weightClass];
    if (!(weight >= 0)) throw new RangeError(`aggregatePairwise: weight of ${criterion.weightClass} must be ≥ 0, got ${weight}`);
    weighted += weight * criterion.score;
    totalWeight += weight;
  });
  const vetoReason = vetoReasonFor(hardFlaws);
  if (vetoReason !== null) {
    const aFlawed = hardFlaws.A.length > 0;
    const bFlawed = hardFlaws.B.length > 0;
    const score = aFlawed && bFlawed ? 0 : aFlawed ? -2 : 2;
    return { score, winner: winnerOf(score), vetoed: true, vetoReason, hardFlaws };
  }
  const score = totalWeight > 0 ? weighted / totalWeight : 0;
  return { score, winner: winnerOf(score), vetoed: false, vetoReason: null, hardFlaws };
}

const swapChoice = (choice: PairChoice): PairChoice => (choice === 'A' ? 'B' : choice === 'B' ? 'A' : 'TIE');

/**
 * A result judged in presented order mapped to canonical A/B terms. In order BA the judge saw response B as
 * "A", so its score is negated, its winner swapped and its hard flaws swapped (the veto reason is rebuilt
 * from them). Order AB returns the result unchanged.
 */
export function toAbTerms(result: PairwiseAggregate, presentedOrder: 'AB' | 'BA'): PairwiseAggregate {
  if (presentedOrder === 'AB') return result;
  const hardFlaws = { A: [...result.hardFlaws.B], B: [...result.hardFlaws.A] };
  return {
    score: result.score === 0 ? 0 : -result.score,
    winner: swapChoice(result.winner),
    vetoed: result.vetoed,
    vetoReason: vetoReasonFor(hardFlaws),
    hardFlaws,
  };
}

/** One criterion judged in presented order, in canonical A/B terms (order BA: choice swapped, score negated). */
export function criterionToAbTerms<C extends { choice: PairChoice; score: number }>(criterion: C, presentedOrder: 'AB' | 'BA'): C {
  if (presentedOrder === 'AB') return criterion;
  return { ...criterion, choice: swapChoice(criterion.choice), score: criterion.score === 0 ? 0 : -criterion.score };
}

/**
 * Whether a pair judged in both orders gets the same winner: `ab` as judged in order AB, `ba` as judged in
 * order BA (in presented terms, as the judge returned it; it is mapped here). TIE agrees only with TIE.
 */
export function positionConsistent(ab: { winner: PairChoice }, ba: { winner: PairChoice }): boolean {
  return ab.winner === swapChoice(ba.winner);
}
