// Rubric discriminability against a real migrated database, on constructed pairs whose answer is known: a rubric that
// orders every pair as the humans did scores 1, a shuffled one about ½; non-discriminating and inverted criteria are
// flagged; the verified pairs follow the export's reviewer definition and the clinician-grade threshold; and a PROXY
// run through the test double (following the rubric) predicts every pair, in both orders, without repeating on resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { computeDiscriminability } from '@/lib/discriminability/compute-discriminability';
import { planProxyRun } from '@/lib/discriminability/plan-proxy-run';
import { proxyRunInputSchema } from '@/lib/discriminability/schemas';
import { listVerifiedPairs } from '@/lib/discriminability/verified-pairs';
import { createRun } from '@/lib/judge/create-run';
import { getRunResults } from '@/lib/judge/run-results';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { exportVerifiedPairs } from '@/lib/pairwise/export-verified-pairs';
import { seedDiscriminability } from '@/tools/fixtures/discriminability';
import { FAST_CALLS } from '@/tools/fixtures/judge-fixtures';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';

let double: JudgeTestDouble;

beforeAll(async () => {
  double = await startJudgeTestDouble({ seed: 3 });
});

afterAll(async () => {
  await double.close();
});

describe('score separation and proxy accuracy', () => {
  it('scores 1 for a rubric that orders every pair as the reviewers did, with the verified pairs of the export', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'perfect',
      queries: 30,
      criteria: ['follows', 'follows', 'follows'],
      basis: 'reviewers',
      seed: 1,
      proxy: 'follows',
    });
    const pairs = await listVerifiedPairs({ datasetId: seeded.datasetId });
    expect(pairs).toHaveLength(30);
    expect(pairs.every((pair) => pair.basis === 'reviewers' && pair.comparisonId !== null)).toBe(true);
    // The same comparisons the verified-pairs export writes.
    const exported: number[] = [];
    for await (const line of exportVerifiedPairs()) exported.push(line.comparison_id);
    for (const pair of pairs) expect(exported).toContain(pair.comparisonId);

    const figures = await computeDiscriminability({ datasetId: seeded.datasetId });
    expect(figures.gradeRun?.id).toBe(seeded.gradeRunId);
    const all = figures.groups.find((group) => group.key === 'all');
    expect(all?.judge.correct).toMatchObject({ count: 30, n: 30, rate: 1, clusters: 30 });
    expect(all?.judge.ties.count).toBe(0);
    expect(all?.judge.correct.designEffect).toBeGreaterThanOrEqual(1);
    expect(figures.proxy?.accuracy).toMatchObject({ count: 60, n: 60, rate: 1 });
    expect(figures.proxy?.orderDisagreements).toBe(0);
    expect(figures.byQuery).toHaveLength(30);
    expect(figures.byQuery.every((query) => query.judge.scored === 1 && query.judge.correct === 1)).toBe(true);
    expect(figures.criteria.filter((criterion) => criterion.nonDiscriminating || criterion.inverted)).toEqual([]);
  });

  it('scores about ½ for a shuffled rubric and a proxy that ignores it, the interval covering ½', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'shuffled',
      queries: 400,
      criteria: ['random', 'random', 'random', 'random', 'random', 'random', 'random', 'random'],
      basis: 'reviewers',
      seed: 11,
      proxy: 'random',
    });
    const figures = await computeDiscriminability({ datasetId: seeded.datasetId });
    const judge = figures.groups.find((group) => group.key === 'all')?.judge;
    if (!judge) throw new Error('no whole-rubric group');
    // Ties are counted apart: the share of the decided pairs ordered correctly is the one that should be ½.
    const decided = judge.correct.count / (judge.correct.n - judge.ties.count);
    expect(decided).toBeGreaterThan(0.42);
    expect(decided).toBeLessThan(0.58);
    const proxy = figures.proxy?.accuracy;
    expect(proxy?.low).toBeLessThan(0.5);
    expect(proxy?.high).toBeGreaterThan(0.5);
  });

  it('counts a rubric that inverts every pair as wrong, never as correct', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'inverted',
      queries: 10,
      criteria: ['inverted', 'inverted'],
      basis: 'reviewers',
      seed: 2,
    });
    const figures = await computeDiscriminability({ datasetId: seeded.datasetId });
    const all = figures.groups.find((group) => group.key === 'all');
    expect(all?.judge).toMatchObject({ wrong: 10, unscored: 0 });
    expect(all?.judge.correct.count).toBe(0);
    expect(figures.criteriaSummary.find((summary) => summary.source === 'judge')).toEqual({
      source: 'judge',
      examined: 20,
      nonDiscriminating: 0,
      inverted: 20,
      separation: [20, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(figures.criteria.filter((criterion) => criterion.source === 'judge').every((criterion) => criterion.inverted)).toBe(true);
  });
});

describe('criteria', () => {
  it('flags the criteria met by every response or by none as non-discriminating, and those met more by the worse response as inverted', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'flags',
      queries: 5,
      criteria: ['follows', 'always', 'never', 'inverted'],
      basis: 'clinician-grades',
      seed: 3,
    });
    const pairs = await listVerifiedPairs({ datasetId: seeded.datasetId });
    expect(pairs).toHaveLength(5);
    expect(pairs.every((pair) => pair.basis === 'clinician-grades' && pair.comparisonId === null)).toBe(true);
    const figures = await computeDiscriminability({ datasetId: seeded.datasetId });
    // Separation: criterion 0 scores 1 (last bin), 1 and 2 score 0 (the bin from 0), 3 scores −1 (the first).
    expect(figures.criteriaSummary.find((summary) => summary.source === 'judge')).toEqual({
      source: 'judge',
      examined: 20,
      nonDiscriminating: 10,
      inverted: 5,
      separation: [5, 0, 0, 0, 0, 10, 0, 0, 0, 5],
    });
    // Only flagged criteria are listed: criterion 0 (follows the humans) never is.
    const judged = figures.criteria.filter((criterion) => criterion.source === 'judge');
    expect(judged).toHaveLength(15);
    const flagsOf = (position: number) =>
      judged
        .filter((criterion) => criterion.title.startsWith(`Criterion ${position} `))
        .map(({ nonDiscriminating, inverted }) => ({ nonDiscriminating, inverted }));
    expect(flagsOf(0)).toEqual([]);
    expect(flagsOf(1).every((flags) => flags.nonDiscriminating && !flags.inverted)).toBe(true);
    expect(flagsOf(2).every((flags) => flags.nonDiscriminating && !flags.inverted)).toBe(true);
    expect(flagsOf(3).every((flags) => flags.inverted && !flags.nonDiscriminating)).toBe(true);
    // Met counts: 5 pairs, one per query.
    const inverted = judged.find((criterion) => criterion.title.startsWith('Criterion 3 '));
    expect(inverted).toMatchObject({ pairs: 1, metByPreferred: 0, metByOther: 1 });
  });

  it('flags nothing under the smallest number of pairs, an assumption the caller can change', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'few-pairs',
      queries: 2,
      criteria: ['always'],
      basis: 'reviewers',
      seed: 4,
    });
    const strict = await computeDiscriminability({ datasetId: seeded.datasetId, minPairsToFlag: 2 });
    expect(strict.settings.minPairsToFlag).toBe(2);
    expect(strict.criteria).toEqual([]);
    const loose = await computeDiscriminability({ datasetId: seeded.datasetId, minPairsToFlag: 1 });
    expect(loose.criteria.filter((criterion) => criterion.source === 'judge').map((criterion) => criterion.nonDiscriminating)).toEqual([
      true,
      true,
    ]);
  });
});

describe('verified pairs', () => {
  it('takes the reviewers’ verdict over the clinicians’ grades, once per pair, and applies the grade threshold', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'both-bases',
      queries: 3,
      criteria: ['follows', 'follows'],
      basis: 'reviewers',
      seed: 5,
    });
    // Clinicians grade the other response higher on every pair: the reviewers' direct comparison still decides.
    await pgPool().query(
      `INSERT INTO clinician_grades (response_id, criterion_id, criterion_revision, met, source, physician_id, updated_at)
       SELECT g.response_id, g.criterion_id, 0, NOT g.met, 'IMPORTED', 'p1', now() FROM grades g WHERE g.run_id = $1`,
      [seeded.gradeRunId],
    );
    const pairs = await listVerifiedPairs({ datasetId: seeded.datasetId });
    expect(pairs).toHaveLength(3);
    expect(pairs.every((pair) => pair.basis === 'reviewers')).toBe(true);

    const graded = await seedDiscriminability(pgPool(), {
      name: 'threshold',
      queries: 3,
      criteria: ['follows', 'always'],
      basis: 'clinician-grades',
      seed: 6,
    });
    // The clinicians label as the judge graded: scores 19/19 = 1 vs 9/19 ≈ 0.47 (points 10 and 9), a difference of 0.53.
    await pgPool().query(
      `UPDATE clinician_grades cg SET met = g.met FROM grades g
        WHERE g.run_id = $1 AND g.response_id = cg.response_id AND g.criterion_id = cg.criterion_id`,
      [graded.gradeRunId],
    );
    expect(await listVerifiedPairs({ datasetId: graded.datasetId, minGradeDifference: 0.5 })).toHaveLength(3);
    expect(await listVerifiedPairs({ datasetId: graded.datasetId, minGradeDifference: 0.6 })).toHaveLength(0);
    await expect(listVerifiedPairs({ minGradeDifference: 0 })).rejects.toThrow(/must be > 0/);
  });

  it('scores a response by the clinicians only when every criterion not rejected has a strict majority label, and never an ideal one', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'clinician-scores',
      queries: 5,
      criteria: ['follows', 'follows'],
      basis: 'clinician-grades',
      seed: 7,
    });
    // Labelled by physician-1: the preferred response meets both criteria (10 and 9 points, score 1), the other none (0).
    const [q1, q2, q3, q4, q5] = seeded.queryIds as [number, number, number, number, number];
    const label = `(SELECT cg.id FROM clinician_grades cg JOIN criteria c ON c.id = cg.criterion_id JOIN responses r ON r.id = cg.response_id
                     WHERE c.query_id = $1 AND c.position = $2 AND r.external_id = 'response-1')`;
    const addLabels = (query: number, physicians: string[]) =>
      pgPool().query(
        `INSERT INTO clinician_grades (response_id, criterion_id, criterion_revision, met, source, physician_id, updated_at)
         SELECT cg.response_id, cg.criterion_id, 0, false, 'IMPORTED', p, now() FROM clinician_grades cg, unnest($3::text[]) AS p
          WHERE cg.id = ${label}`,
        [query, 0, physicians],
      );
    // q1: the preferred response's first criterion unlabelled: no score, no pair.
    await pgPool().query(`DELETE FROM clinician_grades WHERE id = ${label}`, [q1, 0]);
    // q2: a second physician disagrees on it: an even split, no score.
    await addLabels(q2, ['physician-2']);
    // q3: two more disagree: the majority says not met, 9/19 against 0, still a pair.
    await addLabels(q3, ['physician-2', 'physician-3']);
    // q4: the other response is the ideal one: never scored, so no pair.
    await pgPool().query(`UPDATE responses SET is_ideal = true WHERE query_id = $1 AND external_id = 'response-2'`, [q4]);
    // q5: the first criterion rejected, its label gone: the rest still scores (9/9 against 0).
    await pgPool().query(`UPDATE criteria SET status = 'REJECTED' WHERE query_id = $1 AND position = 0`, [q5]);
    await pgPool().query(`DELETE FROM clinician_grades WHERE id = ${label}`, [q5, 0]);
    const pairs = await listVerifiedPairs({ datasetId: seeded.datasetId, minGradeDifference: 0.4 });
    expect(pairs.map((pair) => pair.queryId)).toEqual([q3, q5]);
    // 9/19 ≈ 0.47 against 0 clears 0.4 but not 0.5; 1 against 0 clears both.
    expect((await listVerifiedPairs({ datasetId: seeded.datasetId, minGradeDifference: 0.5 })).map((pair) => pair.queryId)).toEqual([q5]);
  });

  it('drops a pair whose verified comparisons prefer different responses', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'conflict',
      queries: 2,
      criteria: ['follows'],
      basis: 'reviewers',
      seed: 7,
    });
    const [first] = await listVerifiedPairs({ datasetId: seeded.datasetId });
    if (!first) throw new Error('no pair');
    // A second comparison of the same two responses, swapped, whose reviewer prefers the other one.
    await pgPool().query(
      `WITH c AS (INSERT INTO pairwise_comparisons (query_id, response_a_id, response_b_id, presented_order)
                  VALUES ($1, $2, $3, 'AB') RETURNING id)
       INSERT INTO reviewer_judgments (comparison_id, reviewer_id, display_order, state, preference, expires_at, submitted_at, updated_at)
       SELECT id, 'reviewer-conflict', 'AB', 'SUBMITTED', -2, now(), now(), now() FROM c`,
      [first.queryId, first.otherResponseId, first.preferredResponseId],
    );
    const pairs = await listVerifiedPairs({ datasetId: seeded.datasetId });
    expect(pairs.map((pair) => pair.queryId)).not.toContain(first.queryId);
    expect(pairs).toHaveLength(1);
  });
});

describe('the PROXY run', () => {
  it('predicts every verified pair in both orders through the test double, following the rubric, and resumes without repeating', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'proxy-run',
      queries: 4,
      criteria: ['follows', 'follows'],
      basis: 'reviewers',
      seed: 8,
    });
    // The double's follow-rubric mode meets an item when the response contains its title: the preferred ones do.
    await pgPool().query(
      `UPDATE responses r SET content = r.content || ' ' || (SELECT string_agg(c.title, '. ') FROM criteria c WHERE c.query_id = r.query_id)
        WHERE r.query_id = ANY($1::int[]) AND r.external_id = 'response-1'`,
      [seeded.queryIds],
    );
    const endpoint = await prisma.judgeEndpoint.create({
      data: { name: 'proxy-double', baseUrl: double.url, model: 'proxy-model+follow-rubric', timeoutSeconds: 5 },
    });
    const admin = await prisma.user.create({ data: { id: 'proxy-admin', email: 'proxy-admin@test.local', name: 'Admin', role: 'ADMIN' } });
    const actor: SessionUser = { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true };
    const input = proxyRunInputSchema.parse({ kind: 'PROXY', endpointIds: [endpoint.id], datasetId: seeded.datasetId });
    const created = await createRun({ actor, input, planner: planProxyRun, enqueueJob: false });
    expect(created.tasks).toBe(8);
    await runJudgeRun({ runId: created.id, callOptions: FAST_CALLS });
    await runJudgeRun({ runId: created.id, callOptions: FAST_CALLS });
    const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
    expect(run).toMatchObject({ kind: 'PROXY', status: 'SUCCEEDED', succeededTasks: 8, failedTasks: 0 });
    const predictions = await prisma.proxyPrediction.findMany({ where: { runId: created.id } });
    expect(predictions).toHaveLength(8);
    for (const prediction of predictions) {
      expect(prediction.choice).toBe(prediction.preferredResponseId === prediction.responseAId ? 'A' : 'B');
      expect(prediction.criterionIds).toHaveLength(2);
    }
    const results = await getRunResults({ runId: created.id, kind: 'PROXY', params: run.params });
    if (results.kind !== 'PROXY') throw new Error('expected proxy results');
    expect(results.proxy.accuracy).toMatchObject({ count: 8, n: 8 });
    expect(results.proxy).toMatchObject({ pairs: 4, bothOrders: 4, orderDisagreements: 0 });
    const figures = await computeDiscriminability({ datasetId: seeded.datasetId, proxyRunId: created.id });
    expect(figures.proxy?.accuracy.rate).toBe(1);
  });
});
