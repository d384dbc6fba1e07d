// Score separation: does a rubric's score order a verified pair as the humans did? Pure; the scores come from
// lib/judge/scoring.ts (HealthBench's score) over whichever criteria and labels the caller chose.
import { type Rate, clusteredRate } from '@/lib/analytics/rate';

export interface SeparationUnit {
  queryId: number;
  /** The rubric's score of the response the humans preferred, and of the other; NaN when undefined. */
  preferred: number;
  other: number;
}

export interface Separation {
  /** Pairs whose preferred response scores strictly higher / pairs scored; queries as clusters. */
  correct: Rate;
  /** Pairs scored equal / pairs scored: counted apart, neither correct nor wrong. */
  ties: Rate;
  /** Pairs whose other response scores strictly higher. */
  wrong: number;
  /** Pairs left out: a score undefined (an unlabelled criterion, or nothing with positive points). */
  unscored: number;
}

/**
 * correct = Σ[s(preferred) > s(other)] / n and ties = Σ[s(preferred) = s(other)] / n over the n pairs with both
 * scores defined; wrong = n − correct − ties. Intervals: clusterWilsonInterval with queries as clusters (several pairs
 * of one query share its rubric), with the design effect. Example: scores (0.8, 0.2), (0.5, 0.5), (0.1, 0.4) →
 * correct 1/3, ties 1/3, wrong 1.
 */
export function scoreSeparation(units: readonly SeparationUnit[]): Separation {
  const scored = units.filter(isScored);
  const correct = clusteredRate(scored.map((unit) => ({ cluster: unit.queryId, success: unit.preferred > unit.other })));
  const ties = clusteredRate(scored.map((unit) => ({ cluster: unit.queryId, success: unit.preferred === unit.other })));
  return { correct, ties, wrong: scored.length - correct.count - ties.count, unscored: units.length - scored.length };
}

const isScored = (unit: SeparationUnit) => Number.isFinite(unit.preferred) && Number.isFinite(unit.other);

export interface SeparationCounts {
  scored: number;
  correct: number;
  ties: number;
  wrong: number;
  unscored: number;
}

/** The counts of scoreSeparation without intervals (one query's pairs, where an interval over one cluster says nothing). */
export function separationCounts(units: readonly SeparationUnit[]): SeparationCounts {
  const counts = { scored: 0, correct: 0, ties: 0, wrong: 0, unscored: 0 };
  for (const unit of units) {
    if (!isScored(unit)) counts.unscored += 1;
    else {
      counts.scored += 1;
      if (unit.preferred > unit.other) counts.correct += 1;
      else if (unit.preferred === unit.other) counts.ties += 1;
      else counts.wrong += 1;
    }
  }
  return counts;
}
