// The admin's work during a stress run, started through the app as an admin's browser would and run by the
// app's own pg-boss workers: an upload to /api/imports (a QuarkMedBench-style file), a judge GRADE run
// (saveEndpointAction, then startRunAction against the judge test double) and a release (createReleaseAction,
// then freezeReleaseAction, which queues the export of every format). While a job runs and the window lasts,
// the admin's page keeps polling as the real pages do (the import form every 0.5 s, the run page's
// router.refresh() every 1.5 s, the release page's every 1 s). The job's end is read from its row.
import type pg from 'pg';
import type { HttpSession } from '@/lib/stress/http-client';
import type { ActionIds } from '@/lib/stress/http-client';
import type { Budget, Recorder } from '@/lib/stress/recorder';
import { actionResultSchema } from '@/lib/stress/results';
import { z } from 'zod';

export type JobName = 'import' | 'judge' | 'export';

export interface JobOutcome {
  name: JobName;
  /** Seconds into the window when it was started; null if it never was. */
  startedAtS: number | null;
  /** From the first request until the job's row reached a final status. */
  durationMs: number | null;
  status: string;
  /** The row that tracks it: import job, judge run or release id. */
  id: number | null;
  detail: string;
}

export interface AdminContext {
  session: HttpSession;
  actionIds: ActionIds;
  recorder: Recorder;
  budget: Budget;
  /** Read-only observation of the jobs' rows. */
  db: Pick<pg.Pool, 'query'>;
  windowStart: number;
  /** Gives up waiting for a job at this time (performance.now()). */
  giveUpAt: () => number;
}

const FINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An action's { ok: false, code, error }, if that is what `value` is. */
function refusal(value: unknown): { code: string; error: string } | null {
  const parsed = actionResultSchema(z.unknown()).safeParse(value);
  return parsed.success && !parsed.data.ok ? parsed.data : null;
}

/**
 * One admin request, timed and counted like an expert's (a refusal is recorded with its code, a response of
 * the wrong shape as such); throws on any failure, so the job counts as not started.
 */
async function request<T>(ctx: AdminContext, op: string, run: () => Promise<unknown>, schema: z.ZodType<T>): Promise<T> {
  const attempt = await ctx.recorder.attempt(ctx.budget, op, async () => {
    const value = await run();
    return refusal(value) ? value : schema.parse(value);
  });
  if (!attempt.ran) throw new Error('not started: the window or the request cap ran out first');
  if (!attempt.ok) throw attempt.error instanceof Error ? attempt.error : new Error(String(attempt.error));
  const refused = refusal(attempt.value);
  if (refused) throw new Error(`${op} refused: ${refused.code} ${refused.error}`);
  return attempt.value as T;
}

/** The data of an action's { ok: true, data }. */
const ok = <T>(data: z.ZodType<T>): z.ZodType<T> => z.object({ ok: z.literal(true), data }).transform((result) => result.data as T);

/** One admin server action from `page`: the data of its { ok: true } answer, else an error. */
function adminAction<T>(
  ctx: AdminContext,
  op: string,
  call: { page: string; file: string; action: string; input: Record<string, unknown> },
  data: z.ZodType<T>,
): Promise<T> {
  return request(ctx, op, () => ctx.session.action(call.page, ctx.actionIds(call.file, call.action), [call.input]), ok(data));
}

/**
 * Waits until `status()` is final, meanwhile (while the window lasts) running `poll` every `everyMs` as the
 * page does. Returns the final status, or 'UNFINISHED' when the wait gives up.
 */
async function watch(
  ctx: AdminContext,
  status: () => Promise<string | null>,
  poll: () => Promise<unknown>,
  everyMs: number,
): Promise<string> {
  while (performance.now() < ctx.giveUpAt()) {
    const current = await status();
    if (current && FINAL.has(current)) return current;
    if (!ctx.budget.exhausted()) await ctx.recorder.attempt(ctx.budget, 'admin: page polling a job', poll);
    await sleep(everyMs);
  }
  return 'UNFINISHED';
}

/** The status column of a job's row. */
async function rowStatus(ctx: AdminContext, table: 'import_jobs' | 'judge_runs', id: number): Promise<string | null> {
  return (await ctx.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0]?.status ?? null;
}

async function timedJob(ctx: AdminContext, name: JobName, run: (outcome: JobOutcome) => Promise<void>): Promise<JobOutcome> {
  const started = performance.now();
  const outcome: JobOutcome = {
    name,
    startedAtS: (started - ctx.windowStart) / 1000,
    durationMs: null,
    status: 'NOT STARTED',
    id: null,
    detail: '',
  };
  try {
    await run(outcome);
  } catch (error) {
    outcome.detail = error instanceof Error ? error.message : String(error);
    if (outcome.id === null) outcome.startedAtS = null;
    outcome.status = outcome.id === null ? 'NOT STARTED' : 'ERROR';
  }
  if (outcome.id !== null) outcome.durationMs = performance.now() - started;
  return outcome;
}

export function runImportJob(ctx: AdminContext, file: { path: string; queries: number; criteria: number }, datasetName: string) {
  return timedJob(ctx, 'import', async (outcome) => {
    const params = new URLSearchParams({ dataset: datasetName, format: 'quark', skipInvalid: 'false' });
    const { id } = await request(
      ctx,
      'admin: upload import file',
      () => ctx.session.upload(`/api/imports?${params}`, file.path, { 'x-file-name': 'stress-import.jsonl' }, 202),
      z.object({ id: z.number().int().positive() }),
    );
    outcome.id = id;
    outcome.status = await watch(
      ctx,
      () => rowStatus(ctx, 'import_jobs', id),
      () => ctx.session.json(`/api/imports/${id}`),
      500,
    );
    outcome.detail = `${file.queries.toLocaleString('en')} queries, ${file.criteria.toLocaleString('en')} criteria (QuarkMedBench JSON lines)`;
  });
}

export function runJudgeJob(ctx: AdminContext, judge: { url: string; datasetId: number; calls: number }) {
  return timedJob(ctx, 'judge', async (outcome) => {
    const judgeActions = 'lib/judge/actions.ts';
    const endpoint = await adminAction(
      ctx,
      'admin: save judge endpoint',
      {
        page: '/judge/endpoints/new',
        file: judgeActions,
        action: 'saveEndpointAction',
        input: { name: 'Stress judge (test double)', baseUrl: judge.url, model: 'stress-judge', maxConcurrency: 16, timeoutSeconds: 30 },
      },
      z.object({ id: z.number().int().positive() }),
    );
    const run = await adminAction(
      ctx,
      'admin: start judge run',
      {
        page: '/judge/runs/new',
        file: judgeActions,
        action: 'startRunAction',
        input: { kind: 'GRADE', endpointIds: [endpoint.id], datasetId: judge.datasetId },
      },
      z.object({ id: z.number().int().positive(), tasks: z.number().int() }),
    );
    outcome.id = run.id;
    outcome.status = await watch(
      ctx,
      () => rowStatus(ctx, 'judge_runs', run.id),
      () => ctx.session.rsc(`/judge/runs/${run.id}`, `/judge/runs/${run.id}`),
      1500,
    );
    outcome.detail = `GRADE run of ${run.tasks.toLocaleString('en')} calls (expected ${judge.calls.toLocaleString('en')}), 16 at a time, test double answering in 100 ms`;
  });
}

export function runExportJob(ctx: AdminContext, datasetId: number) {
  return timedJob(ctx, 'export', async (outcome) => {
    const releaseActions = 'lib/releases/actions.ts';
    const release = await adminAction(
      ctx,
      'admin: create release',
      {
        page: '/releases/new',
        file: releaseActions,
        action: 'createReleaseAction',
        input: { name: 'Stress release', rules: { datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] } },
      },
      z.object({ id: z.number().int().positive() }),
    );
    outcome.id = release.id;
    const frozen = await adminAction(
      ctx,
      'admin: freeze release',
      { page: `/releases/${release.id}`, file: releaseActions, action: 'freezeReleaseAction', input: { releaseId: release.id } },
      z.object({ criteria: z.number().int().min(0) }),
    );
    outcome.status = await watch(
      ctx,
      async () => {
        const files = await ctx.db.query<{ status: string }>('SELECT status FROM release_files WHERE release_id = $1', [release.id]);
        if (files.rows.length === 0) return null;
        if (!files.rows.every((file) => FINAL.has(file.status))) return 'RUNNING';
        return files.rows.every((file) => file.status === 'SUCCEEDED') ? 'SUCCEEDED' : 'FAILED';
      },
      () => ctx.session.rsc(`/releases/${release.id}`, `/releases/${release.id}`),
      1000,
    );
    outcome.detail = `release of ${frozen.criteria.toLocaleString('en')} criteria frozen, then every export format`;
  });
}
