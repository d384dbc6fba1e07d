// Plans and creates a judge run: the run row, its endpoints, and one JudgeTask per unit of work (grade one
// response on one criterion; generate for one query on one endpoint; compare one pair in one order) with its
// job, in one step (lib/jobs/start-job.ts). The estimate (calls, tokens, cost) is what the launcher shows
// before anything starts.
import { DEFAULT_SCORING_PROFILE, parseScoringProfile } from '@/lib/meta-rubrics/scoring-profile';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { invalid, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { startJob } from '@/lib/jobs/start-job';
import { isJudgedRubric } from '@/lib/judge/verifiable-rubrics';
import type { RunInput } from '@/lib/judge/run-schemas';
import { planProbeRun, type ProbePreview, previewProbeRun, storeProbeVariants } from '@/lib/judge/plan-probe-run';

/** Rough completion sizes per call, for the estimate only (tokens); VERIFY is a verifiable rubric's yes/no call. */
const COMPLETION_TOKENS = { GRADE: 90, GENERATE: 900, PAIRWISE: 700, VERIFY: 90, PROBE: 90, PROXY: 120 } as const;
/** Template text around the variable parts, in characters (the estimate only). */
const TEMPLATE_CHARS = { GRADE: 2_400, GENERATE: 3_500, PAIRWISE: 3_000, VERIFY: 1_600, PROBE: 2_400, PROXY: 2_000 } as const;
export const PROMPT_VERSION = 'v1';

export interface PlannedTask {
  key: string;
  endpointId: number;
  payload: Record<string, unknown>;
  /** Characters of the variable prompt parts (conversation, response, criterion, ...). */
  chars: number;
  /** A pairwise run's yes/no call on one response and one verifiable rubric, rather than the run's own kind. */
  verify?: true;
}

export interface RunEstimate {
  tasks: number;
  queries: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  byEndpoint: { endpointId: number; name: string; calls: number; costUsd: number }[];
  /** A PROBE run's example of its transformation, shown before the run starts. */
  probePreview?: ProbePreview | null;
}

async function scopedQueryIds(input: RunInput): Promise<number[]> {
  if (input.queryExternalIds) {
    const found = await prisma.query.findMany({
      where: { datasetId: input.datasetId, externalId: { in: input.queryExternalIds } },
      select: { externalId: true },
    });
    const known = new Set(found.map((query) => query.externalId));
    const unknown = input.queryExternalIds.filter((externalId) => !known.has(externalId));
    if (unknown.length) {
      const message = `Not a query of this dataset: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}.`;
      throw invalid(message, { queryExternalIds: [message] });
    }
  }
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT q.id FROM queries q
    WHERE q.dataset_id = ${input.datasetId}
      AND (${input.queryIds === undefined} OR q.id = ANY(${input.queryIds ?? []}::int[]))
      AND (${input.queryExternalIds === undefined} OR q.external_id = ANY(${input.queryExternalIds ?? []}::text[]))
      AND (${input.category === undefined} OR q.category::text = ${input.category ?? ''})
    ORDER BY q.id
    LIMIT ${input.maxQueries ?? 2_147_483_647}`;
  return rows.map((row) => row.id);
}

export interface RunPlan {
  tasks: PlannedTask[];
  queryIds: number[];
}
/** Plans a run whose units another area knows (PROXY: lib/discriminability/plan-proxy-run.ts); the judge stays below it. */
export type RunPlanner = (input: RunInput, queryIds: number[]) => Promise<PlannedTask[]>;

export async function planRun(input: RunInput, planner?: RunPlanner): Promise<RunPlan> {
  const queryIds = await scopedQueryIds(input);
  if (input.kind === 'PROBE') {
    return {
      tasks: await planProbeRun({ queryIds, endpointId: input.endpointIds[0] as number, includeIdeal: input.includeIdeal }),
      queryIds,
    };
  }
  const tasks: PlannedTask[] = [];
  if (planner) {
    tasks.push(...(await planner(input, queryIds)));
  } else if (input.kind === 'PROXY') {
    throw invalid('A proxy run is planned over the verified pairs: start it from the run launcher.');
  } else if (input.kind === 'GRADE') {
    const endpointId = input.endpointIds[0] as number;
    const rows = await prisma.$queryRaw<{ response_id: number; criterion_id: number; chars: number }[]>`
      SELECT r.id AS response_id, c.id AS criterion_id,
             (length(q.conversation::text) + length(r.content) + length(c.title) + length(c.description))::int AS chars
        FROM queries q JOIN responses r ON r.query_id = q.id JOIN criteria c ON c.query_id = q.id
       WHERE q.id = ANY(${queryIds}::int[]) AND (${input.includeIdeal} OR NOT r.is_ideal) AND c.status <> 'REJECTED'
       ORDER BY r.id, c.id`;
    for (const row of rows) {
      tasks.push({
        key: `grade:${row.response_id}:${row.criterion_id}`,
        endpointId,
        payload: { responseId: row.response_id, criterionId: row.criterion_id },
        chars: row.chars,
      });
    }
  } else if (input.kind === 'GENERATE') {
    const rows = await prisma.$queryRaw<{ id: number; chars: number }[]>`
      SELECT q.id, length(q.conversation::text)::int AS chars FROM queries q WHERE q.id = ANY(${queryIds}::int[]) ORDER BY q.id`;
    for (const row of rows) {
      for (const endpointId of input.endpointIds) {
        tasks.push({ key: `generate:${row.id}:${endpointId}`, endpointId, payload: { queryId: row.id }, chars: row.chars });
      }
    }
  } else {
    const endpointId = input.endpointIds[0] as number;
    // The first two (non-ideal) responses of each query, judged in both orders.
    const rows = await prisma.$queryRaw<{ query_id: number; a: number; b: number; chars: number }[]>`
      WITH ranked AS (
        SELECT r.query_id, r.id, length(r.content) AS len,
               row_number() OVER (PARTITION BY r.query_id ORDER BY r.is_ideal, r.id) AS n
          FROM responses r WHERE r.query_id = ANY(${queryIds}::int[]))
      SELECT a.query_id, a.id AS a, b.id AS b, (length(q.conversation::text) + a.len + b.len)::int AS chars
        FROM ranked a JOIN ranked b ON b.query_id = a.query_id AND b.n = 2 JOIN queries q ON q.id = a.query_id
       WHERE a.n = 1 ORDER BY a.query_id`;
    for (const row of rows) {
      for (const order of ['AB', 'BA'] as const) {
        tasks.push({
          key: `pairwise:${row.query_id}:${row.a}:${row.b}:${order}`,
          endpointId,
          payload: { queryId: row.query_id, responseAId: row.a, responseBId: row.b, order },
          chars: row.chars,
        });
      }
    }
    tasks.push(...(await planVerifyTasks(input.metaRubricVersionId, endpointId, rows)));
  }
  return { tasks, queryIds };
}

/**
 * The yes/no calls of a pairwise run: one per response of a pair and verifiable rubric of the version's scoring
 * profile that no text check decides (lib/judge/verifiable-rubrics.ts); the rubric is named by its place in the
 * profile the run records.
 */
async function planVerifyTasks(
  metaRubricVersionId: number,
  endpointId: number,
  pairs: { query_id: number; a: number; b: number }[],
): Promise<PlannedTask[]> {
  const version = await prisma.metaRubricVersion.findUnique({ where: { id: metaRubricVersionId }, select: { scoringProfile: true } });
  if (!version) return [];
  const rubrics = parseScoringProfile(version.scoringProfile)
    .pairwise.verifiable.map((rubric, index) => ({ rubric, index }))
    .filter(({ rubric }) => isJudgedRubric(rubric));
  if (rubrics.length === 0) return [];
  const responses = await prisma.$queryRaw<{ id: number; query_id: number; chars: number }[]>`
    SELECT r.id, r.query_id, (length(q.conversation::text) + length(r.content))::int AS chars
      FROM responses r JOIN queries q ON q.id = r.query_id
     WHERE r.id = ANY(${pairs.flatMap((pair) => [pair.a, pair.b])}::int[]) ORDER BY r.id`;
  return responses.flatMap((response) =>
    rubrics.map(({ rubric, index }) => ({
      key: `verify:${response.id}:${index}`,
      endpointId,
      payload: { verify: true, queryId: response.query_id, responseId: response.id, rubric: index },
      chars: response.chars + (rubric.check.kind === 'judge' ? rubric.check.constraint.length : 0),
      verify: true as const,
    })),
  );
}

export async function estimateRun(input: RunInput, planner?: RunPlanner): Promise<RunEstimate> {
  const { tasks, queryIds } = await planRun(input, planner);
  const endpoints = await prisma.judgeEndpoint.findMany({ where: { id: { in: input.endpointIds } } });
  if (endpoints.length !== input.endpointIds.length) throw notFound('An endpoint');
  const byEndpoint = endpoints.map((endpoint) => {
    const mine = tasks.filter((task) => task.endpointId === endpoint.id);
    const sizeOf = (task: PlannedTask) => (task.verify ? 'VERIFY' : input.kind);
    const promptTokens = mine.reduce((sum, task) => sum + Math.ceil((task.chars + TEMPLATE_CHARS[sizeOf(task)]) / 4), 0);
    const completionTokens = mine.reduce((sum, task) => sum + COMPLETION_TOKENS[sizeOf(task)], 0);
    const costUsd = (promptTokens * endpoint.pricePromptPerMillion + completionTokens * endpoint.priceCompletionPerMillion) / 1e6;
    return { endpointId: endpoint.id, name: endpoint.name, calls: mine.length, promptTokens, completionTokens, costUsd };
  });
  return {
    tasks: tasks.length,
    queries: queryIds.length,
    promptTokens: byEndpoint.reduce((sum, e) => sum + e.promptTokens, 0),
    completionTokens: byEndpoint.reduce((sum, e) => sum + e.completionTokens, 0),
    costUsd: byEndpoint.reduce((sum, e) => sum + e.costUsd, 0),
    byEndpoint: byEndpoint.map(({ endpointId, name, calls, costUsd }) => ({ endpointId, name, calls, costUsd })),
    ...(input.kind === 'PROBE' ? { probePreview: await previewProbeRun(tasks, input.variant) } : {}),
  };
}

const TEMPLATE_OF = { GRADE: 'grade', GENERATE: 'generate', PAIRWISE: 'pairwise', PROBE: 'grade', PROXY: 'proxy' } as const;

export async function createRun({
  actor,
  input,
  enqueueJob = true,
  planner,
}: {
  actor: SessionUser;
  input: RunInput;
  enqueueJob?: boolean;
  planner?: RunPlanner;
}) {
  if (input.kind === 'GENERATE' && input.minVotes > input.endpointIds.length) {
    throw invalid('A criterion cannot get more votes than there are endpoints.', {
      minVotes: [`At most ${input.endpointIds.length} with ${input.endpointIds.length} endpoint(s).`],
    });
  }
  const endpoints = await prisma.judgeEndpoint.findMany({
    where: { id: { in: input.endpointIds }, active: true },
    select: { id: true, name: true, outputMode: true, detectedOutputMode: true },
  });
  if (endpoints.length !== input.endpointIds.length)
    throw invalid('Choose active endpoints.', { endpointIds: ['An endpoint is missing or inactive.'] });
  // The run keeps the mode it starts with: the admin's choice, or what Test connection detected.
  const modes = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.outputMode ?? endpoint.detectedOutputMode]));
  const undecided = endpoints.filter((endpoint) => !modes.get(endpoint.id)).map((endpoint) => endpoint.name);
  if (undecided.length > 0) {
    const names = undecided.map((name) => `"${name}"`).join(', ');
    throw invalid(`${names}: no structured-output mode yet. Open the endpoint and press Test connection, or choose a mode.`, {
      endpointIds: [`${names} needs Test connection (or a chosen mode) first.`],
    });
  }
  // The scoring profile in force is recorded on the run, so its scores never change with the version's later ones.
  let scoringProfile = DEFAULT_SCORING_PROFILE;
  if ('metaRubricVersionId' in input && input.metaRubricVersionId !== undefined) {
    const version = await prisma.metaRubricVersion.findUnique({
      where: { id: input.metaRubricVersionId },
      select: { scoringProfile: true },
    });
    if (!version) throw invalid('Choose a meta-rubric version.', { metaRubricVersionId: ['Not found.'] });
    scoringProfile = parseScoringProfile(version.scoringProfile);
  }
  const { tasks } = await planRun(input, planner);
  if (tasks.length === 0)
    throw invalid('Nothing to do: the scope has no work for this task.', { datasetId: ['No matching queries, responses or criteria.'] });
  const { endpointIds, datasetId, queryIds, queryExternalIds, category, maxQueries, kind, ...params } = input;
  const run = await startJob({ queue: 'judge', what: 'The judge run', enqueue: enqueueJob }, async (tx) => {
    const created = await tx.judgeRun.create({
      data: {
        kind,
        params: { ...params, scoringProfile } as Prisma.InputJsonValue,
        scope: JSON.parse(JSON.stringify({ datasetId, queryIds, queryExternalIds, category, maxQueries })) as Prisma.InputJsonValue,
        metaRubricVersionId: 'metaRubricVersionId' in input ? (input.metaRubricVersionId ?? null) : null,
        promptTemplate: TEMPLATE_OF[kind],
        promptVersion: PROMPT_VERSION,
        totalTasks: tasks.length,
        createdById: actor.id,
        endpoints: { create: endpointIds.map((endpointId) => ({ endpointId, outputMode: modes.get(endpointId) ?? 'JSON_SCHEMA' })) },
      },
      select: { id: true },
    });
    await tx.judgeTask.createMany({
      data: tasks.map((task) => ({
        runId: created.id,
        key: task.key,
        endpointId: task.endpointId,
        payload: task.payload as Prisma.InputJsonValue,
      })),
    });
    if (input.kind === 'PROBE') await storeProbeVariants(tx, { runId: created.id, kind: input.variant, tasks });
    await recordEvent(tx, {
      actorId: actor.id,
      action: 'judge.run.create',
      entityType: 'judge_run',
      entityId: created.id,
      after: { kind, tasks: tasks.length },
    });
    return { result: created, payload: { runId: created.id } };
  });
  return { id: run.id, tasks: tasks.length };
}

export async function cancelRun({ actor, runId }: { actor: SessionUser; runId: number }) {
  const updated = await prisma.judgeRun.updateMany({
    where: { id: runId, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { cancelRequested: true },
  });
  if (updated.count === 0) throw invalid('Only a queued or running run can be cancelled.');
  await recordEvent(prisma, { actorId: actor.id, action: 'judge.run.cancel', entityType: 'judge_run', entityId: runId });
}
