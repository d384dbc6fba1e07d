// Drill 2: kill -9 the app while a judge GRADE run is mid-way (the judge test double answering), then start
// it again. While it is down every visible grade must belong to a task marked done (the two are written
// together); after the restart the queue resumes the run, and each task must end with exactly one grade,
// the model asked again only for the calls that were in flight when the app died.
import { formatDuration } from '@/tools/bench/report';
import { gradingShape, seedGradingDataset } from '@/tools/fixtures/grading-dataset';
import { pgPool } from '@/lib/db';
import { type Scenario, type ScenarioResult, expectThat, sqlOne } from '@/tools/faults/context';
import { killMidJob } from '@/tools/faults/kill-mid-job';
import { GiveUp, done, notYet } from '@/tools/faults/wait-for';
import type { FaultContext } from '@/tools/faults/context';

/** 30 queries × 2 responses × 20 criteria: 1,200 grading calls. */
const SHAPE = gradingShape(0.6);
const CONCURRENCY = 8;
/** Mid-way: this share of the tasks done. */
const KILL_AT = 0.3;

/** What SQL says about a run's tasks and grades. */
export async function gradeLedger(runId: number) {
  return await sqlOne<{
    status: string;
    error: string | null;
    total: number;
    succeeded: number;
    failed: number;
    running: number;
    grades: number;
    duplicated: number;
    orphan_grades: number;
    tasks_without_one_grade: number;
  }>(
    `WITH t AS (SELECT id, status, (payload->>'responseId')::int AS response_id, (payload->>'criterionId')::int AS criterion_id
                  FROM judge_tasks WHERE run_id = $1),
          g AS (SELECT response_id, criterion_id, count(*)::int AS n FROM grades WHERE run_id = $1 GROUP BY 1, 2)
     SELECT r.status, r.error, r.total_tasks AS total,
            (SELECT count(*) FROM t WHERE status = 'SUCCEEDED')::int AS succeeded,
            (SELECT count(*) FROM t WHERE status = 'FAILED')::int AS failed,
            (SELECT count(*) FROM t WHERE status = 'RUNNING')::int AS running,
            (SELECT coalesce(sum(n), 0) FROM g)::int AS grades,
            (SELECT count(*) FROM g WHERE n > 1)::int AS duplicated,
            (SELECT count(*) FROM g WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.response_id = g.response_id AND t.criterion_id = g.criterion_id
                                                        AND t.status = 'SUCCEEDED'))::int AS orphan_grades,
            (SELECT count(*) FROM t LEFT JOIN g USING (response_id, criterion_id)
              WHERE t.status = 'SUCCEEDED' AND coalesce(g.n, 0) <> 1)::int AS tasks_without_one_grade
       FROM judge_runs r WHERE r.id = $1`,
    [runId],
  );
}

/** The grading dataset (seeded once) and an endpoint on the test double, saved through the app. */
export async function judgeSetup(ctx: FaultContext, endpointName: string): Promise<{ datasetId: number; endpointId: number }> {
  const existing = await pgPool().query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'bench-judge-grade'`);
  const datasetId = existing.rows[0]?.id ?? (await seedGradingDataset(pgPool(), SHAPE, ctx.seed));
  const endpoint = await ctx.admin.actionData<{ id: number }>('/judge/endpoints/new', 'lib/judge/actions.ts#saveEndpointAction', {
    name: endpointName,
    baseUrl: ctx.double.url,
    model: `${endpointName}-model`,
    maxConcurrency: CONCURRENCY,
    timeoutSeconds: 30,
  });
  return { datasetId, endpointId: endpoint.id };
}

/** Starts a GRADE run through the app's launcher action. */
export async function startGradeRun(ctx: FaultContext, input: { datasetId: number; endpointId: number; maxQueries?: number }) {
  return await ctx.admin.actionData<{ id: number; tasks: number }>('/judge/runs/new', 'lib/judge/actions.ts#startRunAction', {
    kind: 'GRADE',
    endpointIds: [input.endpointId],
    datasetId: input.datasetId,
    ...(input.maxQueries ? { maxQueries: input.maxQueries } : {}),
  });
}

/** The checks every finished grading run must pass: all tasks done, exactly one grade each. */
export function checkFinishedRun(result: ScenarioResult, ledger: Awaited<ReturnType<typeof gradeLedger>>, what: string) {
  expectThat(result, ledger.status === 'SUCCEEDED', `${what} ended ${ledger.status}${ledger.error ? `: ${ledger.error}` : ''}`);
  expectThat(result, ledger.succeeded === ledger.total, `${what}: ${ledger.succeeded} of ${ledger.total} tasks succeeded`);
  expectThat(
    result,
    ledger.grades === ledger.total && ledger.duplicated === 0 && ledger.tasks_without_one_grade === 0 && ledger.orphan_grades === 0,
    `${what}: ${ledger.grades} grades for ${ledger.total} tasks (${ledger.duplicated} duplicated, ${ledger.tasks_without_one_grade} tasks without exactly one, ${ledger.orphan_grades} without a finished task)`,
  );
}

export const judgeKill: Scenario = {
  id: 'judge',
  title: 'kill -9 during a judge run, then restart',
  timeoutMs: 20 * 60_000,
  run: async (ctx, result) => {
    ctx.log(`seeding ${SHAPE.queries} queries × 2 responses × 20 criteria and saving an endpoint through the app…`);
    const { datasetId, endpointId } = await judgeSetup(ctx, 'faults-kill');
    const okBefore = ctx.double.stats().byOutcome.ok;
    const jobStarted = performance.now();
    const run = await startGradeRun(ctx, { datasetId, endpointId });
    result.evidence.push(
      `GRADE run ${run.id} started through the launcher's action: ${run.tasks.toLocaleString('en')} calls to the judge test double ` +
        `(100 ms per answer, ${CONCURRENCY} at a time)`,
    );
    expectThat(result, run.tasks === SHAPE.calls, `the run planned ${run.tasks} tasks, expected ${SHAPE.calls}`);

    const final = await killMidJob(ctx, result, {
      what: 'the judge run',
      queue: 'judge',
      jobData: { runId: run.id },
      jobStarted,
      midway: async () => {
        const ledger = await gradeLedger(run.id);
        if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(ledger.status))
          throw new GiveUp(`the run ended (${ledger.status}) before it could be killed`);
        if (ledger.succeeded >= KILL_AT * ledger.total) return done(`${ledger.succeeded} of ${ledger.total} tasks done`);
        return notYet(`${ledger.status}, ${ledger.succeeded} of ${ledger.total} done`);
      },
      whileDown: async () => {
        const ledger = await gradeLedger(run.id);
        expectThat(
          result,
          ledger.orphan_grades === 0 && ledger.tasks_without_one_grade === 0 && ledger.duplicated === 0,
          `while down: ${ledger.orphan_grades} grades without a finished task, ${ledger.tasks_without_one_grade} finished tasks without exactly one grade, ${ledger.duplicated} duplicated`,
        );
        result.evidence.push(
          `while down (SQL): ${ledger.succeeded} tasks done with ${ledger.grades} grades (each done task exactly one, no grade without its task), ` +
            `${ledger.running} tasks left RUNNING by the dead worker, run ${ledger.status}`,
        );
      },
      finished: async () => {
        const ledger = await gradeLedger(run.id);
        if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(ledger.status)) return done(ledger);
        return notYet(`${ledger.status}, ${ledger.succeeded} of ${ledger.total} done`);
      },
    });

    checkFinishedRun(result, final, `run ${run.id}`);
    const answered = ctx.double.stats().byOutcome.ok - okBefore;
    const repeated = answered - final.total;
    expectThat(
      result,
      repeated >= 0 && repeated <= CONCURRENCY,
      `the model answered ${answered} requests for ${final.total} tasks: ${repeated} repeated, at most ${CONCURRENCY} (the calls in flight) expected`,
    );
    const page = await ctx.admin.page(`/judge/runs/${run.id}`);
    expectThat(result, page.status === 200, `the run's page answered ${page.status}`);
    result.evidence.push(
      `resumed and ${final.status}: ${final.succeeded.toLocaleString('en')} of ${final.total.toLocaleString('en')} tasks, ${final.grades.toLocaleString('en')} grades, ` +
        `${final.duplicated} duplicated per (run, response, criterion) (SQL); the model was asked ${answered.toLocaleString('en')} times, ` +
        `${repeated} again for calls in flight at the kill; run page ${page.status}`,
    );
    result.evidence.push(`judge run finished ${formatDuration(result.timings['job finished (kill → done)'] ?? 0)} after the kill`);
  },
};
