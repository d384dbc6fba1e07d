// Judge endpoints: any OpenAI-compatible chat-completions server. The API key is never stored: the row holds
// the NAME of an environment variable, and the browser only learns whether that variable is set. The same
// holds for the values of extra headers and query parameters. Which names may be used at all is the
// operator's rule (judge-env-names.ts), checked here on save and again by the transport on every call.
import 'server-only';
import { z } from '@/lib/zod';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { secretVariable } from '@/lib/env';
import { conflict, invalid } from '@/lib/errors';
import { dbId } from '@/lib/http/db-id';
import { Prisma } from '@/lib/generated/prisma/client';
import type { EnvValue } from '@/lib/judge/call-model';
import { type ConnectionTest, readConnectionTest } from '@/lib/judge/connection-test';
import { MAX_TOKENS_PARAMS, envNameSchema, envValueListSchema } from '@/lib/judge/endpoint-config';
import { type JudgeEnvRule, judgeEnvNameProblem, judgeEnvRule } from '@/lib/judge/judge-env-names';
import { OUTPUT_MODES, type OutputMode } from '@/lib/judge/wire-request';

/** Headers the HTTP client sets itself: overriding them would break the request, not configure it. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection']);

/**
 * "name: VARIABLE" (or "name=VARIABLE") per line, as the form's text box holds them; or the list itself.
 * A line that does not read is reported by its number.
 */
function envValueLines(what: 'header' | 'parameter') {
  return z.union([envValueListSchema, z.string()]).transform((value, ctx): EnvValue[] => {
    if (Array.isArray(value)) return value;
    const list: EnvValue[] = [];
    for (const [index, raw] of value.split('\n').entries()) {
      const line = raw.trim();
      if (line === '') continue;
      const match = /^([^:=\s]+)\s*[:=]\s*(\S+)$/.exec(line);
      const parsed = match ? envValueListSchema.element.safeParse({ name: match[1], env: match[2] }) : null;
      if (!parsed?.success) {
        ctx.addIssue({
          code: 'custom',
          message: `Line ${index + 1}: write "${what === 'header' ? 'Header-Name: VARIABLE_NAME' : 'name=VARIABLE_NAME'}", the value being the NAME of an environment variable.`,
        });
        continue;
      }
      if (what === 'header' && RESERVED_HEADERS.has(parsed.data.name.toLowerCase())) {
        ctx.addIssue({ code: 'custom', message: `Line ${index + 1}: ${parsed.data.name} is set by the client itself.` });
        continue;
      }
      list.push(parsed.data);
    }
    if (list.length > 20) ctx.addIssue({ code: 'custom', message: 'At most 20.' });
    return list;
  });
}

const optionalCount = (max: number) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().int().min(1).max(max).optional());

export const endpointSchema = z
  .object({
    id: dbId.optional(),
    name: z.string().trim().min(1, 'Give the endpoint a name.').max(80),
    baseUrl: z
      .string()
      .trim()
      .url('A URL such as http://127.0.0.1:8000/v1 or https://api.openai.com/v1.')
      .refine((value) => /^https?:\/\//.test(value), 'Use http:// or https://.'),
    model: z.string().trim().min(1, 'Which model to ask (e.g. gpt-4.1, qwen2.5-72b-instruct).').max(200),
    apiKeyEnv: envNameSchema.optional(),
    temperature: z.coerce.number().min(0).max(2).default(0),
    maxConcurrency: z.coerce.number().int().min(1).max(256).default(4),
    requestsPerMinute: z.coerce.number().int().min(1).max(100_000).optional(),
    timeoutSeconds: z.coerce.number().int().min(1).max(600).default(60),
    pricePromptPerMillion: z.coerce.number().min(0).max(10_000).default(0),
    priceCompletionPerMillion: z.coerce.number().min(0).max(10_000).default(0),
    active: z.coerce.boolean().default(true),
    /** AUTO: the mode Test connection detects. */
    outputMode: z.enum(['AUTO', ...OUTPUT_MODES]).default('AUTO'),
    maxTokens: optionalCount(1_000_000),
    maxTokensParam: z.enum(MAX_TOKENS_PARAMS).default('max_tokens'),
    retryMaxTokens: optionalCount(1_000_000),
    extraHeaders: envValueLines('header').default([]),
    extraQuery: envValueLines('parameter').default([]),
  })
  .superRefine((input, ctx) => {
    if (input.retryMaxTokens !== undefined && input.maxTokens !== undefined && input.retryMaxTokens <= input.maxTokens) {
      ctx.addIssue({
        code: 'custom',
        path: ['retryMaxTokens'],
        message: `Larger than max tokens (${input.maxTokens}), or empty for no retry.`,
      });
    }
  });

export type EndpointInput = z.output<typeof endpointSchema>;
/** What the form sends (text boxes and selects as strings). */
export type EndpointFormInput = z.input<typeof endpointSchema>;

export interface EndpointView {
  id: number;
  name: string;
  baseUrl: string;
  model: string;
  apiKeyEnv: string | null;
  /** Whether the named variable is set in the server's environment (never its value). */
  apiKeyPresent: boolean;
  temperature: number;
  maxConcurrency: number;
  requestsPerMinute: number | null;
  timeoutSeconds: number;
  pricePromptPerMillion: number;
  priceCompletionPerMillion: number;
  active: boolean;
  /** The admin's choice; null: automatic (what Test connection detected). */
  outputMode: OutputMode | null;
  detectedOutputMode: OutputMode | null;
  /** What a run started now would use; null: automatic and not detected yet (runs are refused). */
  effectiveOutputMode: OutputMode | null;
  maxTokens: number | null;
  maxTokensParam: (typeof MAX_TOKENS_PARAMS)[number];
  retryMaxTokens: number | null;
  extraHeaders: EnvValue[];
  extraQuery: EnvValue[];
  /** Variables the endpoint names that are not set on the server. */
  unsetVariables: string[];
  /** Variables the endpoint names that the operator's rule forbids (rows saved before the rule): its calls fail. */
  forbiddenVariables: string[];
  connectionTest: ConnectionTest | null;
}

function variablesOf(row: { apiKeyEnv: string | null; extraHeaders: EnvValue[]; extraQuery: EnvValue[] }): string[] {
  return [...(row.apiKeyEnv ? [row.apiKeyEnv] : []), ...row.extraHeaders.map((h) => h.env), ...row.extraQuery.map((q) => q.env)];
}

function readList(value: Prisma.JsonValue): EnvValue[] {
  const parsed = envValueListSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export async function listEndpoints(): Promise<EndpointView[]> {
  const rows = await prisma.judgeEndpoint.findMany({ orderBy: { name: 'asc' } });
  const rule = judgeEnvRule();
  return rows.map(({ createdAt: _c, updatedAt: _u, ...row }) => {
    const extraHeaders = readList(row.extraHeaders);
    const extraQuery = readList(row.extraQuery);
    const variables = variablesOf({ apiKeyEnv: row.apiKeyEnv, extraHeaders, extraQuery });
    return {
      ...row,
      apiKeyPresent: row.apiKeyEnv ? Boolean(secretVariable(row.apiKeyEnv)) : true,
      maxTokensParam: row.maxTokensParam === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens',
      effectiveOutputMode: row.outputMode ?? row.detectedOutputMode,
      extraHeaders,
      extraQuery,
      unsetVariables: variables.filter((name) => !secretVariable(name)),
      forbiddenVariables: variables.filter((name) => judgeEnvNameProblem(name, rule) !== null),
      connectionTest: readConnectionTest(row.connectionTest),
    };
  });
}

/** Field errors for every variable name the operator's rule forbids; none when all may be sent. */
function forbiddenNames(input: EndpointInput, rule: JudgeEnvRule): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (field: string, name: string, label: string) => {
    const problem = judgeEnvNameProblem(name, rule);
    if (problem) errors[field] = [...(errors[field] ?? []), `${label}${problem}`];
  };
  if (input.apiKeyEnv) check('apiKeyEnv', input.apiKeyEnv, '');
  for (const header of input.extraHeaders) check('extraHeaders', header.env, `${header.name}: `);
  for (const parameter of input.extraQuery) check('extraQuery', parameter.env, `${parameter.name}: `);
  return errors;
}

/** What a Test connection depends on: when it changes, the last test says nothing about the endpoint as it is now. */
function connectionSettings(row: {
  baseUrl: string;
  model: string;
  apiKeyEnv: string | null;
  maxTokens: number | null;
  maxTokensParam: string;
  retryMaxTokens: number | null;
  extraHeaders: Prisma.JsonValue | EnvValue[];
  extraQuery: Prisma.JsonValue | EnvValue[];
}): string {
  const pairs = (value: Prisma.JsonValue | EnvValue[]) => readList(value as Prisma.JsonValue).map((item) => [item.name, item.env]);
  return JSON.stringify([
    row.baseUrl,
    row.model,
    row.apiKeyEnv,
    row.maxTokens,
    row.maxTokensParam,
    row.retryMaxTokens,
    pairs(row.extraHeaders),
    pairs(row.extraQuery),
  ]);
}

export async function saveEndpoint({
  actor,
  input,
  rule = judgeEnvRule(),
}: {
  actor: SessionUser;
  input: EndpointInput;
  /** Tests: another operator's rule. */
  rule?: JudgeEnvRule;
}): Promise<{ id: number }> {
  const { id, outputMode, ...data } = input;
  const refused = forbiddenNames(input, rule);
  if (Object.keys(refused).length > 0) throw invalid('The server does not send these variables to a judge endpoint.', refused);
  const values = {
    ...data,
    outputMode: outputMode === 'AUTO' ? null : outputMode,
    apiKeyEnv: data.apiKeyEnv ?? null,
    requestsPerMinute: data.requestsPerMinute ?? null,
    maxTokens: data.maxTokens ?? null,
    retryMaxTokens: data.retryMaxTokens ?? null,
    extraHeaders: data.extraHeaders.map(({ name, env }) => ({ name, env })),
    extraQuery: data.extraQuery.map(({ name, env }) => ({ name, env })),
  };
  const clash = await prisma.judgeEndpoint.findFirst({
    where: { name: data.name, ...(id ? { id: { not: id } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(`An endpoint named "${data.name}" already exists.`);
  return await prisma.$transaction(async (tx) => {
    const before = id ? await tx.judgeEndpoint.findUnique({ where: { id } }) : null;
    if (id && !before) throw invalid('This endpoint no longer exists.');
    const changed = before !== null && connectionSettings(before) !== connectionSettings(values);
    const saved = id
      ? await tx.judgeEndpoint.update({
          where: { id },
          data: { ...values, ...(changed ? { detectedOutputMode: null, connectionTest: Prisma.DbNull } : {}) },
          select: { id: true },
        })
      : await tx.judgeEndpoint.create({ data: values, select: { id: true } });
    await recordEvent(tx, {
      actorId: actor.id,
      action: id ? 'judge.endpoint.update' : 'judge.endpoint.create',
      entityType: 'judge_endpoint',
      entityId: saved.id,
      before,
      after: values,
    });
    return saved;
  });
}
