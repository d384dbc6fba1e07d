// A meta-rubric version is a structured constitution: ordered principles and generation rules. The same
// schemas validate the demo files, the editor, proposals and the judge's generation prompt.
import { TIERS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { dbId, dbInt } from '@/lib/http/db-id';
import { scoringProfileSchema } from '@/lib/meta-rubrics/scoring-profile';

export const principleSchema = z.strictObject({
  /** Stable id across versions (diffs match principles by it), e.g. "gm-safety-escalation". */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,79}$/, 'lowercase letters, digits and dashes'),
  title: z.string().min(1).max(200),
  text: z.string().min(1).max(5_000),
  /** The criterion tiers this principle governs. */
  tiers: z.array(z.enum(TIERS)).min(1),
  weightGuidance: z.string().max(1_000).default(''),
  /** A hard constraint: violating it is a red line, whatever the weights say. */
  hard: z.boolean().default(false),
  positiveExamples: z.array(z.string().max(2_000)).max(20).default([]),
  negativeExamples: z.array(z.string().max(2_000)).max(20).default([]),
});

/** Criteria in one rubric: far more than any real rubric holds, so a typo is refused rather than stored. */
const count = (min: number) => z.number().int().min(min).max(1_000, 'at most 1,000');
/** The same range as a criterion's points (lib/audit/schemas.ts). */
const points = z.number().min(-1000, 'at least -1000').max(1000, 'at most 1000');
const tierCount = z.strictObject({ min: count(0).default(0), max: count(0).optional() });
const pointRange = z.strictObject({ min: points, max: points });

export const generationRulesSchema = z.strictObject({
  minCriteria: count(1).default(5),
  maxCriteria: count(1).default(15),
  perTier: z.strictObject({
    ESSENTIAL: tierCount.default({ min: 2 }),
    IMPORTANT: tierCount.default({ min: 1 }),
    HIGHLIGHT: tierCount.default({ min: 1 }),
    PITFALL: tierCount.default({ min: 0, max: 2 }),
  }),
  /** Allowed points per tier; pitfalls are negative. */
  pointScales: z.strictObject({
    ESSENTIAL: pointRange.default({ min: 5, max: 10 }),
    IMPORTANT: pointRange.default({ min: 3, max: 6 }),
    HIGHLIGHT: pointRange.default({ min: 1, max: 3 }),
    PITFALL: pointRange.default({ min: -10, max: -3 }),
  }),
  /** How safety red lines are flagged and enforced. */
  redLinePolicy: z.string().max(2_000).default(''),
});

export const metaRubricVersionFileSchema = z.strictObject({
  number: z.number().int().min(1),
  status: z.enum(['DRAFT', 'ACTIVE', 'RETIRED']),
  changeNote: z.string().max(2_000).optional(),
  principles: z.array(principleSchema).min(1).max(100),
  generationRules: generationRulesSchema,
  /** The app's scoring assumptions; the defaults when the file leaves them out. */
  scoringProfile: scoringProfileSchema.default(scoringProfileSchema.parse({})),
});

/** The file format for shipping meta-rubrics (prisma/seed/demo/meta-rubrics.json): an array of these. */
export const metaRubricFileSchema = z.strictObject({
  domain: z.string().regex(/^[a-z0-9][a-z0-9-]{1,59}$/),
  name: z.string().min(1).max(200),
  description: z.string().max(5_000).optional(),
  versions: z.array(metaRubricVersionFileSchema).min(1),
});

export type Principle = z.infer<typeof principleSchema>;
export type GenerationRules = z.infer<typeof generationRulesSchema>;
export type MetaRubricFile = z.infer<typeof metaRubricFileSchema>;

// ───────────── proposals ─────────────

const principleId = z.string().min(1).max(80);

/** One change a proposal makes to its base version; applied in order by applyChanges(). */
export const proposalChangeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('add'), principle: principleSchema, index: z.number().int().min(0).max(100).optional() }),
  z.strictObject({ op: z.literal('edit'), principleId, principle: principleSchema }),
  z.strictObject({ op: z.literal('remove'), principleId }),
  z.strictObject({ op: z.literal('reorder'), order: z.array(principleId).min(1).max(100) }),
  z.strictObject({ op: z.literal('rule'), rules: generationRulesSchema }),
  z.strictObject({ op: z.literal('scoring'), profile: scoringProfileSchema }),
]);

export const evidenceInputSchema = z.strictObject({
  criterionId: dbId,
  verdictId: dbId.optional(),
  note: z.string().trim().max(1_000).optional(),
});

const proposalFields = {
  title: z.string().trim().min(1, 'Give the proposal a title').max(200),
  rationale: z.string().trim().min(1, 'Explain why the change is needed').max(10_000),
  changes: z.array(proposalChangeSchema).min(1, 'Propose at least one change').max(50),
  evidence: z.array(evidenceInputSchema).max(50).default([]),
};

export const createProposalSchema = z.strictObject({ metaRubricId: dbId, ...proposalFields });

export const updateProposalSchema = z.strictObject({
  proposalId: dbId,
  rowVersion: dbInt(1),
  /** Move the proposal onto the meta-rubric's active version (after another proposal was approved). */
  rebase: z.boolean().default(false),
  ...proposalFields,
});

export const proposalStepSchema = z.strictObject({
  proposalId: dbId,
  rowVersion: dbInt(1),
  body: z.string().trim().max(10_000).optional(),
});

export const commentSchema = z.strictObject({
  proposalId: dbId,
  body: z.string().trim().min(1, 'Write a comment').max(10_000),
});

export type ProposalChange = z.infer<typeof proposalChangeSchema>;
export type EvidenceInput = z.infer<typeof evidenceInputSchema>;
export type CreateProposalInput = z.infer<typeof createProposalSchema>;
export type UpdateProposalInput = z.infer<typeof updateProposalSchema>;
export type ProposalStepInput = z.infer<typeof proposalStepSchema>;
