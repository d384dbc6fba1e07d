// The shape of a release's figures as the manifest stores them, with the check for manifests frozen before
// issue 20. Types and a pure check only, so the release pages' client components can import it.
import type { ExclusionReason } from '@/lib/releases/stage-candidates';

export interface Proportion {
  count: number;
  n: number;
  /** null when n = 0. */
  rate: number | null;
  /** 95% interval with the queries as clusters (Korn & Graubard's effective-sample-size Wilson interval). */
  interval: [number, number] | null;
  /** The variance inflation from clustering (≥ 1) and the queries holding the n criteria. */
  designEffect: number | null;
  clusters: number;
  /** Secondary: the Wilson interval as if the n criteria were independent. */
  plainInterval: [number, number] | null;
}

/** Concordance of the audited criteria of the release's datasets, each once with its latest final decision. */
export interface ReleaseConcordance {
  /** Final decision ACCEPT among criteria with a final decision. */
  strict: Proportion;
  /** Final decision ACCEPT or REVISE_MINOR among criteria with a final decision. */
  lenient: Proportion;
  finalized: number;
  unresolved: number;
  awaiting: number;
  /** The figure if every unresolved or awaiting criterion ended rejected (low) or accepted (high). */
  bounds: { strict: [number, number] | null; lenient: [number, number] | null };
}

export interface ReleaseFigures {
  candidates: number;
  criteria: number;
  queries: number;
  byCategory: Record<string, number>;
  byTier: Record<string, number>;
  byDepartment: Record<string, number>;
  byDecision: Record<string, number>;
  /** unanimous / adjudicated */
  byProvenance: Record<string, number>;
  excluded: { reason: ExclusionReason; label: string; count: number }[];
  /** A few excluded criteria per reason, to check the rules do what was meant. */
  excludedExamples: { reason: ExclusionReason; criterionId: number; title: string }[];
  /** Strict and lenient concordance of every audited criterion of the datasets, before the release's rules. */
  concordance: ReleaseConcordance;
  /**
   * What the released set is made of, after the rules (which drop rejected, unresolved and low-agreement
   * criteria, so these shares are not a concordance): unanimous decisions, and criteria accepted as written.
   */
  releasedComposition: { unanimous: Proportion; accepted: Proportion };
  /** Mean per-criterion agreement P_i over included criteria with 2+ verdicts, with a 95% interval (queries as clusters). */
  meanAgreement: { mean: number | null; n: number; interval: [number, number] | null };
  /** Fleiss' kappa over only the `subjects` included criteria with the most common number of verdicts (`raters`). */
  fleissKappa: { kappa: number | null; subjects: number; raters: number };
}

/** Figures frozen before issue 20: `concordance` was the released set's unanimous share, `accepted` its accepted share. */
export interface LegacyReleaseFigures extends Omit<ReleaseFigures, 'concordance' | 'releasedComposition'> {
  concordance: { count: number; n: number; rate: number | null; interval: [number, number] | null };
  accepted: { count: number; n: number; rate: number | null; interval: [number, number] | null };
}

/** A manifest's figures as stored: frozen releases keep the shape of the version that froze them. */
export type StoredReleaseFigures = ReleaseFigures | LegacyReleaseFigures;

export function isLegacyFigures(figures: StoredReleaseFigures): figures is LegacyReleaseFigures {
  return !('releasedComposition' in figures);
}
