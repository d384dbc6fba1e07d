// A meta-rubric version is a structured constitution: ordered principles and generation rules. The same
// schemas validate the demo files, the editor, proposals and the judge's generation prompt.
import { z } from 'zod';
import '@/lib/zod-config';
import { TIERS } from '@/lib/import/native-schema';

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

const tierCount = z.strictObject({ min: z.number().int().min(0).default(0), max: z.number().int().min(0).optional() });
const pointRange = z.strictObject({ min: z.number(), max: z.number() });

export const generationRulesSchema = z.strictObject({
  minCriteria: z.number().int().min(1).default(5),
  maxCriteria: z.number().int().min(1).default(15),
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
