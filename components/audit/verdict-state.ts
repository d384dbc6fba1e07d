// One criterion's verdict as the audit screen holds it, typed with the vocabulary's terms: the draft being
// edited, its save state and row version, and the stored version when another tab saved first.
import type { RevisionText } from '@/components/audit/revision-editor';
import type { ExpertCriterion, ExpertVerdict } from '@/lib/audit/expert-view';
import { revisionSchema } from '@/lib/audit/schemas';
import type { Decision, Dimension, Severity, WeightDirection } from '@/lib/vocabulary/enums';

/** The fields of a verdict as stored. */
export interface StoredVersion {
  decision: Decision | null;
  comment: string | null;
  dimensions: Dimension[];
  weightDirection: WeightDirection | null;
  severity: Severity | null;
  revision: RevisionText | null;
  rowVersion: number;
}

export interface VerdictState extends Omit<StoredVersion, 'comment'> {
  comment: string;
  submitted: boolean;
  save: 'idle' | 'dirty' | 'saving' | 'saved' | 'conflict' | 'error';
  saveError: string | null;
  /** The stored version when another tab changed this verdict first. */
  conflict: StoredVersion | null;
  errors: string[];
}

export function verdictFromServer(verdict: ExpertVerdict | undefined): VerdictState {
  return {
    decision: verdict?.decision ?? null,
    dimensions: verdict?.dimensions ?? [],
    weightDirection: verdict?.weightDirection ?? null,
    severity: verdict?.severity ?? null,
    comment: verdict?.comment ?? '',
    revision: verdict?.proposedRevision ?? null,
    rowVersion: verdict?.rowVersion ?? 0,
    submitted: verdict?.submitted ?? false,
    save: 'idle',
    saveError: null,
    conflict: null,
    errors: [],
  };
}

/** The version another tab stored, as the save's conflict answer sends it (the revision is JSON, so parsed). */
export function storedVersionFrom(stored: (Omit<StoredVersion, 'revision'> & { proposedRevision: unknown }) | null): StoredVersion {
  const revision = revisionSchema.nullable().safeParse(stored?.proposedRevision ?? null);
  return {
    decision: stored?.decision ?? null,
    comment: stored?.comment ?? null,
    dimensions: stored?.dimensions ?? [],
    weightDirection: stored?.weightDirection ?? null,
    severity: stored?.severity ?? null,
    revision: revision.success ? revision.data : null,
    rowVersion: stored?.rowVersion ?? 0,
  };
}

/** The fields of a verdict as stored, taken whole when the expert keeps the version another tab saved. */
export function storedVersion(stored: StoredVersion): Omit<StoredVersion, 'comment'> & { comment: string } {
  return { ...stored, comment: stored.comment ?? '' };
}

export function originalText(criterion: ExpertCriterion): RevisionText {
  return { title: criterion.title, description: criterion.description, tier: criterion.tier, points: criterion.points };
}

/** Choosing a decision: accepting clears the error fields, revising starts from the criterion's own text. */
export function decisionChange(verdict: VerdictState | undefined, criterion: ExpertCriterion, decision: Decision): Partial<VerdictState> {
  const revising = decision === 'REVISE_MINOR' || decision === 'REVISE_MAJOR';
  return {
    decision,
    ...(decision === 'ACCEPT' ? { dimensions: [], weightDirection: null, severity: null } : {}),
    ...(revising && !verdict?.revision ? { revision: originalText(criterion) } : {}),
  };
}
