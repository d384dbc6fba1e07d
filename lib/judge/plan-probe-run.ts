// What a PROBE run grades: every (response, criterion) of the scope twice, as the original and as its variant; the
// variants themselves, stored with the run when it is created; and the example the launcher shows before it starts.
import 'server-only';
import { prisma } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { makeProbeVariant, PROBE_TRANSFORM_VERSION, type ProbeVariantKindName } from '@/lib/judge/probe-variants';
import { parseConversation } from '@/lib/judge/prompts';

export interface ProbePlanInput {
  queryIds: number[];
  endpointId: number;
  includeIdeal: boolean;
}

export interface ProbeTaskPlan {
  key: string;
  endpointId: number;
  payload: { responseId: number; criterionId: number; variant: boolean };
  chars: number;
}

export async function planProbeRun({ queryIds, endpointId, includeIdeal }: ProbePlanInput): Promise<ProbeTaskPlan[]> {
  const rows = await prisma.$queryRaw<{ response_id: number; criterion_id: number; chars: number }[]>`
    SELECT r.id AS response_id, c.id AS criterion_id,
           (length(q.conversation::text) + length(r.content) + length(c.title) + length(c.description))::int AS chars
      FROM queries q JOIN responses r ON r.query_id = q.id JOIN criteria c ON c.query_id = q.id
     WHERE q.id = ANY(${queryIds}::int[]) AND (${includeIdeal} OR NOT r.is_ideal) AND c.status <> 'REJECTED'
     ORDER BY r.id, c.id`;
  return rows.flatMap((row) =>
    [false, true].map((variant) => ({
      key: `probe:${row.response_id}:${row.criterion_id}:${variant ? 'variant' : 'original'}`,
      endpointId,
      payload: { responseId: row.response_id, criterionId: row.criterion_id, variant },
      chars: row.chars,
    })),
  );
}

async function variantsOf(responseIds: number[], kind: ProbeVariantKindName, limit?: number) {
  const responses = await prisma.response.findMany({
    where: { id: { in: responseIds } },
    select: { id: true, content: true, query: { select: { conversation: true } } },
    orderBy: { id: 'asc' },
    ...(limit ? { take: limit } : {}),
  });
  return responses.map((response) => {
    const original = { conversation: parseConversation(response.query.conversation), response: response.content };
    return { responseId: response.id, original, variant: makeProbeVariant(kind, original) };
  });
}

/** Stores the run's variant of every response its tasks grade, in the transaction that creates the run. */
export async function storeProbeVariants(
  tx: Prisma.TransactionClient,
  { runId, kind, tasks }: { runId: number; kind: ProbeVariantKindName; tasks: { payload: Record<string, unknown> }[] },
): Promise<void> {
  const responseIds = [...new Set(tasks.map((task) => task.payload.responseId as number))];
  const variants = await variantsOf(responseIds, kind);
  await tx.probeVariant.createMany({
    data: variants.map(({ responseId, variant }) => ({
      runId,
      responseId,
      kind,
      content: variant.response,
      conversation: variant.conversation as unknown as Prisma.InputJsonValue,
      transformVersion: PROBE_TRANSFORM_VERSION,
    })),
  });
}

export interface ProbePreview {
  kind: ProbeVariantKindName;
  responseId: number;
  before: { lastTurn: string; response: string };
  after: { lastTurn: string; response: string };
}

/** The first response of the run's scope before and after its transformation: what the admin sees before starting. */
export async function previewProbeRun(
  tasks: { payload: Record<string, unknown> }[],
  kind: ProbeVariantKindName,
): Promise<ProbePreview | null> {
  const first = tasks[0]?.payload.responseId;
  if (typeof first !== 'number') return null;
  const [example] = await variantsOf([first], kind, 1);
  if (!example) return null;
  const lastTurn = (conversation: readonly { content: string }[]) => conversation.at(-1)?.content ?? '';
  return {
    kind,
    responseId: example.responseId,
    before: { lastTurn: lastTurn(example.original.conversation), response: example.original.response },
    after: { lastTurn: lastTurn(example.variant.conversation), response: example.variant.response },
  };
}
