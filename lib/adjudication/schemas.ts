// Input schemas of the adjudication: the queue's URL parameters, and the reviewer's gold decision, which the
// form checks as the reviewer works and the server action checks again (the same schema, and the same
// comparison with the original text through goldTextErrors).
import { DECISIONS, DIMENSIONS, WEIGHT_DIRECTIONS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { revisionSchema } from '@/lib/audit/schemas';
import { dbId, dbInt } from '@/lib/http/db-id';
import { PROPOSAL_FILTERS } from '@/lib/missing-criteria/schemas';

/** An empty URL parameter or form field means "not given" (z.coerce would read it as 0). */
const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The disagreement tabs, and the missing-criterion proposals (lib/missing-criteria). */
export const QUEUE_TABS = ['unresolved', 'adjudicated', 'proposals'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];
export type DisagreementTab = Exclude<QueueTab, 'proposals'>;

/** The queue's URL parameters; anything malformed falls back to the default instead of failing. */
export const queueParamsSchema = z.object({
  tab: z.enum(QUEUE_TABS).default('unresolved').catch('unresolved'),
  campaign: z.preprocess(blankAsUndefined, dbId.optional()).catch(undefined),
  /** Agreement threshold: only criteria whose agreement is at most this (default: every disagreement). */
  max: z.preprocess(blankAsUndefined, z.coerce.number().min(0).max(1).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  /** The proposals tab: which decision it lists. */
  decision: z.enum(PROPOSAL_FILTERS).default('PENDING').catch('PENDING'),
  /** The proposal just decided, whose decision the proposals tab confirms (read back from the database). */
  decided: z.preprocess(blankAsUndefined, dbId.optional()).catch(undefined),
});
export type QueueParams = z.infer<typeof queueParamsSchema>;

/** A page's search parameters as queue parameters; a repeated parameter counts as its first value. */
export function parseQueueParams(searchParams: Record<string, string | string[] | undefined>): QueueParams {
  return queueParamsSchema.parse(
    Object.fromEntries(Object.entries(searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])),
  );
}

const isRevision = (decision: string | null | undefined) => decision === 'REVISE_MINOR' || decision === 'REVISE_MAJOR';

export const adjudicationSchema = z
  .object({
    campaignId: dbId,
    criterionId: dbId,
    /** The rowVersion the reviewer started from (0 when there was no adjudication yet). */
    expectedRowVersion: dbInt(0),
    goldDecision: z.enum(DECISIONS, 'Choose the gold decision'),
    dimensions: z
      .union([z.enum(DIMENSIONS), z.array(z.enum(DIMENSIONS))])
      .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
      .default([]),
    weightDirection: z.preprocess(blankAsUndefined, z.enum(WEIGHT_DIRECTIONS).nullable().default(null)),
    goldText: revisionSchema.nullable().default(null),
    rationale: z.string('Give the rationale for the gold decision').trim().min(1, 'Give the rationale for the gold decision').max(10_000),
  })
  .superRefine((input, context) => {
    if (input.goldDecision === 'ACCEPT') return;
    if (input.dimensions.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['dimensions'],
        message: 'A rejection or revision needs at least one confirmed error dimension',
      });
    if (input.dimensions.includes('WEIGHT') && !input.weightDirection)
      context.addIssue({
        code: 'custom',
        path: ['weightDirection'],
        message: 'A weight error needs its direction (over, under or redundant)',
      });
    if (isRevision(input.goldDecision) && !input.goldText)
      context.addIssue({ code: 'custom', path: ['goldText'], message: 'A revision needs the revised text' });
  })
  // What does not apply to the decision is dropped, so switching decisions in the form never stores leftovers.
  .transform((input) => {
    const accept = input.goldDecision === 'ACCEPT';
    const dimensions = accept ? [] : input.dimensions;
    return {
      ...input,
      dimensions,
      weightDirection: dimensions.includes('WEIGHT') ? input.weightDirection : null,
      goldText: isRevision(input.goldDecision) ? input.goldText : null,
    };
  });
export type AdjudicationInput = z.output<typeof adjudicationSchema>;

export interface OriginalText {
  title: string;
  description: string;
  tier: string;
  points: number;
}

/** A revision must change the text; field errors (keyed like zod's) when it does not. */
export function goldTextErrors(
  input: Pick<AdjudicationInput, 'goldDecision' | 'goldText'>,
  original: OriginalText,
): Record<string, string[]> {
  const text = input.goldText;
  if (!isRevision(input.goldDecision) || !text) return {};
  const changed =
    text.title !== original.title.trim() ||
    text.description !== original.description.trim() ||
    text.tier !== original.tier ||
    text.points !== original.points;
  return changed ? {} : { goldText: ['A revision needs changed text: edit the title, description, tier or points'] };
}

/** The whole check the server makes before it looks at the database, for the form to run as the reviewer saves. */
export function adjudicationErrors(input: unknown, original: OriginalText): Record<string, string[]> {
  const parsed = adjudicationSchema.safeParse(input);
  if (parsed.success) return goldTextErrors(parsed.data, original);
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
