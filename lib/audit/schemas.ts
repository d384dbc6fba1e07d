// Input schemas for the blind audit: campaign creation (admin) and everything an expert sends (verdict
// drafts, submissions, amendments, missing-criterion proposals). Shared by forms and server actions.
import { AUDIT_MODES, CATEGORIES, DECISIONS, DIMENSIONS, SEVERITIES, TIERS, WEIGHT_DIRECTIONS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { dbId, dbIdRange, dbInt } from '@/lib/http/db-id';

export const checkbox = z
  .union([z.boolean(), z.enum(['on', 'true', 'false'])])
  .transform((value) => value === true || value === 'on' || value === 'true');
export const list = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]));

/** A campaign's deadline (optional) and reservation length, shared by audit and grading campaigns. */
export const campaignTimingFields = {
  deadline: z
    .string()
    .optional()
    .transform((value) => (value ? new Date(value) : undefined))
    .refine((value) => value === undefined || !Number.isNaN(value.getTime()), 'Not a valid date'),
  reservationMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
};

/** How the criteria under audit are chosen. */
export const selectionSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('filter'),
    datasetId: z.coerce.number('Choose a dataset').pipe(dbIdRange),
    category: z.enum(CATEGORIES).optional(),
    department: z.string().trim().max(200).optional(),
    tier: z.enum(TIERS).optional(),
    tag: z.string().trim().max(200).optional(),
    redLine: z.enum(['yes', 'no']).optional(),
    q: z.string().trim().max(200).optional(),
    maxQueries: z.coerce.number().int().min(1).max(100_000).optional(),
    audit: z.enum(AUDIT_MODES).optional(),
  }),
  z.object({
    mode: z.literal('sample'),
    datasetId: z.coerce.number('Choose a dataset').pipe(dbIdRange),
    /** How many queries to draw; allocated to categories in proportion to the population. */
    queries: z.coerce.number().int().min(1, 'At least one query').max(100_000),
    seed: z.coerce.number().int().min(0).max(2_147_483_647).default(1),
    tiers: list(z.enum(TIERS)).default([...TIERS]),
    audit: z.enum(AUDIT_MODES).optional(),
  }),
]);
export type Selection = z.infer<typeof selectionSchema>;

export const createCampaignSchema = z
  .object({
    name: z.string('Name the campaign').trim().min(1, 'Name the campaign').max(200),
    description: z.string().trim().max(5_000).optional(),
    /** Shown to the experts (the description never is). */
    instructions: z.string().trim().max(5_000).optional(),
    overlapK: z.coerce.number().int().min(1, 'At least 1').max(20, 'At most 20').default(3),
    expertIds: list(z.string().min(1)).refine((ids) => ids.length > 0, 'Choose at least one expert'),
    matchSpecialty: checkbox.default(false),
    dimensions: list(z.enum(DIMENSIONS))
      .refine((dims) => dims.length > 0, 'Keep at least one dimension')
      .default([...DIMENSIONS]),
    ...campaignTimingFields,
    fastThresholdSeconds: z.coerce.number().int().min(0).max(600).default(4),
    selection: selectionSchema,
  })
  .refine((input) => new Set(input.expertIds).size >= input.overlapK, {
    path: ['expertIds'],
    message: 'Choose at least as many experts as verdicts wanted per criterion (k)',
  });
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

/** The proposed text of a revision. */
export const revisionSchema = z.object({
  title: z.string().trim().min(1, 'The title cannot be empty').max(2_000),
  description: z.string().trim().max(20_000),
  tier: z.enum(TIERS),
  points: z.coerce.number().finite().min(-1000).max(1000),
});

export const verdictDraftSchema = z.object({
  assignmentId: dbId,
  criterionId: dbId,
  /** The rowVersion the client last saw (0 for a verdict it has never saved). */
  rowVersion: dbInt(0),
  decision: z.enum(DECISIONS).nullable().default(null),
  dimensions: z.array(z.enum(DIMENSIONS)).max(4).default([]),
  weightDirection: z.enum(WEIGHT_DIRECTIONS).nullable().default(null),
  severity: z.enum(SEVERITIES).nullable().default(null),
  comment: z.string().max(10_000).nullable().default(null),
  proposedRevision: revisionSchema.nullable().default(null),
  /** Seconds spent on this criterion since the last save (added to the running total). */
  secondsDelta: z.coerce.number().int().min(0).max(3600).default(0),
});
export type VerdictDraft = z.infer<typeof verdictDraftSchema>;

export const submitAssignmentSchema = z.object({
  assignmentId: dbId,
  rowVersion: dbInt(1),
  /** Checked with the criteria (lib/audit/verdicts.ts), so a missing rating is reported with every other problem. */
  comprehensiveness: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.coerce.number().int().min(1, 'Rate the completeness of the set').max(5).optional(),
  ),
  comprehensivenessComment: z.string().trim().max(10_000).optional(),
});

export const assignmentStateSchema = z.object({
  assignmentId: dbId,
  rowVersion: dbInt(1),
  cursor: z.coerce.number().int().min(0).max(1000).optional(),
  comprehensiveness: z.coerce.number().int().min(1).max(5).nullable().optional(),
  comprehensivenessComment: z.string().max(10_000).nullable().optional(),
  secondsDelta: z.coerce.number().int().min(0).max(3600).default(0),
});

/**
 * The text of a missing criterion: what an expert proposes, and what a reviewer may edit before accepting it
 * (lib/missing-criteria/schemas.ts extends this same schema, so both forms check the same rules).
 */
export const missingCriterionFieldsSchema = z.object({
  title: z.string('Give the missing criterion a title').trim().min(1, 'Give the missing criterion a title').max(2_000),
  description: z.string().trim().max(20_000).default(''),
  tier: z.enum(TIERS),
  points: z.coerce.number().finite().min(-1000).max(1000),
  redLine: checkbox.default(false),
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : (value ?? '').split(','))
        .map((tag) => tag.trim())
        .filter(Boolean)
        .slice(0, 20),
    ),
});

export const proposalSchema = missingCriterionFieldsSchema.extend({
  assignmentId: dbId,
  /** Present to edit an existing proposal. */
  proposalId: dbId.optional(),
  rowVersion: dbInt(0).default(0),
  rationale: z.string().trim().max(10_000).optional(),
});

export const deleteProposalSchema = z.object({
  assignmentId: dbId,
  proposalId: dbId,
});

export const claimSchema = z.object({ campaignId: dbId });
export const releaseSchema = z.object({ assignmentId: dbId });
export const closeCampaignSchema = z.object({ campaignId: dbId });
