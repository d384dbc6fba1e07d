// The judge benchmark at its smallest scale (one query: 2 responses × 20 criteria = 40 calls) through the
// operation's own steps, as the runner calls them: both phases on both sides, then the checks. The double
// keeps its 100 ms latency, so this takes a few seconds.
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchCluster } from '@/tools/bench/cluster';
import type { BenchContext, Metric, Side } from '@/tools/bench/operation';
import { gradeChecks } from '@/tools/bench/grade-checks';
import { CONCURRENCY, LATENCY_MS, idealMs, judgeGradeOperation } from '@/tools/bench/operations/judge-grade';
import { gradingShape } from '@/tools/fixtures/grading-dataset';
import { pgPool } from '@/lib/db';

describe('gradingShape and idealMs', () => {
  it('gives 2,000 calls at scale 1 and the ideal of 12.5 s at 16 × 100 ms', () => {
    expect(gradingShape(1)).toEqual({ queries: 50, responses: 100, criteria: 1000, calls: 2000 });
    expect(gradingShape(0.1).calls).toBe(200);
    expect(gradingShape(0.001).calls).toBe(40);
    expect(idealMs({ requests: 2000, latencyMs: LATENCY_MS, concurrency: CONCURRENCY })).toBe(12_500);
    // 100 429s: each a round trip and a 100 ms wait, in a slot.
    expect(idealMs({ requests: 2100, latencyMs: 100, concurrency: 16, waitMs: 100 * 100 })).toBe(13_750);
  });
});

describe('judgeGradeOperation', () => {
  const logs: string[] = [];
  const ctx = {
    scale: 0.001,
    seed: 5,
    workDir: '/nonexistent',
    cluster: { postmasterPid: null, admin: async () => {} } as unknown as BenchCluster,
    appDatabaseUrl: process.env.DATABASE_URL as string,
    shared: {},
    log: (line: string) => logs.push(line),
  } satisfies BenchContext;
  let state: unknown;

  afterAll(async () => {
    if (state) await judgeGradeOperation.teardown?.(state);
  });

  it('runs both phases through the engine and the bare transport, every call once, one Grade per task', async () => {
    state = await judgeGradeOperation.setup(ctx);
    const timings: Record<Side, number[]> = { app: [], raw: [] };
    for (let iteration = 0; iteration < (judgeGradeOperation.iterations ?? 1); iteration++) {
      for (const side of ['app', 'raw'] as const) {
        await judgeGradeOperation.beforeEach?.(state, side, iteration);
        const started = performance.now();
        await judgeGradeOperation[side](state, iteration);
        timings[side][iteration] = performance.now() - started;
      }
    }
    expect(await judgeGradeOperation.verify?.(state)).toEqual([]);
    const metrics = Object.fromEntries(judgeGradeOperation.metrics(timings, state).map((metric) => [metric.id, metric])) as Record<
      string,
      Metric
    >;
    // 40 calls in 3 waves of 16 at 100 ms: never under the ideal of 40 × 100 / 16 ms.
    expect(metrics['judge-run']?.raw).toBe(0.25);
    expect(metrics['judge-run']?.app).toBeGreaterThan(0.25);
    expect(metrics['judge-bare']?.app).toBeGreaterThan(0.25);
    for (const id of ['judge-429-unfinished', 'judge-429-duplicates', 'judge-429-one-grade']) expect(metrics[id]?.app).toBe(0);
    expect(judgeGradeOperation.targets(state).map((target) => target.metric)).toContain('judge-run');
    const notes = judgeGradeOperation.notes?.(state) ?? [];
    expect(notes.join('\n')).toMatch(/clean: [\d.]+ ms of run time per task and call slot/);
    expect(notes.join('\n')).toMatch(/statements by total time .*UPDATE judge_tasks/);

    // The checks see a duplicate and a task without its Grade.
    const runs = await pgPool().query<{ id: number }>(`SELECT id FROM judge_runs ORDER BY id DESC LIMIT 1`);
    const runId = runs.rows[0]?.id as number;
    await pgPool().query('DROP INDEX grades_run_id_response_id_criterion_id_key');
    await pgPool().query('DELETE FROM grades WHERE id = (SELECT id FROM grades WHERE run_id = $1 ORDER BY id OFFSET 1 LIMIT 1)', [runId]);
    await pgPool().query(
      `INSERT INTO grades (run_id, response_id, criterion_id, points_awarded, explanation)
       SELECT run_id, response_id, criterion_id, points_awarded, explanation FROM grades WHERE run_id = $1 ORDER BY id LIMIT 1`,
      [runId],
    );
    expect(await gradeChecks(pgPool(), runId)).toMatchObject({ tasks: 40, succeeded: 40, grades: 40, duplicated: 1, notOneGrade: 2 });
  });
});
