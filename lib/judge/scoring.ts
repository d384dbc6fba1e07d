// Scores from judge output: HealthBench's rubric score, a tiered score with red-line vetoes, and the
// aggregate of a pairwise comparison's adaptive criteria. Pure functions, each with its formula. Every constant
// that is the app's choice comes from a scoring profile (lib/meta-rubrics/scoring-profile.ts).
import { TIERS, type Tier } from '@/lib/vocabulary/enums';
import type { PairChoice, WeightClass } from '@/lib/judge/schemas';
import { DEFAULT_SCORING_PROFILE, type ScoringProfile } from '@/lib/meta-rubrics/scoring-profile';

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
  return healthbenchScoreFromSums(achieved, possible);
}

/**
 * HealthBench's score from its two sums, for callers that add them up in SQL: achieved = Σ_{i met} pᵢ,
 * possible = Σ_{i: pᵢ > 0} pᵢ; achieved / possible, NaN when possible ≤ 0.
 */
export function healthbenchScoreFromSums(achieved: number, possible: number): number {
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
/** What the tiered score takes from a scoring profile. */
export type TieredOptions = Pick<ScoringProfile, 'tierWeights' | 'pitfalls' | 'redLineVeto'>;

export interface TierPart {
  /** Positive tiers: points of met items; PITFALL: |points| of pitfalls avoided (not met). */
  achieved: number;
  /** Positive tiers: sum of positive points; PITFALL: sum of |points|. */
  possible: number;
  /** achieved / possible; null when the tier has nothing possible (it is then left out of the score). */
  fraction: number | null;
}

export interface TieredScore {
  /**
   * avoidedShare: in [0, 1]; subtract: at most 1, below 0 when met pitfalls outweigh what was achieved.
   * 0 when vetoed; NaN when nothing with a positive weight is possible.
   */
  score: number;
  vetoed: boolean;
  /** Indexes (in the order given) of the red-line items that were violated. */
  vetoedBy: number[];
  perTier: Record<Tier, TierPart>;
}

/**
 * A tiered score (weights wₜ by tier; items with p ≤ 0 in the positive tiers are ignored). Per tier t, for the
 * report: ESSENTIAL, IMPORTANT, HIGHLIGHT fₜ = Σ_{met, p > 0} p / Σ_{p > 0} p; PITFALL fₜ = Σ_{not met} |p| / Σ |p|.
 *   pitfalls 'subtract' (HealthBench-style): score = (Σ_{positive, met} wₜ·p − Σ_{pitfall, met} w_PITFALL·|p|)
 *     / Σ_{positive} wₜ·p. An avoided pitfall adds nothing, and each criterion weighs its own weighted points,
 *     so a tier with nothing possible does not reweight the others.
 *   pitfalls 'avoidedShare' (the app's first rule): score = Σₜ wₜ·fₜ / Σₜ wₜ over the tiers present
 *     (Σ possible > 0) with wₜ > 0; the pitfall tier scores the share of pitfall weight avoided.
 * Veto (redLineVeto): a red-line item violated (a PITFALL met, or an item of a positive tier not met) sets
 * score = 0 and vetoed = true; perTier is still reported. Weights must be ≥ 0.
 * Example: ESSENTIAL 10 met + 5 unmet, HIGHLIGHT 2 met, PITFALL −4 met, weights 2:1:1:2 →
 * subtract (2·10 + 1·2 − 2·4) / (2·15 + 1·2) = 14/32; avoidedShare (2·2/3 + 1·1 + 2·0) / (2 + 1 + 2) = 7/15.
 */
export function tieredScore(
  items: readonly { tier: Tier; points: number; met: boolean; redLine: boolean }[],
  options: TieredOptions = DEFAULT_SCORING_PROFILE,
): TieredScore {
  const weights = options.tierWeights;
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
  let unvetoed: number;
  if (options.pitfalls === 'subtract') {
    const positive = TIERS.filter((tier) => tier !== 'PITFALL');
    const possible = positive.reduce((sum, tier) => sum + weights[tier] * perTier[tier].possible, 0);
    const achieved = positive.reduce((sum, tier) => sum + weights[tier] * perTier[tier].achieved, 0);
    const penalty = weights.PITFALL * (perTier.PITFALL.possible - perTier.PITFALL.achieved);
    unvetoed = possible > 0 ? (achieved - penalty) / possible : Number.NaN;
  } else {
    unvetoed = totalWeight > 0 ? weighted / totalWeight : Number.NaN;
  }
  const vetoed = options.redLineVeto && vetoedBy.length > 0;
  return { score: vetoed ? 0 : unvetoed, vetoed, vetoedBy, perTier };
}

export type WeightClassWeights = Record<WeightClass, number>;
/** What the pairwise aggregate takes from a scoring profile. */
export type PairwiseOptions = ScoringProfile['pairwise'];

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

/** The reason of a vetoed verdict: both sides' flaws for a vetoed tie, else the losing side's. */
function reasonOf(score: number, vetoed: boolean, hardFlaws: PairwiseAggregate['hardFlaws']): string | null {
  if (!vetoed) return null;
  if (score === 0) return vetoReasonFor(hardFlaws);
  return score > 0 ? vetoReasonFor({ A: [], B: hardFlaws.B }) : vetoReasonFor({ A: hardFlaws.A, B: [] });
}

function winnerOf(score: number, tieBand: number): PairChoice {
  if (Math.abs(score) < tieBand) return 'TIE';
  return score > 0 ? 'A' : 'B';
}

/**
 * The verdict of a comparison from its criteria (scores −2..+2, positive favours A; weights w by weight class).
 * A hardFlaw criterion with choice A means B has the flaw (and the reverse); with choice TIE it flags nobody.
 * 1. Veto, veto 'anyHardFlaw' (the app's first rule): if only one side has hard flaws, the other wins outright
 *    (score +2 or −2, vetoed); if both do: score 0, TIE, vetoed.
 *    Veto 'byWeightClass': let f_A, f_B be the weight of each side's heaviest hard flaw (0 without one). Equal
 *    flaws (f_A = f_B) cancel: nobody is vetoed. Otherwise the side with the heavier flaw loses outright, unless
 *    it wins some criterion of a heavier weight class than that flaw (then the aggregate decides). So a
 *    HIGHLIGHT flaw no longer outweighs two CORE criteria, and two flaws no longer discard everything else.
 * 2. Otherwise score = Σ w_c·s_c / Σ w_c over the criteria whose choice is not TIE; 0 when every criterion is
 *    tied (or the non-tied ones weigh 0).
 * 3. winner = TIE when |score| < tieBand, else A if score > 0, B if score < 0.
 * Example (weights 5/2/1): CORE +1, HIGHLIGHT −2, IMPORTANT TIE → (5·1 + 1·(−2)) / (5 + 1) = 0.5 → A.
 */
export function aggregatePairwise(
  criteria: readonly { title?: string; weightClass: WeightClass; hardFlaw: boolean; choice: PairChoice; score: number }[],
  options: PairwiseOptions = DEFAULT_SCORING_PROFILE.pairwise,
): PairwiseAggregate {
  const { weights, tieBand } = options;
  const hardFlaws: PairwiseAggregate['hardFlaws'] = { A: [], B: [] };
  const heaviestFlaw = { A: 0, B: 0 };
  let weighted = 0;
  let totalWeight = 0;
  criteria.forEach((criterion, index) => {
    const title = criterion.title ?? `criterion ${index + 1}`;
    if (criterion.choice === 'TIE') return;
    const weight = weights[criterion.weightClass];
    if (!(weight >= 0)) throw new RangeError(`aggregatePairwise: weight of ${criterion.weightClass} must be ≥ 0, got ${weight}`);
    if (criterion.hardFlaw) {
      const flawed = criterion.choice === 'A' ? 'B' : 'A';
      hardFlaws[flawed].push(title);
      heaviestFlaw[flawed] = Math.max(heaviestFlaw[flawed], weight);
    }
    weighted += weight * criterion.score;
    totalWeight += weight;
  });
  const aggregate = totalWeight > 0 ? weighted / totalWeight : 0;
  const unvetoed = { score: aggregate, winner: winnerOf(aggregate, tieBand), vetoed: false, vetoReason: null, hardFlaws };
  if (hardFlaws.A.length === 0 && hardFlaws.B.length === 0) return unvetoed;
  if (options.veto === 'anyHardFlaw') {
    const aFlawed = hardFlaws.A.length > 0;
    const bFlawed = hardFlaws.B.length > 0;
    const score = aFlawed && bFlawed ? 0 : aFlawed ? -2 : 2;
    return { score, winner: winnerOf(score, tieBand), vetoed: true, vetoReason: reasonOf(score, true, hardFlaws), hardFlaws };
  }
  if (heaviestFlaw.A === heaviestFlaw.B) return unvetoed;
  const loser = heaviestFlaw.A > heaviestFlaw.B ? 'A' : 'B';
  const overridden = criteria.some((c) => c.choice === loser && weights[c.weightClass] > heaviestFlaw[loser]);
  if (overridden) return unvetoed;
  const score = loser === 'A' ? -2 : 2;
  return { score, winner: winnerOf(score, tieBand), vetoed: true, vetoReason: reasonOf(score, true, hardFlaws), hardFlaws };
}

const swapChoice = (choice: PairChoice): PairChoice => (choice === 'A' ? 'B' : choice === 'B' ? 'A' : 'TIE');

/**
 * A result judged in presented order mapped to canonical A/B terms. In order BA the judge saw response B as
 * "A", so its score is negated, its winner swapped and its hard flaws swapped (the veto reason is rebuilt
 * from them and the mapped score). Order AB returns the result unchanged.
 */
export function toAbTerms(result: PairwiseAggregate, presentedOrder: 'AB' | 'BA'): PairwiseAggregate {
  if (presentedOrder === 'AB') return result;
  const hardFlaws = { A: [...result.hardFlaws.B], B: [...result.hardFlaws.A] };
  const score = result.score === 0 ? 0 : -result.score;
  return {
    score,
    winner: swapChoice(result.winner),
    vetoed: result.vetoed,
    vetoReason: reasonOf(score, result.vetoed, hardFlaws),
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
