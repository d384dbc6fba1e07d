// (e) The judge under load (issue 6): a GRADE run of 2,000 calls (at scale 1: 50 queries × 2 responses × 20
// criteria, seeded by tools/fixtures/grading-dataset.ts, since the synthetic dataset has no responses)
// through the real engine, createRun then runJudgeRun, on one endpoint that allows 16 calls at once, against
// the judge test double answering after 100 ms. There is no PostgreSQL counterpart, so the raw column holds
// the ideal: calls × latency / concurrency (12.5 s), the time 16 slots need when nothing but the model's
// latency counts. The runner still calls a raw side: it sends the same requests through callModel, 16 at a
// time, with no database at all, so the table splits what the transport costs on this machine from what the
// engine's database work adds. Two phases, one per iteration: no faults, then 5% 429s (Retry-After 100 ms),
// where every call must still finish, each task must get exactly one successful answer and SQL must show
// exactly one Grade per task. Each phase and side has its own double (same seed, so both sides meet the same
// 429s), on a worker thread as a model server would be elsewhere, and the endpoint is pointed at the app
// side's double of the phase: the URL is part of the request hash, so no answer comes from the request cache.
// Both sides are warmed up (untimed) on one query first.
import { performance as nodePerformance } from 'node:perf_hooks';
import pg from 'pg';
import type { SessionUser } from '@/lib/auth/roles';
import { forEachConcurrently } from '@/tools/bench/concurrent-loops';
import { type CpuReport, describeCpu, startCpuMeter } from '@/tools/bench/cpu-meter';
import { type BenchContext, type Metric, type Side, defineOperation } from '@/tools/bench/operation';
import { type StatementProfile, type StatementStat, profileStatements } from '@/tools/bench/statement-profile';
import { type TestDoubleThread, startTestDoubleThread } from '@/tools/bench/test-double-thread';
import { type GradeChecks, gradeChecks } from '@/tools/bench/grade-checks';
import {
  CRITERIA_PER_QUERY,
  type GradingShape,
  RESPONSES_PER_QUERY,
  gradingShape,
  seedGradingDataset,
} from '@/tools/fixtures/grading-dataset';
import { disconnectDb, pgPool, prisma } from '@/lib/db';
import { type EndpointConfig, callModel } from '@/lib/judge/call-model';
import { createRun } from '@/lib/judge/create-run';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { type BuiltRequest, type TaskContext, taskKinds } from '@/lib/judge/task-kinds';
import type { TestDoubleStats } from '@/tools/judge-test-double/server';

export const CONCURRENCY = 16;
export const LATENCY_MS = 100;
export const RATE_429 = 0.05;
export const RETRY_AFTER_MS = 100;
const MAX_RATIO = 1.25;
const MODEL = 'bench-judge-model';
const ADMIN_ID = 'bench-judge-admin';

const count = (n: number) => n.toLocaleString('en');

/**
 * The least time `concurrency` slots need for `requests` answers of `latencyMs` each, plus `waitMs` of retry
 * waits in all (a waiting call keeps its slot), when nothing else costs anything.
 */
export function idealMs({
  requests,
  latencyMs,
  concurrency,
  waitMs = 0,
}: {
  requests: number;
  latencyMs: number;
  concurrency: number;
  waitMs?: number;
}): number {
  return (requests * latencyMs + waitMs) / concurrency;
}

// ───────────── the operation ─────────────

interface Phase {
  id: 'clean' | 'rate-limited';
  rate429: number;
  /** Per side, so both meet the same faults (the double draws them from its seed and the request). */
  doubles: Record<Side, TestDoubleThread>;
  /** What each side's double served, read after the runs. */
  stats?: Record<Side, TestDoubleStats>;
  runId?: number;
  createMs?: number;
  /** Each side's own measure of its time (the runner's timings do not reach notes()). */
  app?: { ms: number; cpu: CpuReport; eventLoop: number; statements: StatementStat[] };
  raw?: { ms: number; cpu: CpuReport; eventLoop: number; failures: string[] };
  checks?: GradeChecks;
}

interface JudgeState {
  ctx: BenchContext;
  shape: GradingShape;
  datasetId: number;
  endpointId: number;
  actor: SessionUser;
  /** The grading requests, built by the engine's own GRADE task kind, for the raw side. */
  requests: BuiltRequest[];
  checkClient: pg.Client;
  profile: StatementProfile;
  poolMax: number;
  phases: Phase[];
}

/** The endpoint as the raw side's callModel sees it: the same settings as the app's row. */
const endpointConfig = (baseUrl: string): EndpointConfig => ({
  baseUrl,
  model: MODEL,
  apiKeyEnv: null,
  temperature: 0,
  timeoutSeconds: 60,
  pricePromptPerMillion: 0,
  priceCompletionPerMillion: 0,
});

const phaseOf = (state: JudgeState, iteration: number) => state.phases[iteration] as Phase;
const rateLimited = (phase: Phase, side: Side) => phase.stats?.[side].byOutcome.rate_limited ?? Number.NaN;

/** The ideal of one side of a phase: its double's 429s took a round trip and a Retry-After wait each. */
function phaseIdealMs(state: JudgeState, phase: Phase, side: Side): number {
  const served429 = rateLimited(phase, side);
  return idealMs({
    requests: state.shape.calls + served429,
    latencyMs: LATENCY_MS,
    concurrency: CONCURRENCY,
    waitMs: served429 * RETRY_AFTER_MS,
  });
}

/**
 * "clean: 110.2 ms of run time per task and call slot (callModel alone 104.1 ms, ideal 100.0 ms): …": the
 * run's time × concurrency / calls, i.e. how long each call slot was taken per task, against the bare calls.
 */
function budgetNote(state: JudgeState, phase: Phase): string {
  const { calls } = state.shape;
  const percent = (share: number | undefined) => (share === undefined ? '—' : `${Math.round(share * 100)}%`);
  const perSlot = (ms: number | undefined) => (ms === undefined ? Number.NaN : (ms * CONCURRENCY) / calls);
  const ideal = perSlot(phaseIdealMs(state, phase, 'app'));
  const app = perSlot(phase.app?.ms);
  const raw = perSlot(phase.raw?.ms);
  const statements = phase.app?.statements ?? [];
  const roundTrips = statements.reduce((sum, stat) => sum + stat.count, 0) / calls;
  const inStatements = statements.reduce((sum, stat) => sum + stat.ms, 0) / calls;
  return (
    `${phase.id}: ${app.toFixed(1)} ms of run time per task and call slot (run time × ${CONCURRENCY} / calls; ` +
    `callModel alone ${raw.toFixed(1)} ms, ideal ${ideal.toFixed(1)} ms), ${(app - raw).toFixed(1)} ms more than the bare calls; ` +
    `${roundTrips.toFixed(1)} statements (round trips) per task, ${inStatements.toFixed(1)} ms in them; ` +
    `event loop busy ${percent(phase.app?.eventLoop)} (callModel alone ${percent(phase.raw?.eventLoop)}); ` +
    `app CPU (this process includes the doubles' threads): ${phase.app ? describeCpu(phase.app.cpu, calls, 'task') : '—'}; ` +
    `callModel alone: ${phase.raw ? describeCpu(phase.raw.cpu, calls, 'call') : '—'}`
  );
}

/** Wall time, CPU, and how busy this thread's event loop was (0–1), from now until stop(). */
function startMeters(state: JudgeState) {
  const cpu = startCpuMeter(state.ctx.cluster.postmasterPid);
  const eventLoop = nodePerformance.eventLoopUtilization();
  const started = performance.now();
  return {
    stop: () => ({
      ms: performance.now() - started,
      cpu: cpu.stop(),
      eventLoop: nodePerformance.eventLoopUtilization(eventLoop).utilization,
    }),
  };
}

/** A GRADE run over the dataset (or its first `maxQueries` queries), on the endpoint pointed at `baseUrl`. */
async function createGradeRun(state: JudgeState, baseUrl: string, maxQueries?: number): Promise<{ id: number; tasks: number }> {
  await state.checkClient.query('UPDATE judge_endpoints SET base_url = $1 WHERE id = $2', [baseUrl, state.endpointId]);
  const input = runInputSchema.parse({ kind: 'GRADE', datasetId: state.datasetId, endpointIds: [state.endpointId], maxQueries });
  return await createRun({ actor: state.actor, input, enqueueJob: false });
}

/** The raw side's work: the requests through callModel, CONCURRENCY at a time from one queue; the failures. */
async function callBare(requests: readonly BuiltRequest[], baseUrl: string): Promise<string[]> {
  const endpoint = endpointConfig(baseUrl);
  const failures: string[] = [];
  await forEachConcurrently(requests, CONCURRENCY, async (built) => {
    try {
      await callModel(endpoint, built.request, built.parse);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  });
  return failures;
}

/** Queries of the untimed warm-up run: a tenth of the dataset. */
export const warmUpQueries = (shape: GradingShape) => Math.max(1, Math.round(shape.queries / 10));

/**
 * Untimed: a run over a tenth of the queries and the same calls through callModel alone, so that neither
 * side is timed while V8 still compiles its code and Prisma its queries (a worker serves runs for days).
 */
async function warmUp(state: JudgeState): Promise<void> {
  const double = await startTestDoubleThread({ latencyMs: LATENCY_MS, seed: state.ctx.seed });
  try {
    const run = await createGradeRun(state, double.url, warmUpQueries(state.shape));
    await runJudgeRun({ runId: run.id });
    await callBare(state.requests.slice(0, run.tasks), double.url);
  } finally {
    await double.close();
  }
}

/** When the run misses its target: what held it up, from the meters (printed first among the notes). */
function missNote(state: JudgeState): string[] {
  const clean = state.phases[0];
  if (!clean?.app || !clean.raw) return [];
  const ideal = phaseIdealMs(state, clean, 'app');
  const ratio = clean.app.ms / ideal;
  if (ratio <= MAX_RATIO) return [];
  const { cpu, eventLoop } = clean.app;
  const { calls } = state.shape;
  const share = (ms: number) => (cpu.machineTotalMs > 0 ? ms / cpu.machineTotalMs : 0);
  const others = share(Math.max(0, cpu.machineBusyMs - cpu.nodeMs - (cpu.postgresMs ?? 0)));
  const perTask = `this process ${(cpu.nodeMs / calls).toFixed(1)} ms + PostgreSQL ${((cpu.postgresMs ?? Number.NaN) / calls).toFixed(1)} ms`;
  const cause =
    share(cpu.machineBusyMs) > 0.9
      ? `the machine's CPU was saturated (${Math.round(share(cpu.machineBusyMs) * 100)}% busy, other processes ${Math.round(others * 100)}%), ` +
        `so the engine's CPU work per task (${perTask}) queued for it`
      : eventLoop > 0.85
        ? `this process's event loop was ${Math.round(eventLoop * 100)}% busy: the run is bound by its CPU per task (${perTask}), ` +
          'so every statement and answer waited its turn'
        : `the engine's statements per task and their waits (CPU ${perTask}; event loop ${Math.round(eventLoop * 100)}% busy)`;
  return [
    `MISSED ${ratio.toFixed(2)}× > ${MAX_RATIO}×: the transport alone (callModel, no database) took ${(clean.raw.ms / ideal).toFixed(2)}× ` +
      `the ideal; ${cause}; the budget and the statements per task follow`,
  ];
}

function profileNote(state: JudgeState, phase: Phase): string {
  const { calls } = state.shape;
  const top = (phase.app?.statements ?? [])
    .slice(0, 10)
    .map((stat) => `${stat.kind} ${(stat.count / calls).toFixed(2)}×/task ${(stat.ms / stat.count).toFixed(2)} ms`);
  return `${phase.id}: statements by total time (count per task, mean time each): ${top.join('; ') || '—'}`;
}

export const judgeGradeOperation = defineOperation<JudgeState>({
  id: 'judge-grade',
  title: `Judge GRADE run: ${count(gradingShape(1).calls)} calls at concurrency ${CONCURRENCY}, ${LATENCY_MS} ms latency, vs the ideal`,
  setup: async (ctx) => {
    const shape = gradingShape(ctx.scale);
    // A pool of the app's (DB_POOL_MAX, default 10) whose every statement the profile sees.
    await disconnectDb();
    const profile = profileStatements(pgPool());
    const checkClient = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await checkClient.connect();
    const phases: Phase[] = [];
    try {
      for (const [id, rate429] of [
        ['clean', 0],
        ['rate-limited', RATE_429],
      ] as const) {
        const double = () => startTestDoubleThread({ latencyMs: LATENCY_MS, rate429, retryAfterMs: RETRY_AFTER_MS, seed: ctx.seed });
        phases.push({ id, rate429, doubles: { app: await double(), raw: await double() } });
      }
      ctx.log(
        `judge-grade: seeding ${count(shape.queries)} queries × ${RESPONSES_PER_QUERY} responses × ${CRITERIA_PER_QUERY} criteria ` +
          `(${count(shape.calls)} grading tasks) and one endpoint (untimed)`,
      );
      const datasetId = await seedGradingDataset(checkClient, shape, ctx.seed);
      await checkClient.query(
        `INSERT INTO users (id, email, name, role) VALUES ($1, $1 || '@bench.local', 'Bench Judge Admin', 'ADMIN') ON CONFLICT (id) DO NOTHING`,
        [ADMIN_ID],
      );
      const endpoint = await checkClient.query<{ id: number }>(
        `INSERT INTO judge_endpoints (name, base_url, model, max_concurrency, timeout_seconds) VALUES ('bench-judge', $1, $2, $3, 60) RETURNING id`,
        [phases[0]?.doubles.app.url, MODEL, CONCURRENCY],
      );
      const endpointId = endpoint.rows[0]?.id as number;
      ctx.log('judge-grade: building the raw side’s requests with the GRADE task kind (untimed)');
      const pairs = await checkClient.query<{ response_id: number; criterion_id: number }>(
        `SELECT r.id AS response_id, c.id AS criterion_id
           FROM queries q JOIN responses r ON r.query_id = q.id JOIN criteria c ON c.query_id = q.id
          WHERE q.dataset_id = $1 ORDER BY r.id, c.id`,
        [datasetId],
      );
      // A grading request reads only its response and criterion, never the run.
      const context = { prisma } as TaskContext;
      const requests: BuiltRequest[] = [];
      await forEachConcurrently(pairs.rows, 4, async (pair, index) => {
        requests[index] = await taskKinds.GRADE.buildRequest({ responseId: pair.response_id, criterionId: pair.criterion_id }, context, {
          id: endpointId,
          name: 'bench-judge',
          model: MODEL,
        });
      });
      const state: JudgeState = {
        ctx,
        shape,
        datasetId,
        endpointId,
        actor: { id: ADMIN_ID, email: `${ADMIN_ID}@bench.local`, name: 'Bench Judge Admin', role: 'ADMIN', specialties: [], active: true },
        requests,
        checkClient,
        profile,
        poolMax: pgPool().options.max ?? 10,
        phases,
      };
      ctx.log(`judge-grade: warming up both sides on ${warmUpQueries(shape)} queries (untimed)`);
      await warmUp(state);
      return state;
    } catch (error) {
      await Promise.all(phases.flatMap((phase) => [phase.doubles.app.close(), phase.doubles.raw.close()]));
      profile.stop();
      await checkClient.end();
      throw error;
    }
  },
  // Iteration 0: no faults; iteration 1: 5% 429s.
  iterations: 2,
  // The run's tasks are created (untimed) just before it runs, on the endpoint pointed at this phase's double.
  beforeEach: async (state, side, iteration) => {
    if (side !== 'app') return;
    const phase = phaseOf(state, iteration);
    const started = performance.now();
    const created = await createGradeRun(state, phase.doubles.app.url);
    phase.createMs = performance.now() - started;
    phase.runId = created.id;
    if (created.tasks !== state.shape.calls) throw new Error(`createRun planned ${created.tasks} tasks, expected ${state.shape.calls}`);
    // The run should not pay for flushing the tasks just written.
    await state.ctx.cluster.admin('CHECKPOINT');
  },
  app: async (state, iteration) => {
    const phase = phaseOf(state, iteration);
    state.profile.reset();
    const meter = startMeters(state);
    // Default call options: real waits, Retry-After honoured.
    await runJudgeRun({ runId: phase.runId as number });
    phase.app = { ...meter.stop(), statements: state.profile.snapshot() };
  },
  raw: async (state, iteration) => {
    const phase = phaseOf(state, iteration);
    const meter = startMeters(state);
    const failures = await callBare(state.requests, phase.doubles.raw.url);
    phase.raw = { ...meter.stop(), failures };
  },
  verify: async (state) => {
    const problems: string[] = [];
    const { calls } = state.shape;
    for (const phase of state.phases) {
      if (phase.runId === undefined || !phase.app) {
        problems.push(`${phase.id}: the app side did not run`);
        continue;
      }
      const run = await state.checkClient.query<{ status: string; error: string | null }>(
        'SELECT status, error FROM judge_runs WHERE id = $1',
        [phase.runId],
      );
      if (run.rows[0]?.status !== 'SUCCEEDED')
        problems.push(`${phase.id}: run ${phase.runId} ended ${run.rows[0]?.status} (${run.rows[0]?.error})`);
      phase.checks = await gradeChecks(state.checkClient, phase.runId);
      const { tasks, succeeded, grades, duplicated, notOneGrade } = phase.checks;
      if (tasks !== calls || succeeded !== calls) problems.push(`${phase.id}: ${succeeded} of ${tasks} tasks succeeded, expected ${calls}`);
      if (grades !== calls || duplicated > 0 || notOneGrade > 0)
        problems.push(
          `${phase.id}: ${grades} grades for ${calls} tasks (${duplicated} duplicated, ${notOneGrade} tasks without exactly one)`,
        );
      phase.stats = { app: await phase.doubles.app.stats(), raw: await phase.doubles.raw.stats() };
      for (const side of ['app', 'raw'] as const) {
        const answered = phase.stats[side].byOutcome.ok;
        if (answered !== calls)
          problems.push(`${phase.id}, ${side}: the double answered ${answered} requests, expected one per task (${calls})`);
      }
      if (!phase.raw) problems.push(`${phase.id}: the raw side did not run`);
      else if (phase.raw.failures.length > 0)
        problems.push(`${phase.id}, raw: ${phase.raw.failures.length} calls failed, e.g. ${phase.raw.failures[0]}`);
      if (phase.rate429 > 0 && rateLimited(phase, 'app') === 0) problems.push(`${phase.id}: the double served no 429`);
    }
    return problems;
  },
  metrics: (timings, state) => {
    const { calls } = state.shape;
    const [clean, limited] = state.phases as [Phase, Phase];
    const seconds = (ms: number | undefined) => (ms ?? Number.NaN) / 1000;
    const idealS = (phase: Phase, side: Side) => phaseIdealMs(state, phase, side) / 1000;
    const check = (id: string, label: string, value: (checks: GradeChecks) => number): Metric => ({
      id,
      label,
      unit: 'count',
      app: limited.checks ? value(limited.checks) : Number.NaN,
      raw: null,
    });
    return [
      {
        id: 'judge-run',
        label: `judge GRADE run: ${count(calls)} calls, ${CONCURRENCY} at a time, ${LATENCY_MS} ms each (raw: the ideal, calls × latency / concurrency)`,
        unit: 's',
        app: seconds(timings.app[0]),
        raw: idealS(clean, 'app'),
      },
      {
        id: 'judge-bare',
        label: `  the same ${count(calls)} requests through callModel alone, no database (raw: the ideal)`,
        unit: 's',
        app: seconds(timings.raw[0]),
        raw: idealS(clean, 'raw'),
      },
      {
        id: 'judge-create',
        label: `  createRun: plan and insert the ${count(calls)} tasks (untimed setup of the run)`,
        unit: 's',
        app: seconds(clean.createMs),
        raw: null,
      },
      {
        id: 'judge-429-run',
        label: `judge GRADE run with ${RATE_429 * 100}% 429s (Retry-After ${RETRY_AFTER_MS} ms) (raw: the ideal counting the 429s' round trips and waits)`,
        unit: 's',
        app: seconds(timings.app[1]),
        raw: idealS(limited, 'app'),
      },
      {
        id: 'judge-429-bare',
        label: '  the same requests through callModel alone, no database (raw: its ideal)',
        unit: 's',
        app: seconds(timings.raw[1]),
        raw: idealS(limited, 'raw'),
      },
      {
        id: 'judge-429-served',
        label: '  429s served by the double (raw: to callModel alone)',
        unit: 'count',
        app: rateLimited(limited, 'app'),
        raw: rateLimited(limited, 'raw'),
      },
      check('judge-429-unfinished', '  calls that did not finish (tasks not SUCCEEDED)', (checks) => checks.tasks - checks.succeeded),
      check('judge-429-duplicates', '  Grade rows duplicated on (run, response, criterion) (SQL)', (checks) => checks.duplicated),
      check('judge-429-one-grade', '  tasks without exactly one Grade (SQL)', (checks) => checks.notOneGrade),
    ];
  },
  targets: () => [
    { metric: 'judge-run', maxRatio: MAX_RATIO, label: `≤ ${MAX_RATIO}× the ideal` },
    { metric: 'judge-429-unfinished', maxValue: 0, label: 'none' },
    { metric: 'judge-429-duplicates', maxValue: 0, label: 'none' },
    { metric: 'judge-429-one-grade', maxValue: 0, label: 'none' },
  ],
  notes: (state) => {
    const { shape } = state;
    const [clean, limited] = state.phases as [Phase, Phase];
    return [
      `${count(shape.queries)} queries × ${RESPONSES_PER_QUERY} responses × ${CRITERIA_PER_QUERY} criteria = ${count(shape.calls)} grading tasks on one ` +
        `endpoint (maxConcurrency ${CONCURRENCY}) to the judge test double on a worker thread (${LATENCY_MS} ms per answer, no jitter), ` +
        `a fresh double per phase and side, after an untimed warm-up of both sides on ${count(warmUpQueries(shape))} queries; app pool DB_POOL_MAX=${state.poolMax}; the raw side sends the same requests with callModel, ` +
        `${CONCURRENCY} at a time from one queue, and touches no database`,
      ...missNote(state),
      ...[clean, limited].flatMap((phase) => [budgetNote(state, phase), profileNote(state, phase)]),
    ];
  },
  teardown: async (state) => {
    try {
      await Promise.all(state.phases.flatMap((phase) => [phase.doubles.app.close(), phase.doubles.raw.close()]));
      state.profile.stop();
      // Later operations get a pool of their own, unprofiled.
      await disconnectDb();
    } finally {
      await state.checkClient.end();
    }
  },
});
