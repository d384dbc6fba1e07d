// The admin's work during a stress run, started through the app as an admin's browser would and run by the
// app's own pg-boss workers: an upload to /api/imports (a QuarkMedBench-style file), a judge GRADE run
// (saveEndpointAction, then startRunAction against the judge test double) and a release (createReleaseAction,
// then freezeReleaseAction, which queues the release job: it freezes the release, then exports every format). While a job runs and the window lasts,
// the admin's page keeps polling as the real pages do (the import form every 0.5 s, the run page's
// router.refresh() every 1.5 s, the release page's every 1 s). The job's end is read from its row.
import type pg from 'pg';
import type { HttpSession } from '@/tools/stress/http-client';
import type { ActionIds } from '@/tools/stress/http-client';
import type { Budget, Recorder } from '@/tools/stress/recorder';
import { actionResultSchema } from '@/tools/stress/results';
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
type JobRow = { status: string; error: string | null };
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

/** A job row's status and error (import_jobs, judge_runs). */
async function jobRow(ctx: AdminContext, table: 'import_jobs' | 'judge_runs', id: number): Promise<JobRow | null> {
  return (
    (await ctx.db.query<{ status: string; error: string | null }>(`SELECT status, error FROM ${table} WHERE id = $1`, [id])).rows[0] ?? null
  );
}

/** A release from its freeze to its exported files: null while the freeze runs, FAILED when it failed. */
async function releaseRow(ctx: AdminContext, releaseId: number): Promise<JobRow | null> {
  const release = await ctx.db.query<{ status: string; stage: string | null; error: string | null }>(
    'SELECT r.status::text, f.stage, f.error FROM releases r LEFT JOIN release_freezes f ON f.release_id = r.id WHERE r.id = $1',
    [releaseId],
  );
  const row = release.rows[0];
  if (!row) return { status: 'FAILED', error: 'the release is gone' };
  if (row.stage === 'failed') return { status: 'FAILED', error: `freeze: ${row.error ?? 'failed'}` };
  if (row.status !== 'FROZEN') return null;
  return await exportRow(ctx, releaseId);
}

/** A release's export files, summed up as one status (null before any file exists), with their errors. */
async function exportRow(ctx: AdminContext, releaseId: number): Promise<JobRow | null> {
  const files = await ctx.db.query<{ format: string; status: string; error: string | null }>(
    'SELECT format, status, error FROM release_files WHERE release_id = $1',
    [releaseId],
  );
  if (files.rows.length === 0) return null;
  const errors = files.rows.filter((file) => file.error).map((file) => `${file.format}: ${file.error}`);
  const status = !files.rows.every((file) => FINAL.has(file.status))
    ? 'RUNNING'
    : files.rows.every((file) => file.status === 'SUCCEEDED')
      ? 'SUCCEEDED'
      : 'FAILED';
  return { status, error: errors.length ? errors.join('; ') : null };
}

/**
 * Runs one background job from its first request to its row's final status. `begin` marks when the job
 * proper starts (after any waiting for it to make sense); its duration counts from there.
 */
async function timedJob(
  ctx: AdminContext,
  name: JobName,
  run: (outcome: JobOutcome, begin: () => void) => Promise<JobRow>,
): Promise<JobOutcome> {
  let started = performance.now();
  const outcome: JobOutcome = { name, startedAtS: null, durationMs: null, status: 'NOT STARTED', id: null, detail: '' };
  const begin = () => {
    started = performance.now();
    outcome.startedAtS = (started - ctx.windowStart) / 1000;
  };
  try {
    const final = await run(outcome, begin);
    outcome.status = final.status;
    if (final.error) outcome.detail = `${outcome.detail}; error: ${final.error}`;
  } catch (error) {
    outcome.detail = `${outcome.detail ? `${outcome.detail}; ` : ''}${error instanceof Error ? error.message : String(error)}`;
    outcome.status = outcome.id === null ? 'NOT STARTED' : 'ERROR';
  }
  if (outcome.id !== null) outcome.durationMs = performance.now() - started;
  return outcome;
}

/**
 * Waits until the job's row is final, meanwhile (while the window lasts) running `poll` every `everyMs` as
 * the page does. Returns the final row, or status 'UNFINISHED' when the wait gives up.
 */
async function untilDone(
  ctx: AdminContext,
  row: () => Promise<JobRow | null>,
  poll: () => Promise<unknown>,
  everyMs: number,
): Promise<JobRow> {
  while (performance.now() < ctx.giveUpAt()) {
    const current = await row();
    if (current && FINAL.has(current.status)) return current;
    if (!ctx.budget.exhausted()) await ctx.recorder.attempt(ctx.budget, 'admin: page polling a job', poll);
    await sleep(everyMs);
  }
  return { status: 'UNFINISHED', error: 'still running when the wait for it gave up' };
}

export function runImportJob(ctx: AdminContext, file: { path: string; queries: number; criteria: number }, datasetName: string) {
  return timedJob(ctx, 'import', async (outcome, begin) => {
    outcome.detail = `${file.queries.toLocaleString('en')} queries, ${file.criteria.toLocaleString('en')} criteria (QuarkMedBench JSON lines)`;
    begin();
    const params = new URLSearchParams({ dataset: datasetName, format: 'quark', skipInvalid: 'false' });
    const { id } = await request(
      ctx,
      'admin: upload import file',
      () => ctx.session.upload(`/api/imports?${params}`, file.path, { 'x-file-name': 'stress-import.jsonl' }, 202),
      z.object({ id: z.number().int().positive() }),
    );
    outcome.id = id;
    return await untilDone(
      ctx,
      () => jobRow(ctx, 'import_jobs', id),
      () => ctx.session.json(`/api/imports/${id}`),
      500,
    );
  });
}

export function runJudgeJob(ctx: AdminContext, judge: { url: string; datasetId: number; calls: number; latencyMs: number }) {
  return timedJob(ctx, 'judge', async (outcome, begin) => {
    begin();
    const judgeActions = 'lib/judge/actions.ts';
    const endpoint = await adminAction(
      ctx,
      'admin: save judge endpoint',
      {
        page: '/judge/endpoints/new',
        file: judgeActions,
        action: 'saveEndpointAction',
        // The mode the test double serves; left on AUTO, the app wants Test connection pressed first.
        input: {
          name: 'Stress judge (test double)',
          baseUrl: judge.url,
          model: 'stress-judge',
          maxConcurrency: 16,
          timeoutSeconds: 30,
          outputMode: 'JSON_SCHEMA',
        },
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
    outcome.detail = `GRADE run of ${run.tasks.toLocaleString('en')} calls (expected ${judge.calls.toLocaleString('en')}), 16 at a time, test double answering in ${judge.latencyMs} ms`;
    const page = `/judge/runs/${run.id}`;
    return await untilDone(
      ctx,
      () => jobRow(ctx, 'judge_runs', run.id),
      () => ctx.session.rsc(page, page),
      1500,
    );
  });
}

export function runExportJob(ctx: AdminContext, datasetId: number) {
  return timedJob(ctx, 'export', async (outcome, begin) => {
    const releaseActions = 'lib/releases/actions.ts';
    const rules = { datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] };
    // As an admin would, preview on /releases/new until something passes the rules: a criterion has a final
    // decision only once k experts have submitted its query.
    for (;;) {
      const preview = await adminAction(
        ctx,
        'admin: preview release',
        { page: '/releases/new', file: releaseActions, action: 'previewReleaseAction', input: rules },
        z.object({ criteria: z.number().int().min(0) }),
      );
      if (preview.criteria > 0) break;
      outcome.detail = 'nothing passed the release rules yet';
      await sleep(10_000);
    }
    begin();
    const release = await adminAction(
      ctx,
      'admin: create release',
      { page: '/releases/new', file: releaseActions, action: 'createReleaseAction', input: { name: 'Stress release', rules } },
      z.object({ id: z.number().int().positive() }),
    );
    outcome.id = release.id;
    // The freeze is the release job's first step (lib/releases/freeze-job.ts); the action only queues it.
    await adminAction(
      ctx,
      'admin: freeze release',
      { page: `/releases/${release.id}`, file: releaseActions, action: 'freezeReleaseAction', input: { releaseId: release.id } },
      z.null(),
    );
    const page = `/releases/${release.id}`;
    const final = await untilDone(
      ctx,
      () => releaseRow(ctx, release.id),
      () => ctx.session.rsc(page, page),
      1000,
    );
    const items = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM release_items WHERE release_id = $1', [release.id]);
    outcome.detail = `release of ${(items.rows[0]?.n ?? 0).toLocaleString('en')} criteria frozen by the release job, then every export format`;
    return final;
  });
}
