// What the last Test connection of an endpoint found, as stored on the endpoint (connection_test) and shown
// on its page and in the endpoint list: when, which structured-output mode worked first, how long it took,
// the model name the server reported, and every probe with its outcome.
import { z } from '@/lib/zod';
import { OUTPUT_MODES } from '@/lib/judge/wire-request';

export const probeOutcomeSchema = z.object({
  mode: z.enum(OUTPUT_MODES),
  ok: z.boolean(),
  /** JudgeErrorClass of a failed probe. */
  errorClass: z.string().nullable(),
  message: z.string(),
  latencyMs: z.number().nullable(),
  serverModel: z.string().nullable(),
  /** The answer came with reasoning (a <think> block or reasoning_content), split off before parsing. */
  reasoning: z.boolean(),
  /** The server reported token usage. */
  usage: z.boolean(),
});

export const connectionTestSchema = z.object({
  testedAt: z.string(),
  /** The first mode, cheapest first, whose probe worked; null when none did. */
  mode: z.enum(OUTPUT_MODES).nullable(),
  latencyMs: z.number().nullable(),
  serverModel: z.string().nullable(),
  message: z.string(),
  probes: z.array(probeOutcomeSchema),
});

export type ProbeOutcome = z.infer<typeof probeOutcomeSchema>;
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export function readConnectionTest(value: unknown): ConnectionTest | null {
  const parsed = connectionTestSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
