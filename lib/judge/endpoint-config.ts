// An endpoint row as the transport sees it (call-model.ts EndpointConfig): the JSON columns read through
// their zod schema, and the structured-output mode the caller resolved (a run's, or a probe's).
import { z } from '@/lib/zod';
import type { JudgeEndpoint, JudgeOutputMode } from '@/lib/generated/prisma/client';
import type { EndpointConfig, EnvValue } from '@/lib/judge/call-model';

/** An environment variable name as the shell writes them. Whether the server may send it is judge-env-names.ts's call. */
export const envNameSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'An environment variable name such as OPENAI_API_KEY (letters, digits, underscores).');

/** HTTP header names are tokens; query parameter names are kept to the same plain set. */
export const envValueListSchema = z
  .array(
    z.strictObject({
      name: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'a header or parameter name (letters, digits, - and _)'),
      env: envNameSchema,
    }),
  )
  .max(20);

export const MAX_TOKENS_PARAMS = ['max_tokens', 'max_completion_tokens'] as const;

export function toEndpointConfig(row: JudgeEndpoint, outputMode: JudgeOutputMode): EndpointConfig {
  return {
    baseUrl: row.baseUrl,
    model: row.model,
    apiKeyEnv: row.apiKeyEnv,
    temperature: row.temperature,
    timeoutSeconds: row.timeoutSeconds,
    pricePromptPerMillion: row.pricePromptPerMillion,
    priceCompletionPerMillion: row.priceCompletionPerMillion,
    outputMode,
    maxTokens: row.maxTokens,
    maxTokensParam: row.maxTokensParam === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens',
    retryMaxTokens: row.retryMaxTokens,
    extraHeaders: readList(row, 'extra headers', row.extraHeaders),
    extraQuery: readList(row, 'extra query parameters', row.extraQuery),
  };
}

/** Only saveEndpoint writes these lists (validated); a row changed by hand fails loudly rather than sending half. */
function readList(row: JudgeEndpoint, what: string, value: unknown): EnvValue[] {
  const parsed = envValueListSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(`The endpoint "${row.name}" has ${what} that do not read as a list of name and variable: save it again.`);
  return parsed.data;
}
