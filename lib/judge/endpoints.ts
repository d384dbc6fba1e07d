// Judge endpoints: any OpenAI-compatible chat-completions server. The API key is never stored: the row holds
// the NAME of an environment variable, and the browser only learns whether that variable is set.
import 'server-only';
import { z } from 'zod';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { conflict } from '@/lib/errors';
import { dbId } from '@/lib/http/db-id';

export const endpointSchema = z.object({
  id: dbId.optional(),
  name: z.string().trim().min(1, 'Give the endpoint a name.').max(80),
  baseUrl: z
    .string()
    .trim()
    .url('A URL such as http://127.0.0.1:8000/v1 or https://api.openai.com/v1.')
    .refine((value) => /^https?:\/\//.test(value), 'Use http:// or https://.'),
  model: z.string().trim().min(1, 'Which model to ask (e.g. gpt-4.1, qwen2.5-72b-instruct).').max(200),
  apiKeyEnv: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Z_][A-Z0-9_]*$/, 'An environment variable name such as OPENAI_API_KEY (capitals, digits, underscores).')
    .optional(),
  temperature: z.coerce.number().min(0).max(2).default(0),
  maxConcurrency: z.coerce.number().int().min(1).max(256).default(4),
  requestsPerMinute: z.coerce.number().int().min(1).max(100_000).optional(),
  timeoutSeconds: z.coerce.number().int().min(1).max(600).default(60),
  pricePromptPerMillion: z.coerce.number().min(0).max(10_000).default(0),
  priceCompletionPerMillion: z.coerce.number().min(0).max(10_000).default(0),
  active: z.coerce.boolean().default(true),
});

export type EndpointInput = z.output<typeof endpointSchema>;

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
}

export async function listEndpoints(): Promise<EndpointView[]> {
  const rows = await prisma.judgeEndpoint.findMany({ orderBy: { name: 'asc' } });
  return rows.map(({ createdAt: _c, updatedAt: _u, ...row }) => ({
    ...row,
    apiKeyPresent: row.apiKeyEnv ? Boolean(process.env[row.apiKeyEnv]) : true,
  }));
}

export async function saveEndpoint({ actor, input }: { actor: SessionUser; input: EndpointInput }): Promise<{ id: number }> {
  const { id, ...data } = input;
  const values = { ...data, apiKeyEnv: data.apiKeyEnv ?? null, requestsPerMinute: data.requestsPerMinute ?? null };
  const clash = await prisma.judgeEndpoint.findFirst({
    where: { name: data.name, ...(id ? { id: { not: id } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(`An endpoint named "${data.name}" already exists.`);
  return await prisma.$transaction(async (tx) => {
    const before = id ? await tx.judgeEndpoint.findUnique({ where: { id } }) : null;
    const saved = id
      ? await tx.judgeEndpoint.update({ where: { id }, data: values, select: { id: true } })
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
