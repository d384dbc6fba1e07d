// Whether one criterion separates the verified pairs of its query: flagged non-discriminating when it is met by
// every response of those pairs or by none, inverted when the worse response meets it more often (a positive
// criterion) or the better one does (a pitfall, negative points: meeting it is bad). Pure.

/** The app's assumption: a criterion is flagged only when at least this many verified pairs were labelled on it. */
export const DEFAULT_MIN_PAIRS_TO_FLAG = 1;

export interface CriterionCounts {
  points: number;
  /** Verified pairs whose two responses both have a label on the criterion. */
  pairs: number;
  metByPreferred: number;
  metByOther: number;
}

export interface CriterionFlags {
  nonDiscriminating: boolean;
  inverted: boolean;
}

/**
 * nonDiscriminating: metByPreferred + metByOther ∈ {0, 2·pairs}. inverted: metByOther > metByPreferred when
 * points > 0, metByPreferred > metByOther when points < 0 (never for 0 points). Neither below minPairs pairs.
 */
export function flagCriterion(counts: CriterionCounts, minPairs = DEFAULT_MIN_PAIRS_TO_FLAG): CriterionFlags {
  if (counts.pairs < minPairs || counts.pairs === 0) return { nonDiscriminating: false, inverted: false };
  const met = counts.metByPreferred + counts.metByOther;
  const nonDiscriminating = met === 0 || met === 2 * counts.pairs;
  const inverted =
    counts.points > 0 ? counts.metByOther > counts.metByPreferred : counts.points < 0 ? counts.metByPreferred > counts.metByOther : false;
  return { nonDiscriminating, inverted };
}

/**
 * How far a criterion separates its pairs, in [−1, 1]: (metByPreferred − metByOther) / pairs, negated for a pitfall
 * (negative points) and 0 for a criterion of 0 points. 1: met by every preferred response and no other; −1: inverted
 * on every pair; 0: no separation (including met by all or by none). NaN without pairs.
 */
export function criterionSeparation(counts: CriterionCounts): number {
  if (counts.pairs === 0) return Number.NaN;
  return (Math.sign(counts.points) * (counts.metByPreferred - counts.metByOther)) / counts.pairs;
}

/** The separation histogram's bins: SEPARATION_BINS equal widths over [−1, 1], the last including 1. */
export const SEPARATION_BINS = 10;

export function separationBin(separation: number): number {
  return Math.min(SEPARATION_BINS - 1, Math.floor(((separation + 1) / 2) * SEPARATION_BINS));
}

/**
 * flagCriterion's two flags and separationBin(criterionSeparation(…)) as SQL expressions over the given columns, for
 * a statement that flags criteria where their counts are (lib/discriminability/compute-discriminability.ts): the
 * same operations in the same order, held equal to the functions above by lib/discriminability/flag-criterion-sql.test.ts.
 */
export function criterionFlagsSql(columns: {
  points: string;
  pairs: string;
  metByPreferred: string;
  metByOther: string;
  minPairs: string;
}): {
  nonDiscriminating: string;
  inverted: string;
  bin: string;
} {
  const { points, pairs, metByPreferred: mp, metByOther: mo, minPairs } = columns;
  const enough = `(${pairs} >= ${minPairs} AND ${pairs} <> 0)`;
  return {
    nonDiscriminating: `(${enough} AND (${mp} + ${mo} = 0 OR ${mp} + ${mo} = 2 * ${pairs}))`,
    inverted: `(${enough} AND ((${points} > 0 AND ${mo} > ${mp}) OR (${points} < 0 AND ${mp} > ${mo})))`,
    bin: `least(${SEPARATION_BINS - 1}, floor(((sign(${points}::float8) * (${mp} - ${mo}) / ${pairs}::float8 + 1) / 2) * ${SEPARATION_BINS}))::int`,
  };
}
