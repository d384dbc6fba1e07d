import { TIERS } from '@/lib/vocabulary/enums';
import { describe, expect, it } from 'vitest';
import {
  GENERATE_SCHEMA_NAME,
  GRADE_SCHEMA_NAME,
  generateJsonSchema,
  generateOutputSchema,
  gradeJsonSchema,
  gradeOutputSchema,
  PAIRWISE_SCHEMA_NAME,
  pairwiseJsonSchema,
  pairwiseOutputSchema,
} from '@/lib/judge/schemas';

const generated = {
  title: 'Advises calling emergency services',
  description: 'Now, not later.',
  tier: 'ESSENTIAL',
  points: 10,
  tags: [],
  redLine: true,
};
const pairItem = {
  title: 'Escalation',
  description: 'Sends the user to emergency care.',
  weightClass: 'CORE',
  hardFlaw: false,
  choice: 'A',
  score: 2,
  evidence: 'A: "call 911" B: (not mentioned)',
};

/** Every object in a JSON Schema: strict structured output wants all properties required and no others. */
function objectsIn(schema: unknown): Record<string, unknown>[] {
  if (Array.isArray(schema)) return schema.flatMap(objectsIn);
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  return [...(node.type === 'object' ? [node] : []), ...Object.values(node).flatMap(objectsIn)];
}

describe('judge output schemas', () => {
  it('names the schemas by task and version', () => {
    expect([GRADE_SCHEMA_NAME, GENERATE_SCHEMA_NAME, PAIRWISE_SCHEMA_NAME]).toEqual(['grade_v1', 'generate_v1', 'pairwise_v1']);
  });

  it('grade: accepts { explanation, criteria_met } and nothing looser', () => {
    expect(gradeOutputSchema.parse({ explanation: 'Says call 911.', criteria_met: true })).toEqual({
      explanation: 'Says call 911.',
      criteria_met: true,
    });
    expect(gradeOutputSchema.safeParse({ explanation: 'x', criteria_met: 'true' }).success).toBe(false);
    expect(gradeOutputSchema.safeParse({ explanation: 'x' }).success).toBe(false);
    expect(gradeOutputSchema.safeParse({ explanation: 'x', criteria_met: false, score: 1 }).success).toBe(false);
  });

  it('generate: accepts a criterion list and rejects an unknown tier, missing fields or an empty list', () => {
    expect(generateOutputSchema.parse({ criteria: [generated] }).criteria[0]?.tier).toBe('ESSENTIAL');
    expect(generateOutputSchema.safeParse({ criteria: [{ ...generated, tier: 'CRITICAL' }] }).success).toBe(false);
    const { redLine: _omitted, ...withoutRedLine } = generated;
    expect(generateOutputSchema.safeParse({ criteria: [withoutRedLine] }).success).toBe(false);
    expect(generateOutputSchema.safeParse({ criteria: [{ ...generated, title: '  ' }] }).success).toBe(false);
    expect(generateOutputSchema.safeParse({ criteria: [] }).success).toBe(false);
  });

  it('pairwise: the score must agree with the choice', () => {
    const parse = (choice: string, score: number) => pairwiseOutputSchema.safeParse({ criteria: [{ ...pairItem, choice, score }] });
    for (const [choice, score] of [
      ['A', 1],
      ['A', 2],
      ['B', -1],
      ['B', -2],
      ['TIE', 0],
    ] as const) {
      expect(parse(choice, score).success, `${choice} ${score}`).toBe(true);
    }
    for (const [choice, score] of [
      ['TIE', 1],
      ['TIE', -2],
      ['A', 0],
      ['A', -1],
      ['B', 0],
      ['B', 2],
    ] as const) {
      expect(parse(choice, score).success, `${choice} ${score}`).toBe(false);
    }
    const tie = parse('TIE', 1);
    expect(tie.success ? [] : tie.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['criteria.0.score', 'is 1 but choice TIE needs 0'],
    ]);
  });

  it('pairwise: rejects scores outside −2..2, fractional scores and unknown weight classes', () => {
    expect(pairwiseOutputSchema.safeParse({ criteria: [{ ...pairItem, score: 3 }] }).success).toBe(false);
    expect(pairwiseOutputSchema.safeParse({ criteria: [{ ...pairItem, score: 1.5 }] }).success).toBe(false);
    expect(pairwiseOutputSchema.safeParse({ criteria: [{ ...pairItem, weightClass: 'MINOR' }] }).success).toBe(false);
  });

  it('JSON Schemas are strict: every object closed with all properties required, no $schema key', () => {
    for (const schema of [gradeJsonSchema, generateJsonSchema, pairwiseJsonSchema]) {
      expect(schema).not.toHaveProperty('$schema');
      const objects = objectsIn(schema);
      expect(objects.length).toBeGreaterThan(0);
      for (const object of objects) {
        expect(object.additionalProperties).toBe(false);
        expect(object.required).toEqual(Object.keys(object.properties as object));
      }
    }
    expect(gradeJsonSchema.required).toEqual(['explanation', 'criteria_met']);
  });

  it('JSON Schemas carry the enums and the score range', () => {
    const generateItem = (generateJsonSchema.properties as { criteria: { items: { properties: Record<string, { enum?: unknown }> } } })
      .criteria.items;
    expect(generateItem.properties.tier?.enum).toEqual([...TIERS]);
    const pairwiseItem = (pairwiseJsonSchema.properties as { criteria: { items: { properties: Record<string, Record<string, unknown>> } } })
      .criteria.items;
    expect(pairwiseItem.properties.score).toMatchObject({ type: 'integer', minimum: -2, maximum: 2 });
    expect(pairwiseItem.properties.choice?.enum).toEqual(['A', 'B', 'TIE']);
    expect(pairwiseItem.properties.weightClass?.enum).toEqual(['CORE', 'IMPORTANT', 'HIGHLIGHT']);
  });
});
