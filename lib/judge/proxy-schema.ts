// What the judge answers for a PROXY task (Proxy-GRM's verifier): which of two responses the rubric favours. Kept
// apart from lib/judge/schemas.ts because only lib/judge/proxy-task.ts reads it.
import { z } from '@/lib/zod';

export const PROXY_SCHEMA_NAME = 'proxy_v1';

export const proxyOutputSchema = z.strictObject({
  explanation: z.string().describe('The rubric items that decide between the two responses, and which response each favours.'),
  preferred: z
    .enum(['A', 'B', 'TIE'])
    .describe('The response the rubric favours, in the order presented; TIE only when nothing separates them.'),
});

export type ProxyOutput = z.infer<typeof proxyOutputSchema>;

const { $schema: _dropped, ...jsonSchema } = z.toJSONSchema(proxyOutputSchema, { target: 'draft-2020-12', unrepresentable: 'throw' });
/** Strict structured-output schema, generated from the zod schema as lib/judge/schemas.ts does. */
export const proxyJsonSchema: Record<string, unknown> = jsonSchema;
