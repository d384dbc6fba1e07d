// Runs one JudgeRun: the pg-boss handler for the `judge` queue (in the web process or `npm run worker`).
// Resumable: every task's result is written in the same transaction (for a grade, the same statement) that
// marks the task SUCCEEDED (guarded by its status), and every model answer is stored as a JudgeCall keyed by
// the request's hash before any result is written. A run killed mid-way (kill -9) is picked up again by the
// queue: finished tasks are skipped, a task whose answer was stored is served from that JudgeCall, and
// nothing is written twice. The run's counters (tasks, tokens, cost) are tallied in memory and added to the
// run row once a second; when the run stops they are set exactly from its tasks, so what a killed process
// had not written yet is made good by the next attempt.
import { prisma } from '@/lib/db';
import { type EndpointConfig, JudgeCallError, callModel, describeRequest, requestHash } from '@/lib/judge/call-model';
import { PROMPT_VERSION } from '@/lib/judge/create-run';
import { toEndpointConfig } from '@/lib/judge/endpoint-config';
import { type TaskContext, type TaskKind, type TaskResult, taskKinds } from '@/lib/judge/task-kinds';
import { Prisma } from '@/lib/generated/prisma/client';
import { isDatabaseUnavailable } from '@/lib/errors';

const FINISHED = ['SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
const PAGE = 500;
/**
 * An endpoint's maxConcurrency bounds its calls in flight, not the database work around them (reading the
 * task's data, storing the answer, writing the result): up to this many tasks per call slot are in flight,
 * so a slot freed by an answer goes to a task that is ready to call while the finished one is written.
 */
const TASKS_PER_CALL_SLOT = 2;

interface EndpointRow extends EndpointConfig {
  id: number;
  name: string;
  maxConcurrency: number;
  requestsPerMinute: number | null;
}

/** At most `concurrency` at once (an endpoint's calls, or its tasks), and at most `perMinute` starts in any 60 s window. */
class EndpointLimiter {
  private active = 0;
  private waiting: (() => void)[] = [];
  private starts: number[] = [];
  constructor(
    private readonly concurrency: number,
    private readonly perMinute: number | null,
  ) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      await this.throttle();
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
  private async throttle() {
    if (!this.perMinute) return;
    for (;;) {
      const now = Date.now();
      this.starts = this.starts.filter((t) => now - t < 60_000);
      if (this.starts.length < this.perMinute) {
        this.starts.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 60_000 - (now - (this.starts[0] ?? now)) + 5));
    }
  }
}

interface Tally {
  succeeded: number;
  failed: number;
  cached: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** Answered calls whose tokens are unknown (the server reported no usage): left out of the sums above. */
  unknownUsage: number;
}

const emptyTally = (): Tally => ({ succeeded: 0, failed: 0, cached: 0, promptTokens: 0, completionTokens: 0, costUsd: 0, unknownUsage: 0 });

/** What one finished call adds to the run's token and cost counters. */
interface Billed {
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
}

const NOTHING_BILLED: Billed = { promptTokens: 0, completionTokens: 0, costUsd: 0 };

function billedTally(billed: Billed): Partial<Tally> {
  if (billed.promptTokens === null || billed.completionTokens === null || billed.costUsd === null) return { unknownUsage: 1 };
  return { promptTokens: billed.promptTokens, completionTokens: billed.completionTokens, costUsd: billed.costUsd };
}

/**
 * What finished tasks add to the run's counters, until the next flush. Every task bumping the run row in its
 * own result transaction made all concurrent tasks queue on that row's lock, each holding it for a round trip.
 */
class RunTally {
  private pending = emptyTally();
  add(delta: Partial<Tally>) {
    for (const key of Object.keys(delta) as (keyof Tally)[]) this.pending[key] += delta[key] ?? 0;
  }
  take(): Tally {
    const taken = this.pending;
    this.pending = emptyTally();
    return taken;
  }
}

export interface RunJudgeOptions {
  runId: number;
  /** False while the queue will retry an unexpected failure; the run then stays open for the retry. */
  finalAttempt?: boolean;
  /** Tests: shorten the retry waits of calls. */
  callOptions?: Parameters<typeof callModel>[3];
}

export async function runJudgeRun({ runId, finalAttempt = true, callOptions }: RunJudgeOptions): Promise<void> {
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, include: { endpoints: { include: { endpoint: true } } } });
  if (!run || (FINISHED as readonly string[]).includes(run.status)) return;
  if (run.cancelRequested) return await finishCancelled(runId);
  await prisma.judgeRun.update({ where: { id: runId }, data: { status: 'RUNNING', startedAt: run.startedAt ?? new Date(), error: null } });
  // Tasks that were running when a previous attempt died start again (their stored answers, if any, are reused).
  await prisma.judgeTask.updateMany({ where: { runId, status: 'RUNNING' }, data: { status: 'QUEUED' } });

  const kind = taskKinds[run.kind];
  const endpoints = new Map<number, { row: EndpointRow; tasks: EndpointLimiter; calls: EndpointLimiter }>(
    run.endpoints.map(({ endpoint, outputMode }) => {
      const concurrency = Math.max(1, endpoint.maxConcurrency);
      return [
        endpoint.id,
        {
          // The mode fixed when the run was created, whatever the endpoint says now.
          row: {
            ...toEndpointConfig(endpoint, outputMode),
            id: endpoint.id,
            name: endpoint.name,
            maxConcurrency: endpoint.maxConcurrency,
            requestsPerMinute: endpoint.requestsPerMinute,
          },
          tasks: new EndpointLimiter(concurrency * TASKS_PER_CALL_SLOT, null),
          calls: new EndpointLimiter(concurrency, endpoint.requestsPerMinute),
        },
      ];
    }),
  );
  const abort = new AbortController();
  const tally = new RunTally();
  // Once a second: add the tally to the run row and read whether the run was cancelled, in one statement.
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    const delta = tally.take();
    const row = await prisma.judgeRun.update({
      where: { id: runId },
      data: {
        succeededTasks: { increment: delta.succeeded },
        failedTasks: { increment: delta.failed },
        cachedTasks: { increment: delta.cached },
        promptTokens: { increment: delta.promptTokens },
        completionTokens: { increment: delta.completionTokens },
        costUsd: { increment: delta.costUsd },
        unknownUsageCalls: { increment: delta.unknownUsage },
      },
      select: { cancelRequested: true },
    });
    if (row.cancelRequested) abort.abort();
  };
  const watcher = setInterval(() => {
    flushing ??= flush()
      .catch(() => {})
      .finally(() => {
        flushing = null;
      });
  }, 1000);
  const stopWatcher = async () => {
    clearInterval(watcher);
    await flushing;
  };
  const context: TaskContext = { run, prisma };

  try {
    const start = (task: { id: number; endpointId: number | null; payload: Prisma.JsonValue }) => {
      const endpoint = endpoints.get(task.endpointId ?? -1);
      if (!endpoint) return failTask(tally, task.id, 'BAD_REQUEST', 'The task’s endpoint is not part of this run.');
      return endpoint.tasks.run(async () => {
        if (abort.signal.aborted) return;
        await executeTask({ task, endpoint: endpoint.row, calls: endpoint.calls, kind, context, tally, signal: abort.signal, callOptions });
      });
    };
    // Tasks are read a page at a time, and the next page as soon as half of this one has finished: waiting
    // for a whole page would leave the endpoint's slots idle while its last tasks finish.
    const pending = new Set<Promise<void>>();
    // The first unexpected failure of a task (a database error) fails this attempt. It stops the attempt's
    // other tasks first (queued ones do not start, calls in flight are dropped and their tasks requeued):
    // left running, they would call the model again beside the queue's retry of the run.
    const failures: unknown[] = [];
    let wake = () => {};
    let afterId = 0;
    for (;;) {
      if (abort.signal.aborted) break;
      const tasks = await prisma.judgeTask.findMany({
        where: { runId, status: 'QUEUED', id: { gt: afterId } },
        orderBy: { id: 'asc' },
        take: PAGE,
      });
      if (tasks.length === 0) break;
      afterId = tasks.at(-1)?.id ?? afterId;
      for (const task of tasks) {
        const running: Promise<void> = start(task)
          .catch((error: unknown) => {
            failures.push(error);
            abort.abort();
          })
          .finally(() => {
            pending.delete(running);
            wake();
          });
        pending.add(running);
      }
      while (pending.size > PAGE / 2 && failures.length === 0)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      if (failures.length > 0) break;
    }
    await Promise.all(pending);
    if (failures.length > 0) throw failures[0];
    await stopWatcher();
    if (abort.signal.aborted) return await finishCancelled(runId);
    await kind.finalize?.(context);
    const counts = await setCountersFromTasks(runId);
    await prisma.judgeRun.update({
      where: { id: runId },
      data: {
        status: counts.succeededTasks === 0 && counts.failedTasks > 0 ? 'FAILED' : 'SUCCEEDED',
        error: counts.failedTasks > 0 ? `${counts.failedTasks} of ${run.totalTasks} calls failed` : null,
        finishedAt: new Date(),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await stopWatcher();
    await setCountersFromTasks(runId).catch(() => {});
    await prisma.judgeRun
      .update({
        where: { id: runId },
        data: finalAttempt ? { status: 'FAILED', error: message, finishedAt: new Date() } : { error: message },
      })
      .catch(() => {});
    if (!finalAttempt) throw error;
  } finally {
    clearInterval(watcher);
  }
}

/** The run's counters from its tasks (and, for tokens and cost, the calls its uncached tasks made). */
async function setCountersFromTasks(runId: number): Promise<{ succeededTasks: number; failedTasks: number }> {
  const rows = await prisma.$queryRaw<{ succeededTasks: number; failedTasks: number }[]>`
    UPDATE judge_runs r
       SET succeeded_tasks = t.succeeded, failed_tasks = t.failed, cached_tasks = t.cached,
           prompt_tokens = t.prompt_tokens, completion_tokens = t.completion_tokens, cost_usd = t.cost_usd,
           unknown_usage_calls = t.unknown_usage
      FROM (SELECT count(*) FILTER (WHERE jt.status = 'SUCCEEDED')::int AS succeeded,
                   count(*) FILTER (WHERE jt.status = 'FAILED')::int AS failed,
                   count(*) FILTER (WHERE jt.status = 'SUCCEEDED' AND jt.cached)::int AS cached,
                   coalesce(sum(c.prompt_tokens) FILTER (WHERE jt.status IN ('SUCCEEDED', 'FAILED') AND NOT jt.cached), 0)::int AS prompt_tokens,
                   coalesce(sum(c.completion_tokens) FILTER (WHERE jt.status IN ('SUCCEEDED', 'FAILED') AND NOT jt.cached), 0)::int AS completion_tokens,
                   coalesce(sum(c.cost_usd) FILTER (WHERE jt.status IN ('SUCCEEDED', 'FAILED') AND NOT jt.cached), 0)::float8 AS cost_usd,
                   count(*) FILTER (WHERE jt.status IN ('SUCCEEDED', 'FAILED') AND NOT jt.cached
                                      AND (c.prompt_tokens IS NULL OR c.completion_tokens IS NULL OR c.cost_usd IS NULL)
                                      AND c.id IS NOT NULL)::int AS unknown_usage
              FROM judge_tasks jt LEFT JOIN judge_calls c ON c.id = jt.call_id
             WHERE jt.run_id = ${runId}) t
     WHERE r.id = ${runId}
    RETURNING r.succeeded_tasks AS "succeededTasks", r.failed_tasks AS "failedTasks"`;
  return rows[0] ?? { succeededTasks: 0, failedTasks: 0 };
}

async function finishCancelled(runId: number) {
  await prisma.$transaction([
    prisma.judgeTask.updateMany({
      where: { runId, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'CANCELLED', errorClass: 'CANCELLED' },
    }),
    prisma.judgeRun.update({ where: { id: runId }, data: { status: 'CANCELLED', finishedAt: new Date() } }),
  ]);
  await setCountersFromTasks(runId);
}

async function failTask(
  tally: RunTally,
  taskId: number,
  errorClass: JudgeCallError['errorClass'],
  message: string,
  attempts = 0,
  callId?: number,
  /** What the provider billed for the failed call's answers (e.g. unparsable output). */
  billed: Billed = NOTHING_BILLED,
) {
  const updated = await prisma.judgeTask.updateMany({
    where: { id: taskId, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'FAILED', errorClass, error: message, attempts, finishedAt: new Date(), ...(callId ? { callId } : {}) },
  });
  if (updated.count === 1) tally.add({ failed: 1, ...billedTally(billed) });
}

async function executeTask({
  task,
  endpoint,
  calls,
  kind,
  context,
  tally,
  signal,
  callOptions,
}: {
  task: { id: number; payload: Prisma.JsonValue };
  endpoint: EndpointRow;
  /** The endpoint's call slots: held for the call (with its retries and waits) only. */
  calls: EndpointLimiter;
  kind: TaskKind;
  context: TaskContext;
  tally: RunTally;
  signal: AbortSignal;
  callOptions?: RunJudgeOptions['callOptions'];
}): Promise<void> {
  let request: Awaited<ReturnType<typeof kind.buildRequest>>;
  try {
    request = await kind.buildRequest(task.payload, context, endpoint);
  } catch (error) {
    // The database failing while the request is built is not the task's fault: the attempt fails, and the
    // queue's retry builds it again.
    if (isDatabaseUnavailable(error)) throw error;
    return await failTask(tally, task.id, 'BAD_REQUEST', error instanceof Error ? error.message : String(error));
  }
  const hash = requestHash(endpoint, request.request, { promptTemplate: request.template, promptVersion: PROMPT_VERSION });
  // One statement marks the task RUNNING and looks its request up and claims it: a new request is inserted
  // RUNNING, a stored failure is taken again; a stored answer is left as it is and returns no row.
  const claimed = await prisma.$queryRaw<{ id: number }[]>`
    WITH running AS (UPDATE judge_tasks SET status = 'RUNNING', updated_at = timezone('UTC', now()) WHERE id = ${task.id})
    INSERT INTO judge_calls (request_hash, endpoint_id, model, prompt_template, prompt_version, request, output_mode, status, created_at, updated_at)
    VALUES (${hash}, ${endpoint.id}, ${endpoint.model}, ${request.template}, ${PROMPT_VERSION},
            ${JSON.stringify(describeRequest(endpoint, request.request))}::jsonb, ${endpoint.outputMode ?? 'JSON_SCHEMA'}::"JudgeOutputMode",
            'RUNNING', timezone('UTC', now()), timezone('UTC', now()))
    ON CONFLICT (request_hash) DO UPDATE
      SET status = 'RUNNING', error_class = NULL, error = NULL, updated_at = timezone('UTC', now())
      WHERE judge_calls.status <> 'SUCCEEDED'
    RETURNING id`;
  let callId: number;
  let parsed: unknown;
  let cached = false;
  let usage: Billed = NOTHING_BILLED;
  const claimedId = claimed[0]?.id;
  if (claimedId === undefined) {
    const stored = await prisma.judgeCall.findUniqueOrThrow({ where: { requestHash: hash }, select: { id: true, parsed: true } });
    callId = stored.id;
    parsed = stored.parsed;
    cached = true;
  } else {
    callId = claimedId;
    let result: Awaited<ReturnType<typeof callModel>>;
    try {
      result = await calls.run(() => callModel(endpoint, request.request, request.parse, { ...callOptions, signal }));
    } catch (error) {
      const failure =
        error instanceof JudgeCallError
          ? error
          : new JudgeCallError({
              errorClass: 'NETWORK',
              message: error instanceof Error ? error.message : String(error),
              attempts: 1,
              attemptLog: [],
            });
      await prisma.judgeCall.update({
        where: { id: callId },
        data: {
          status: failure.errorClass === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
          errorClass: failure.errorClass,
          error: failure.message,
          attempts: failure.attempts,
          rawOutput: failure.rawOutput ?? null,
          reasoning: failure.reasoning ?? null,
          finishReason: failure.finishReason ?? null,
          serverModel: failure.serverModel ?? null,
          promptTokens: failure.promptTokens,
          completionTokens: failure.completionTokens,
          costUsd: failure.costUsd,
        },
      });
      if (failure.errorClass === 'CANCELLED') {
        await prisma.judgeTask.update({ where: { id: task.id }, data: { status: 'QUEUED' } });
        return;
      }
      return await failTask(tally, task.id, failure.errorClass, failure.message, failure.attempts, callId, {
        promptTokens: failure.promptTokens,
        completionTokens: failure.completionTokens,
        costUsd: failure.costUsd,
      });
    }
    parsed = result.parsed;
    usage = { promptTokens: result.promptTokens, completionTokens: result.completionTokens, costUsd: result.costUsd };
    // Storing the answer is database work: if that fails, the attempt fails (and is retried), not the task.
    await prisma.judgeCall.update({
      where: { id: callId },
      data: {
        status: 'SUCCEEDED',
        rawOutput: result.rawOutput,
        reasoning: result.reasoning,
        finishReason: result.finishReason,
        serverModel: result.serverModel,
        parsed: result.parsed as Prisma.InputJsonValue,
        attempts: result.attempts,
        promptTokens: result.promptTokens,
        completionTokens: result.completionTokens,
        latencyMs: Math.round(result.latencyMs),
        costUsd: result.costUsd,
      },
      select: { id: true },
    });
  }
  if (
    await completeTask({
      task,
      kind,
      result: { payload: task.payload, parsed, callId, context, endpoint, built: request.built ?? {} },
      cached,
    })
  ) {
    tally.add({ succeeded: 1, cached: cached ? 1 : 0, ...(cached ? {} : billedTally(usage)) });
  }
}

/** Marks the task SUCCEEDED and writes its result, together and once; false when it was already finished. */
async function completeTask({
  task,
  kind,
  result,
  cached,
}: {
  task: { id: number };
  kind: TaskKind;
  result: TaskResult;
  cached: boolean;
}): Promise<boolean> {
  const completion = Prisma.sql`
    UPDATE judge_tasks
       SET status = 'SUCCEEDED', call_id = ${result.callId}, cached = ${cached}, error_class = NULL, error = NULL,
           finished_at = timezone('UTC', now()), updated_at = timezone('UTC', now())
     WHERE id = ${task.id} AND status = 'RUNNING'
    RETURNING id`;
  if (kind.resultInsert) {
    const rows = await prisma.$queryRaw<{ done: number }[]>`
      WITH done AS (${completion}), result AS (${kind.resultInsert(result)})
      SELECT count(*)::int AS done FROM done`;
    return rows[0]?.done === 1;
  }
  return await prisma.$transaction(async (tx) => {
    const done = await tx.$queryRaw<{ id: number }[]>(completion);
    if (done.length !== 1) return false;
    await kind.writeResult?.(tx, result);
    return true;
  });
}
