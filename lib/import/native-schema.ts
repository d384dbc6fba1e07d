// The native import/export format: JSON Lines, one query per line with everything that belongs to it.
// This zod schema is the single definition: the importer validates with it, `npm run import:schema` writes
// docs/native-format.schema.json from it, and releases export the same shape (re-importable byte for byte).
import { CATEGORIES, TIERS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';

export const MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;

const text = (max: number) => z.string().max(max, `at most ${max.toLocaleString('en')} characters`);
/** An empty or whitespace-only tag is accepted and dropped (it means "no tag"). */
const tag = z.string().max(200, 'at most 200 characters');

export const messageSchema = z.strictObject({
  role: z.enum(MESSAGE_ROLES),
  content: text(4_000_000).min(1, 'must not be empty'),
});

export const levelSchema = z.strictObject({
  /** "Not Met" | "Partially Met" | "Fully Met"; for pitfalls "No Error" | "Minor Error" | "Major Error". */
  label: text(100).min(1),
  description: text(20_000),
});

export const evidenceSchema = z.strictObject({
  source: text(500).min(1),
  citation: text(2_000).optional(),
  url: text(2_000).optional(),
});

export const provenanceSchema = z.strictObject({
  /** Models that proposed the criterion. */
  generatorModels: z.array(text(200)).max(50).default([]),
  /** Consensus among the generators: votes of `of` models kept it. */
  consensusVotes: z
    .strictObject({ votes: z.number().int().min(0), of: z.number().int().min(1), models: z.array(text(200)).optional() })
    .optional(),
  /** The meta-rubric version the criterion was generated under. */
  metaRubric: z.strictObject({ domain: text(100).min(1), version: z.number().int().min(1) }).optional(),
  /** Anything else the producer recorded, kept verbatim. */
  extra: z.record(z.string(), z.unknown()).optional(),
});

export const criterionSchema = z.strictObject({
  /** Stable id within the query; when absent a hash of tier, title and description is used. */
  id: text(200).min(1).optional().describe('Stable id within the query; when absent a hash of tier, title and description is used.'),
  title: text(2_000).min(1, 'must not be empty'),
  description: text(20_000).default(''),
  tier: z.enum(TIERS),
  /** Signed: pitfalls and penalties are negative. */
  points: z.number().finite().min(-1000).max(1000).describe('Signed points: pitfalls and penalties are negative.'),
  levels: z
    .array(levelSchema)
    .max(10, 'at most 10 levels')
    .default([])
    .describe('Level descriptors, e.g. Not Met / Partially Met / Fully Met; for pitfalls No Error / Minor Error / Major Error.'),
  tags: z.array(tag).max(100, 'at most 100 tags').default([]).describe('Tags such as axis:accuracy.'),
  redLine: z.boolean().default(false).describe('A safety red line: violating it vetoes the response.'),
  evidence: z.array(evidenceSchema).max(50, 'at most 50 items').default([]),
  provenance: provenanceSchema.optional().describe('Who or what produced the criterion. Never shown to experts.'),
});

export const responseSchema = z.strictObject({
  id: text(200).min(1),
  /** Who or what wrote it, e.g. a model name. Hidden in blind views. */
  source: text(200).min(1).describe('Who or what wrote it, e.g. a model name. Hidden in blind views.'),
  content: text(4_000_000),
  /** An ideal/reference completion (HealthBench). */
  ideal: z.boolean().default(false),
});

export const nativeQuerySchema = z.strictObject({
  /** Unique within the dataset; re-importing the same id updates instead of duplicating. */
  id: text(200).min(1).describe('Unique within the dataset; re-importing the same id updates instead of duplicating.'),
  category: z.enum(CATEGORIES),
  department: text(200).min(1).optional(),
  /** BCP 47 language tag such as "en" or "zh". */
  language: text(35).min(2).default('en').describe('BCP 47 language tag such as en or zh.'),
  tags: z.array(tag).max(100, 'at most 100 tags').default([]),
  /** Ordered messages; a single-turn query has one user message. */
  conversation: z
    .array(messageSchema)
    .min(1, 'needs at least one message')
    .max(200, 'at most 200 messages')
    .describe('Ordered messages; a single-turn query has one user message.'),
  criteria: z.array(criterionSchema).max(200, 'at most 200 criteria').default([]),
  responses: z.array(responseSchema).max(50, 'at most 50 responses').default([]),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export type NativeQuery = z.infer<typeof nativeQuerySchema>;
export type NativeCriterion = z.infer<typeof criterionSchema>;
export type NativeResponse = z.infer<typeof responseSchema>;

/** JSON Schema (draft 2020-12) of one line, for other tools. */
export function nativeJsonSchema() {
  return z.toJSONSchema(nativeQuerySchema, { io: 'input', target: 'draft-2020-12' });
}
