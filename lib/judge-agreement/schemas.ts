// The agreement page's vocabulary and URL filters, shared by the page, its components and the queries (no database here).
import { dbId } from '@/lib/http/db-id';
import { z } from '@/lib/zod';

export const AGREEMENT_BREAKDOWNS = ['category', 'tier', 'tag', 'model'] as const;
export type AgreementBreakdown = (typeof AGREEMENT_BREAKDOWNS)[number];

/** Seed and resamples of the cluster bootstrap (clusters = queries): the app's choice, fixed so a page is reproducible. */
export const BOOTSTRAP_SEED = 19;
export const BOOTSTRAP_RESAMPLES = 1000;

export const DISAGREEMENT_KINDS = ['majority', 'judge-met', 'judge-not-met', 'split', 'any'] as const;
export type DisagreementKind = (typeof DISAGREEMENT_KINDS)[number];

export const DISAGREEMENT_LABELS: Record<DisagreementKind, string> = {
  majority: 'Judge differs from the majority, or clinicians split',
  'judge-met': 'Judge: met · majority: not met',
  'judge-not-met': 'Judge: not met · majority: met',
  split: 'Clinicians split evenly',
  any: 'Judge differs from any clinician',
};

export const disagreementFilterSchema = z.object({
  kind: z.enum(DISAGREEMENT_KINDS).default('majority').catch('majority'),
  category: z.string().trim().min(1).max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type DisagreementFilter = z.infer<typeof disagreementFilterSchema>;

/** A note against the grading run's prompt template version, citing one disagreement item (form and action). */
export const promptTemplateNoteSchema = z.object({
  runId: dbId,
  responseId: dbId,
  criterionId: dbId,
  body: z.string('Write the note.').trim().min(1, 'Write the note.').max(5_000, 'at most 5000 characters'),
});
export type PromptTemplateNoteInput = z.infer<typeof promptTemplateNoteSchema>;
