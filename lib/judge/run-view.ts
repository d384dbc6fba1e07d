// What the run page shows: the run's counters, tasks by state and error class, throughput, tokens and cost,
// and a page of its calls for inspection (prompt, raw output, parsed result). Admins only.
import { prisma } from '@/lib/db';
import type { JudgeOutputMode } from '@/lib/generated/prisma/enums';

export interface RunSummary {
  id: number;
  kind: 'GENERATE' | 'GRADE' | 'PAIRWISE' | 'PROBE' | 'PROXY';
  status: string;
  error: string | null;
  promptTemplate: string;
  promptVersion: string;
  params: unknown;
  scope: unknown;
  metaRubricVersion: string | null;
  /** The scope's dataset by name (the scope stores its id). */
  datasetName: string | null;
  /** With the structured-output mode the run uses for each. */
  endpoints: { id: number; name: string; model: string; outputMode: JudgeOutputMode }[];
  totalTasks: number;
  succeededTasks: number;
  failedTasks: number;
  cachedTasks: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** Answered calls whose server reported no usage: the token and cost totals are then unknown. */
  unknownUsageCalls: number;
  cancelRequested: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Finished tasks per second since the run started (to its end, or now). */
  throughput: number;
  byState: Record<string, number>;
  byErrorClass: Record<string, number>;
  latency: { p50: number | null; p95: number | null };
}

export async function getRunSummary(runId: number): Promise<RunSummary | null> {
  const run = await prisma.judgeRun.findUnique({
    where: { id: runId },
    include: {
      endpoints: { include: { endpoint: { select: { id: true, name: true, model: true } } } },
      metaRubricVersion: { select: { number: true, metaRubric: { select: { name: true } } } },
    },
  });
  if (!run) return null;
  const [states, errors, latency] = await Promise.all([
    prisma.$queryRaw<{ status: string; n: number }[]>`
      SELECT status::text, count(*)::int AS n FROM judge_tasks WHERE run_id = ${runId} GROUP BY status`,
    prisma.$queryRaw<{ error_class: string; n: number }[]>`
      SELECT error_class::text, count(*)::int AS n FROM judge_tasks WHERE run_id = ${runId} AND error_class IS NOT NULL GROUP BY error_class`,
    prisma.$queryRaw<{ p50: number | null; p95: number | null }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY c.latency_ms) AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY c.latency_ms) AS p95
        FROM judge_tasks t JOIN judge_calls c ON c.id = t.call_id
       WHERE t.run_id = ${runId} AND t.status = 'SUCCEEDED' AND NOT t.cached`,
  ]);
  const datasetId = (run.scope as { datasetId?: unknown } | null)?.datasetId;
  const dataset =
    typeof datasetId === 'number' ? await prisma.dataset.findUnique({ where: { id: datasetId }, select: { name: true } }) : null;
  const finished = run.succeededTasks + run.failedTasks;
  const seconds = run.startedAt ? ((run.finishedAt ?? new Date()).getTime() - run.startedAt.getTime()) / 1000 : 0;
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    error: run.error,
    promptTemplate: run.promptTemplate,
    promptVersion: run.promptVersion,
    params: run.params,
    scope: run.scope,
    metaRubricVersion: run.metaRubricVersion ? `${run.metaRubricVersion.metaRubric.name} v${run.metaRubricVersion.number}` : null,
    datasetName: dataset?.name ?? null,
    endpoints: run.endpoints.map(({ endpoint, outputMode }) => ({ ...endpoint, outputMode })),
    totalTasks: run.totalTasks,
    succeededTasks: run.succeededTasks,
    failedTasks: run.failedTasks,
    cachedTasks: run.cachedTasks,
    promptTokens: run.promptTokens,
    completionTokens: run.completionTokens,
    costUsd: run.costUsd,
    unknownUsageCalls: run.unknownUsageCalls,
    cancelRequested: run.cancelRequested,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    throughput: seconds > 0 ? finished / seconds : 0,
    byState: Object.fromEntries(states.map((row) => [row.status, row.n])),
    byErrorClass: Object.fromEntries(errors.map((row) => [row.error_class, row.n])),
    latency: { p50: latency[0]?.p50 ?? null, p95: latency[0]?.p95 ?? null },
  };
}

export interface RunTaskRow {
  id: number;
  key: string;
  status: string;
  cached: boolean;
  errorClass: string | null;
  error: string | null;
  attempts: number;
  callId: number | null;
  latencyMs: number | null;
  /** null: no answer, or the server reported no usage (usageUnknown). */
  promptTokens: number | null;
  completionTokens: number | null;
  usageUnknown: boolean;
}

export async function listRunTasks({
  runId,
  status,
  page = 1,
  pageSize = 50,
}: {
  runId: number;
  status?: string | undefined;
  page?: number;
  pageSize?: number;
}): Promise<{ rows: RunTaskRow[]; total: number }> {
  const where = { runId, ...(status ? { status: status as 'QUEUED' } : {}) };
  const [rows, total] = await Promise.all([
    prisma.judgeTask.findMany({
      where,
      orderBy: { id: 'asc' },
      skip: (page - 1) * pageSize,
      take: pageSize,
      include: { call: { select: { latencyMs: true, promptTokens: true, completionTokens: true, attempts: true } } },
    }),
    prisma.judgeTask.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((task) => ({
      id: task.id,
      key: task.key,
      status: task.status,
      cached: task.cached,
      errorClass: task.errorClass,
      error: task.error,
      attempts: task.call?.attempts ?? task.attempts,
      callId: task.callId,
      latencyMs: task.call?.latencyMs ?? null,
      promptTokens: task.call?.promptTokens ?? null,
      completionTokens: task.call?.completionTokens ?? null,
      usageUnknown: task.call !== null && (task.call.promptTokens === null || task.call.completionTokens === null),
    })),
  };
}

/** One call, whole: what was sent, what came back, what was parsed. */
export async function getCall(callId: number) {
  return await prisma.judgeCall.findUnique({
    where: { id: callId },
    select: {
      id: true,
      model: true,
      promptTemplate: true,
      promptVersion: true,
      request: true,
      rawOutput: true,
      reasoning: true,
      parsed: true,
      outputMode: true,
      finishReason: true,
      serverModel: true,
      status: true,
      errorClass: true,
      error: true,
      attempts: true,
      promptTokens: true,
      completionTokens: true,
      latencyMs: true,
      costUsd: true,
      createdAt: true,
      endpoint: { select: { name: true } },
    },
  });
}

export async function listRuns() {
  return await prisma.judgeRun.findMany({
    orderBy: { id: 'desc' },
    take: 100,
    select: {
      id: true,
      kind: true,
      status: true,
      totalTasks: true,
      succeededTasks: true,
      failedTasks: true,
      cachedTasks: true,
      costUsd: true,
      unknownUsageCalls: true,
      createdAt: true,
      finishedAt: true,
      endpoints: { select: { endpoint: { select: { name: true } } } },
    },
  });
}
