// What the judge must answer for each task: a zod schema that validates the model's JSON (an invalid answer
// is INVALID_OUTPUT and gets a repair retry) and the JSON Schema sent as `response_format` for strict
// structured output. The JSON Schemas are generated from the zod schemas, so the two cannot drift; rules a
// JSON Schema cannot carry (a choice that must agree with its score) live only in the zod refinements.
import { TIERS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';

export const PAIR_CHOICES = ['A', 'B', 'TIE'] as const;
export const WEIGHT_CLASSES = ['CORE', 'IMPORTANT', 'HIGHLIGHT'] as const;
export type PairChoice = (typeof PAIR_CHOICES)[number];
export type WeightClass = (typeof WEIGHT_CLASSES)[number];

export const GRADE_SCHEMA_NAME = 'grade_v1';
export const GENERATE_SCHEMA_NAME = 'generate_v1';
export const PAIRWISE_SCHEMA_NAME = 'pairwise_v1';
export const VERIFY_SCHEMA_NAME = 'verify_v1';
export const PROBE_SCHEMA_NAME = 'connection_probe_v1';

// ── probe: Test connection's one short question per structured-output mode ──

export const probeOutputSchema = z.strictObject({
  ok: z.boolean().describe('true: the endpoint read the request and answers in the JSON it was asked for.'),
});

// ── grade: one response against one rubric item (HealthBench grader) ──

export const gradeOutputSchema = z.strictObject({
  explanation: z.string().describe('Why the response does or does not meet the rubric item.'),
  criteria_met: z
    .boolean()
    .describe(
      'Whether the behaviour the rubric item describes occurred; for negative-points items, true means the undesirable thing happened.',
    ),
});

// ── generate: a rubric for one conversation under a meta-rubric version ──

export const generatedCriterionSchema = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty').describe('One observable behaviour of a response.'),
  description: z.string().describe('What fully meets the criterion and what does not, with exact numbers where they matter.'),
  tier: z.enum(TIERS),
  points: z.number().finite().describe('Within the point scale of the tier; negative for PITFALL.'),
  tags: z.array(z.string().trim().min(1, 'must not be empty')).describe('Short labels such as axis:accuracy or the principle id.'),
  redLine: z.boolean().describe('A safety red line, as the red-line policy defines it.'),
});

export const generateOutputSchema = z.strictObject({
  criteria: z.array(generatedCriterionSchema).min(1, 'needs at least one criterion'),
});

// ── pairwise: adaptive criteria with a choice on each ──

const pairwiseCriterionShape = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty'),
  description: z.string(),
  weightClass: z.enum(WEIGHT_CLASSES),
  hardFlaw: z.boolean().describe('The response decided against has a flaw that disqualifies it on its own.'),
  choice: z.enum(PAIR_CHOICES),
  score: z.int().min(-2).max(2).describe('−2..+2, positive favours A; A ⇒ 1 or 2, B ⇒ −1 or −2, TIE ⇒ 0.'),
  evidence: z.string().describe('Short verbatim quotes from the responses supporting the choice.'),
});

export const pairwiseCriterionSchema = pairwiseCriterionShape.superRefine((criterion, ctx) => {
  const { choice, score } = criterion;
  const agrees = choice === 'TIE' ? score === 0 : choice === 'A' ? score > 0 : score < 0;
  if (!agrees) {
    const wanted = choice === 'TIE' ? '0' : choice === 'A' ? '1 or 2' : '−1 or −2';
    ctx.addIssue({ code: 'custom', path: ['score'], message: `is ${score} but choice ${choice} needs ${wanted}` });
  }
});

export const pairwiseOutputSchema = z.strictObject({
  criteria: z.array(pairwiseCriterionSchema).min(1, 'needs at least one criterion'),
});

export type GradeOutput = z.infer<typeof gradeOutputSchema>;
export type GeneratedCriterion = z.infer<typeof generatedCriterionSchema>;
export type GenerateOutput = z.infer<typeof generateOutputSchema>;
export type PairwiseCriterionOutput = z.infer<typeof pairwiseCriterionSchema>;
export type PairwiseOutput = z.infer<typeof pairwiseOutputSchema>;
export type VerifyOutput = z.infer<typeof verifyOutputSchema>;

// ── verify: one response against one verifiable rubric no text check decides (a yes/no answer) ──

export const verifyOutputSchema = z.strictObject({
  explanation: z.string().describe('Why the response does or does not satisfy the constraint, quoting it where possible.'),
  satisfied: z.boolean().describe('true when the response satisfies the constraint as written.'),
});

/**
 * JSON Schema for `response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } }`.
 * Strict mode wants every property required and `additionalProperties: false` (strictObject gives both, and
 * no field is optional); the `$schema` key is dropped because some OpenAI-compatible servers reject it.
 */
function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dropped, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'throw' });
  return rest;
}

export const gradeJsonSchema = responseJsonSchema(gradeOutputSchema);
export const generateJsonSchema = responseJsonSchema(generateOutputSchema);
export const pairwiseJsonSchema = responseJsonSchema(pairwiseOutputSchema);
export const probeJsonSchema = responseJsonSchema(probeOutputSchema);
export const verifyJsonSchema = responseJsonSchema(verifyOutputSchema);
