// Concordance, defined once for the dashboard, the release manifest and docs/statistics.md: among the criteria
// with a final decision, strict = the share decided ACCEPT, lenient = the share decided ACCEPT or REVISE_MINOR.
// Criteria still unresolved or awaiting verdicts are not dropped silently: the bounds say where the figure
// would land if every one of them ended accepted (high) or not (low).
import { type Rate, rateFromMoments } from '@/lib/analytics/rate';
import type { ClusterMoments } from '@/lib/stats';

export interface Concordance {
  /** Criteria with a final decision (unanimous or adjudicated). */
  finalized: number;
  /** Complete, disagreeing and not adjudicated. */
  unresolved: number;
  /** Still waiting for verdicts. */
  awaiting: number;
  /** Final decision ACCEPT / criteria with a final decision, queries as clusters. */
  strict: Rate;
  /** Final decision ACCEPT or REVISE_MINOR / criteria with a final decision, queries as clusters. */
  lenient: Rate;
  /**
   * [low, high]: the figure over finalized + unresolved + awaiting criteria if none of the undecided ones were
   * accepted, and if all of them were. [NaN, NaN] with no criterion at all.
   */
  bounds: { strict: [number, number]; lenient: [number, number] };
}

/** The moments of strict (accepted) and lenient (accepted or minor) over finalized criteria, per query. */
export interface ConcordanceCounts {
  unresolved: number;
  awaiting: number;
  strict: ClusterMoments;
  lenient: ClusterMoments;
}

function bounds(accepted: number, finalized: number, undecided: number): [number, number] {
  const all = finalized + undecided;
  return all === 0 ? [Number.NaN, Number.NaN] : [accepted / all, (accepted + undecided) / all];
}

export function computeConcordance({ unresolved, awaiting, strict, lenient }: ConcordanceCounts): Concordance {
  const undecided = unresolved + awaiting;
  return {
    finalized: strict.trials,
    unresolved,
    awaiting,
    strict: rateFromMoments(strict),
    lenient: rateFromMoments(lenient),
    bounds: {
      strict: bounds(strict.successes, strict.trials, undecided),
      lenient: bounds(lenient.successes, lenient.trials, undecided),
    },
  };
}
