// The judge's run engine against the test double on loopback and a real PostgreSQL: the three tasks end to
// end, the request cache, resuming after a crash without repeating calls or writing twice, error classes and
// cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { createRun, estimateRun } from '@/lib/judge/create-run';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { type RunInput, runInputSchema } from '@/lib/judge/run-schemas';
import { healthbenchScore } from '@/lib/judge/scoring';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { FAST_CALLS, seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';

let double: JudgeTestDouble;
let admin: SessionUser;
let datasetId: number;
let versionId: number;
const endpoints: Record<string, number> = {};

const fast = FAST_CALLS;

async function endpoint(name: string, model: string, url: string, extra: Record<string, unknown> = {}) {
  const row = await prisma.judgeEndpoint.create({
    data: {
      name,
      baseUrl: url,
      model,
      maxConcurrency: 4,
      timeoutSeconds: 5,
      pricePromptPerMillion: 1,
      priceCompletionPerMillion: 2,
      ...extra,
    },
  });
  endpoints[name] = row.id;
  return row.id;
}

async function run(input: Record<string, unknown>) {
  const parsed = runInputSchema.parse({ datasetId, ...input }) as RunInput;
  const created = await createRun({ actor: admin, input: parsed, enqueueJob: false });
  await runJudgeRun({ runId: created.id, callOptions: fast });
  return await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
}

beforeAll(async () => {
  ({ admin, datasetId, versionId } = await seedJudgeFixtures());
  double = await startJudgeTestDouble({ seed: 7 });
  await endpoint('double-a', 'double-model-a', double.url);
  await endpoint('double-b', 'double-model-b', double.url);
});

afterAll(async () => {
  await double.close();
});

describe('grading', () => {
  it('grades every response on every criterion once, with HealthBench scores, and serves a repeat from the cache', async () => {
    const input = { kind: 'GRADE', endpointIds: [endpoints['double-a']], maxQueries: 2 };
    const estimate = await estimateRun(runInputSchema.parse({ datasetId, ...input }));
    const first = await run(input);
    expect(first.status).toBe('SUCCEEDED');
    expect(first.totalTasks).toBe(estimate.tasks);
    expect(first.succeededTasks).toBe(first.totalTasks);
    expect(first.cachedTasks).toBe(0);
    expect(first.promptTokens).toBeGreaterThan(0);
    expect(first.costUsd).toBeGreaterThan(0);
    // The counters, tallied as tasks finish, end up exactly what the run's tasks and calls say.
    const [calls] = await prisma.$queryRaw<{ prompt: number; completion: number; cost: number }[]>`
      SELECT sum(c.prompt_tokens)::int AS prompt, sum(c.completion_tokens)::int AS completion, sum(c.cost_usd)::float8 AS cost
        FROM judge_tasks t JOIN judge_calls c ON c.id = t.call_id WHERE t.run_id = ${first.id}`;
    expect(first).toMatchObject({ promptTokens: calls?.prompt, completionTokens: calls?.completion });
    expect(first.costUsd).toBeCloseTo(calls?.cost ?? 0, 9);
    const grades = await prisma.grade.findMany({ where: { runId: first.id }, include: { criterion: { select: { points: true } } } });
    expect(grades).toHaveLength(first.totalTasks);
    for (const grade of grades) expect(grade.pointsAwarded).toBe(grade.met ? grade.criterion.points : 0);
    // Scores per response follow HealthBench: points of met criteria / positive points.
    const byResponse = new Map<number, typeof grades>();
    for (const grade of grades) byResponse.set(grade.responseId, [...(byResponse.get(grade.responseId) ?? []), grade]);
    for (const list of byResponse.values()) {
      const score = healthbenchScore(list.map((g) => ({ points: g.criterion.points, met: Boolean(g.met) })));
      expect(Number.isFinite(score)).toBe(true);
    }

    const requestsBefore = double.stats().requests;
    const second = await run(input);
    expect(second.status).toBe('SUCCEEDED');
    expect(second.cachedTasks).toBe(second.totalTasks);
    expect(double.stats().requests).toBe(requestsBefore);
    expect(await prisma.grade.count({ where: { runId: second.id } })).toBe(second.totalTasks);
  });

  it('records the criterion revision each grade read, with that revision’s points', async () => {
    const criterion = await prisma.criterion.findFirstOrThrow({ where: { datasetId }, orderBy: [{ queryId: 'asc' }, { id: 'asc' }] });
    // A revision as the lifecycle writes it: the row holds the new text, criterion_revisions every text.
    const revised = { title: `${criterion.title} (revised)`, points: criterion.points + 1 };
    await prisma.criterionRevision.create({
      data: {
        criterionId: criterion.id,
        revision: 1,
        category: criterion.category,
        ...revised,
        description: criterion.description,
        tier: criterion.tier,
        source: 'ADJUDICATION',
      },
    });
    await prisma.criterion.update({ where: { id: criterion.id }, data: { ...revised, revision: 1 } });
    const graded = await run({ kind: 'GRADE', endpointIds: [endpoints['double-b']], maxQueries: 1 });
    const mine = await prisma.grade.findMany({ where: { runId: graded.id, criterionId: criterion.id } });
    expect(mine.length).toBeGreaterThan(0);
    for (const grade of mine) {
      expect(grade.criterionRevision).toBe(1);
      expect(grade.pointsAwarded).toBe(grade.met ? revised.points : 0);
    }
    const others = await prisma.grade.findMany({ where: { runId: graded.id, criterionId: { not: criterion.id } } });
    expect(others.every((grade) => grade.criterionRevision === 0)).toBe(true);
  });

  it('resumes a run killed after some answers were stored: no call repeated, no grade written twice', async () => {
    const input = runInputSchema.parse({ datasetId, kind: 'GRADE', endpointIds: [endpoints['double-b']], queryIds: '3 4' });
    const created = await createRun({ actor: admin, input, enqueueJob: false });
    await runJudgeRun({ runId: created.id, callOptions: fast });
    // Simulate a kill -9 after three calls were answered and stored but before their results committed.
    const victims = await prisma.judgeTask.findMany({ where: { runId: created.id }, take: 3, orderBy: { id: 'asc' } });
    await prisma.grade.deleteMany({
      where: {
        runId: created.id,
        OR: victims.map((t) => ({
          responseId: (t.payload as { responseId: number }).responseId,
          criterionId: (t.payload as { criterionId: number }).criterionId,
        })),
      },
    });
    await prisma.judgeTask.updateMany({ where: { id: { in: victims.map((t) => t.id) } }, data: { status: 'RUNNING' } });
    await prisma.judgeRun.update({
      where: { id: created.id },
      data: { status: 'RUNNING', finishedAt: null, succeededTasks: { decrement: 3 } },
    });
    const requestsBefore = double.stats().requests;
    await runJudgeRun({ runId: created.id, callOptions: fast });
    const resumed = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
    expect(resumed.status).toBe('SUCCEEDED');
    expect(resumed.succeededTasks).toBe(resumed.totalTasks);
    expect(double.stats().requests).toBe(requestsBefore);
    const duplicates = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM grades WHERE run_id = ${created.id} GROUP BY response_id, criterion_id HAVING count(*) > 1) d`;
    expect(duplicates[0]?.n).toBe(0);
    expect(await prisma.grade.count({ where: { runId: created.id } })).toBe(resumed.totalTasks);
  });

  it('retries 429s and 500s until every call finishes, and classifies what still fails', async () => {
    const flaky = await startJudgeTestDouble({ seed: 3, rate429: 0.3, rate500: 0.2, retryAfterMs: 5 });
    try {
      const id = await endpoint('flaky', 'flaky-model', flaky.url);
      const result = await run({ kind: 'GRADE', endpointIds: [id], queryIds: '5' });
      expect(result.status).toBe('SUCCEEDED');
      expect(result.succeededTasks).toBe(result.totalTasks);
      expect(flaky.stats().byOutcome.rate_limited).toBeGreaterThan(0);
      expect(flaky.stats().byOutcome.server_error).toBeGreaterThan(0);
    } finally {
      await flaky.close();
    }
    const broken = await startJudgeTestDouble({ seed: 3, rateGarbage: 1 });
    try {
      const id = await endpoint('broken', 'broken-model', broken.url);
      const result = await run({ kind: 'GRADE', endpointIds: [id], queryIds: '6' });
      expect(result.status).toBe('FAILED');
      expect(result.failedTasks).toBe(result.totalTasks);
      // The garbage answers were billed: the run's totals say so.
      expect(result.completionTokens).toBeGreaterThan(0);
      const classes = await prisma.judgeTask.groupBy({ by: ['errorClass'], where: { runId: result.id }, _count: true });
      expect(classes.map((c) => c.errorClass)).toEqual(['INVALID_OUTPUT']);
    } finally {
      await broken.close();
    }
  });

  it('cancels a run while it runs: calls in flight are dropped, finished tasks keep their grades, counters match', async () => {
    const slow = await startJudgeTestDouble({ seed: 9, latencyMs: 300 });
    try {
      const id = await endpoint('slow', 'slow-model', slow.url, { maxConcurrency: 2 });
      const input = runInputSchema.parse({ datasetId, kind: 'GRADE', endpointIds: [id], maxQueries: 10 });
      const created = await createRun({ actor: admin, input, enqueueJob: false });
      const running = runJudgeRun({ runId: created.id, callOptions: fast });
      // Cancel once some tasks have finished and others are still to do (what the test is about), not after a guess.
      while ((await prisma.judgeTask.count({ where: { runId: created.id, status: 'SUCCEEDED' } })) === 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await prisma.judgeRun.update({ where: { id: created.id }, data: { cancelRequested: true } });
      await running;
      const cancelled = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
      expect(cancelled.status).toBe('CANCELLED');
      const states = await prisma.judgeTask.groupBy({ by: ['status'], where: { runId: created.id }, _count: true });
      const byState = Object.fromEntries(states.map((state) => [state.status, state._count]));
      // Nothing left queued or running; what finished before the cancellation stays.
      expect(byState.CANCELLED).toBeGreaterThan(0);
      expect(byState.SUCCEEDED).toBeGreaterThan(0);
      expect(Object.keys(byState).filter((state) => state !== 'CANCELLED' && state !== 'SUCCEEDED')).toEqual([]);
      expect(cancelled.succeededTasks).toBe(byState.SUCCEEDED ?? 0);
      expect(await prisma.grade.count({ where: { runId: created.id } })).toBe(byState.SUCCEEDED ?? 0);
    } finally {
      await slow.close();
    }
  });

  it('cancels a run before it starts', async () => {
    const input = runInputSchema.parse({ datasetId, kind: 'GRADE', endpointIds: [endpoints['double-a']], queryIds: '7' });
    const created = await createRun({ actor: admin, input, enqueueJob: false });
    await prisma.judgeRun.update({ where: { id: created.id }, data: { cancelRequested: true } });
    await runJudgeRun({ runId: created.id, callOptions: fast });
    const cancelled = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
    expect(cancelled.status).toBe('CANCELLED');
    expect(await prisma.judgeTask.count({ where: { runId: created.id, status: 'CANCELLED' } })).toBe(created.tasks);
  });
});

describe('generation', () => {
  it('merges two models’ rubrics by consensus into PENDING criteria with their votes, once', async () => {
    const result = await run({
      kind: 'GENERATE',
      endpointIds: [endpoints['double-a'], endpoints['double-b']],
      queryIds: '8 9',
      metaRubricVersionId: versionId,
      minVotes: 2,
    });
    expect(result.status).toBe('SUCCEEDED');
    const failures = await prisma.judgeTask.findMany({ where: { runId: result.id, status: 'FAILED' }, select: { key: true, error: true } });
    expect(failures).toEqual([]);
    const created = await prisma.criterion.findMany({ where: { provenance: { judgeRunId: result.id } }, include: { provenance: true } });
    expect(created.length).toBeGreaterThan(0);
    for (const criterion of created) {
      expect(criterion.status).toBe('PENDING');
      expect(criterion.provenance?.origin).toBe('GENERATED');
      expect(criterion.provenance?.metaRubricVersionId).toBe(versionId);
      expect(criterion.provenance?.generatorModels.sort()).toEqual(['double-model-a', 'double-model-b']);
      expect(criterion.provenance?.consensusVotes).toMatchObject({ votes: 2, of: 2 });
    }
    // Finalizing again (a resumed run) creates nothing more.
    await prisma.judgeRun.update({ where: { id: result.id }, data: { status: 'RUNNING' } });
    await runJudgeRun({ runId: result.id, callOptions: fast });
    expect(await prisma.criterion.count({ where: { provenance: { judgeRunId: result.id } } })).toBe(created.length);
  });
});

describe('pairwise', () => {
  it('judges each pair in both orders, in A/B terms, and records position consistency', async () => {
    const result = await run({ kind: 'PAIRWISE', endpointIds: [endpoints['double-a']], maxQueries: 6, metaRubricVersionId: versionId });
    expect(result.status).toBe('SUCCEEDED');
    const comparisons = await prisma.pairwiseComparison.findMany({ where: { runId: result.id }, include: { criteria: true } });
    expect(comparisons.length).toBe(result.totalTasks);
    for (const comparison of comparisons) {
      expect(comparison.twinId).not.toBeNull();
      expect(comparison.positionConsistent).not.toBeNull();
      expect(comparison.criteria.length).toBeGreaterThan(0);
      const twin = comparisons.find((c) => c.id === comparison.twinId);
      expect(twin?.presentedOrder).not.toBe(comparison.presentedOrder);
      expect(comparison.positionConsistent).toBe(twin?.winner === comparison.winner);
    }
  });
});
