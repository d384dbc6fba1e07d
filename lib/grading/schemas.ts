// Input schemas of grading campaigns (clinicians grade responses against their query's criteria): creation and
// sampling (admins), and everything a clinician sends (marks, submission). Shared by forms and server actions.
import { campaignTimingFields, checkbox, list } from '@/lib/audit/schemas';
import { dbId, dbIdRange, dbInt } from '@/lib/http/db-id';
import { CATEGORIES } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';

export const GRADING_STRATA = ['model', 'category', 'model-category'] as const;

/** Which responses a grading campaign grades: a seeded sample of a dataset's responses, stratified. */
export const gradingSelectionSchema = z.object({
  datasetId: z.coerce.number('Choose a dataset').pipe(dbIdRange),
  /** Empty: every category. */
  categories: list(z.enum(CATEGORIES)).default([]),
  /** Response sources (models); empty: every source. */
  models: list(z.string().trim().min(1).max(200)).default([]),
  /** Ideal / reference answers are graded only when asked for (they are never marked as such to clinicians). */
  includeIdeal: checkbox.default(false),
  stratifyBy: z.enum(GRADING_STRATA).default('model'),
  /** How many responses to draw, allocated to strata in proportion to their sizes. */
  responses: z.coerce.number().int().min(1, 'At least one response').max(100_000),
  seed: z.coerce.number().int().min(0).max(2_147_483_647).default(1),
});
export type GradingSelection = z.infer<typeof gradingSelectionSchema>;

export const createGradingCampaignSchema = z
  .object({
    name: z.string('Name the campaign').trim().min(1, 'Name the campaign').max(200),
    description: z.string().trim().max(5_000).optional(),
    /** Shown to the clinicians (the description never is). */
    instructions: z.string().trim().max(5_000).optional(),
    overlapK: z.coerce.number().int().min(1, 'At least 1').max(20, 'At most 20').default(2),
    expertIds: list(z.string().min(1)).refine((ids) => ids.length > 0, 'Choose at least one clinician'),
    ...campaignTimingFields,
    selection: gradingSelectionSchema,
  })
  .refine((input) => new Set(input.expertIds).size >= input.overlapK, {
    path: ['expertIds'],
    message: 'Choose at least as many clinicians as grades wanted per response (k)',
  });
export type CreateGradingCampaignInput = z.infer<typeof createGradingCampaignSchema>;

export const gradingClaimSchema = z.object({ campaignId: dbId });
export const gradingAssignmentSchema = z.object({ assignmentId: dbId });

/** One criterion's mark as the clinician's screen autosaves it. */
export const gradingMarkSchema = z.object({
  assignmentId: dbId,
  criterionId: dbId,
  /** The rowVersion the client last saw (0 for a mark it has never saved). */
  rowVersion: dbInt(0),
  met: z.boolean().nullable().default(null),
  level: z.string().trim().min(1).max(200).nullable().default(null),
  cannotJudge: z.boolean().default(false),
  comment: z.string().max(10_000).nullable().default(null),
  /** Which criterion the clinician is on, to resume there. */
  cursor: dbInt(0).optional(),
});
export type GradingMarkInput = z.infer<typeof gradingMarkSchema>;
