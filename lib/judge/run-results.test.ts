// What the run page and the criterion drawer read about a run's results, against runs made by the engine with
// the test double on loopback: scores per response as HealthBench and the tiered profile define them (checked
// against a computation straight from the grades), generated criteria with their votes, pairwise position
// consistency, and the grades of one criterion, shown to admins and reviewers but never to experts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { getCriterionDetail } from '@/lib/criteria/get-criterion-detail';
import { prisma } from '@/lib/db';
import { createRun, estimateRun } from '@/lib/judge/create-run';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { getRunResults, runScoringProfile } from '@/lib/judge/run-results';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { healthbenchScore, runMeanScore, tieredScore } from '@/lib/judge/scoring';
import {
  DEFAULT_SCORING_PROFILE,
  legacyScoringProfile,
  type ScoringProfile,
  type VerifiableRubric,
} from '@/lib/meta-rubrics/scoring-profile';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { FAST_CALLS, seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';

let double: JudgeTestDouble;
let admin: SessionUser;
let datasetId = 0;
let versionId = 0;
let endpointId = 0;

async function finishedRun(input: Record<string, unknown>) {
  const parsed = runInputSchema.parse({ datasetId, endpointIds: [endpointId], maxQueries: 2, ...input });
  const { id } = await createRun({ actor: admin, input: parsed, enqueueJob: false });
  await runJudgeRun({ runId: id, callOptions: FAST_CALLS });
  return await prisma.judgeRun.findUniqueOrThrow({ where: { id } });
}

beforeAll(async () => {
  ({ admin, datasetId, versionId } = await seedJudgeFixtures());
  double = await startJudgeTestDouble({ seed: 3 });
  endpointId = (await prisma.judgeEndpoint.create({ data: { name: 'double', baseUrl: double.url, model: 'double-model' } })).id;
});

afterAll(async () => {
  await double.close();
});

describe('run results', () => {
  it('scores each graded response with the scoring profile recorded on the run, and the run with HealthBench’s clipped mean', async () => {
    // A draft version with its own profile: the run records it, so editing the version later changes nothing.
    const source = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { id: versionId } });
    const profile: ScoringProfile = {
      ...DEFAULT_SCORING_PROFILE,
      tierWeights: { ESSENTIAL: 3, IMPORTANT: 1, HIGHLIGHT: 0.5, PITFALL: 2 },
      pitfalls: 'avoidedShare',
    };
    const draft = await prisma.metaRubricVersion.create({
      data: {
        metaRubricId: source.metaRubricId,
        number: 900,
        status: 'DRAFT',
        principles: source.principles ?? [],
        generationRules: source.generationRules ?? {},
        scoringProfile: profile,
      },
    });
    const run = await finishedRun({ kind: 'GRADE', metaRubricVersionId: draft.id });
    expect(run.status).toBe('SUCCEEDED');
    expect((run.params as { scoringProfile: unknown }).scoringProfile).toEqual(profile);
    await prisma.metaRubricVersion.update({ where: { id: draft.id }, data: { scoringProfile: DEFAULT_SCORING_PROFILE } });
    const results = await getRunResults({ runId: run.id, kind: run.kind, params: run.params });
    if (results.kind !== 'GRADE') throw new Error('expected grade results');
    const grades = await prisma.grade.findMany({
      where: { runId: run.id },
      include: { criterion: { select: { tier: true, points: true, redLine: true } } },
      orderBy: { criterionId: 'asc' },
    });
    const responseIds = [...new Set(grades.map((grade) => grade.responseId))];
    expect(results.totalResponses).toBe(responseIds.length);
    expect(results.scored).toBe(responseIds.length);
    expect(results.profile).toEqual(profile);
    expect(results.profileRecorded).toBe(true);
    const expected = responseIds.map((responseId) => {
      const items = grades
        .filter((grade) => grade.responseId === responseId)
        .map((grade) => ({ ...grade.criterion, met: grade.met === true }));
      return { responseId, healthbench: healthbenchScore(items), tiered: tieredScore(items, profile) };
    });
    for (const want of expected) {
      const got = results.responses.find((response) => response.responseId === want.responseId);
      expect(got?.healthbench).toBeCloseTo(want.healthbench, 12);
      expect(got?.tiered).toBeCloseTo(want.tiered.score, 12);
      expect(got?.vetoed).toBe(want.tiered.vetoed);
    }
    expect(results.meanHealthbench).toBeCloseTo(runMeanScore(expected.map((want) => want.healthbench)), 12);
    expect(results.meanTiered).toBeCloseTo(runMeanScore(expected.map((want) => want.tiered.score)), 12);
    // Without a version: the app's default profile, recorded too.
    const plain = await finishedRun({ kind: 'GRADE' });
    expect((plain.params as { scoringProfile: unknown }).scoringProfile).toEqual(DEFAULT_SCORING_PROFILE);
  });

  it('scores runs from before scoring profiles with their tier weights and the first rules', () => {
    const weights = { ESSENTIAL: 1, IMPORTANT: 1, HIGHLIGHT: 1, PITFALL: 4 };
    expect(runScoringProfile({ tierWeights: weights })).toEqual({ profile: legacyScoringProfile(weights), recorded: false });
    expect(runScoringProfile({ tierWeights: weights }).profile).toMatchObject({
      pitfalls: 'avoidedShare',
      pairwise: { veto: 'anyHardFlaw' },
    });
  });

  it('lists the criteria a generation run created with their votes, and pairwise consistency as stored', async () => {
    const generated = await finishedRun({ kind: 'GENERATE', metaRubricVersionId: versionId });
    const generate = await getRunResults({ runId: generated.id, kind: generated.kind, params: generated.params });
    if (generate.kind !== 'GENERATE') throw new Error('expected generate results');
    expect(generate.total).toBe(await prisma.criterionProvenance.count({ where: { judgeRunId: generated.id } }));
    expect(generate.total).toBeGreaterThan(0);
    expect(generate.queries).toBe(2);
    for (const criterion of generate.criteria) {
      expect(criterion).toMatchObject({ status: 'PENDING', votes: 1, of: 1, models: ['double-model'] });
    }

    const compared = await finishedRun({ kind: 'PAIRWISE', metaRubricVersionId: versionId });
    const pairwise = await getRunResults({ runId: compared.id, kind: compared.kind, params: compared.params });
    if (pairwise.kind !== 'PAIRWISE') throw new Error('expected pairwise results');
    const stored = await prisma.pairwiseComparison.findMany({ where: { runId: compared.id, presentedOrder: 'AB' } });
    // The run records the scoring profile of its version, which decided its verdicts' weights, tie band and veto.
    const version = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { id: versionId }, select: { scoringProfile: true } });
    expect((compared.params as { scoringProfile: unknown }).scoringProfile).toEqual(version.scoringProfile);
    expect(pairwise.pairs).toHaveLength(stored.length);
    expect(pairwise.consistency.n).toBe(stored.length);
    expect(pairwise.consistency.count).toBe(stored.filter((comparison) => comparison.positionConsistent).length);
    // Pairs of one query are one cluster of the interval.
    expect(pairwise.consistency.clusters).toBe(new Set(stored.map((comparison) => comparison.queryId)).size);
    for (const pair of pairwise.pairs) expect(pair.consistent).toBe(pair.winnerAB === pair.winnerBA);
  });
});

/** A draft copy of the seeded version whose scoring profile has one verifiable rubric. */
async function draftWithRubric(number: number, rubric: VerifiableRubric) {
  const source = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { id: versionId } });
  return await prisma.metaRubricVersion.create({
    data: {
      metaRubricId: source.metaRubricId,
      number,
      status: 'DRAFT',
      principles: source.principles ?? [],
      generationRules: source.generationRules ?? {},
      scoringProfile: { ...DEFAULT_SCORING_PROFILE, pairwise: { ...DEFAULT_SCORING_PROFILE.pairwise, verifiable: [rubric] } },
    },
  });
}

describe('verifiable rubrics', () => {
  it('gate a pairwise run’s verdicts: the response failing a rubric the other meets loses, in both presented orders', async () => {
    const plain = await finishedRun({ kind: 'PAIRWISE', metaRubricVersionId: versionId });
    const pair = await prisma.pairwiseComparison.findFirstOrThrow({
      where: { runId: plain.id, presentedOrder: 'AB' },
      include: { responseA: { select: { content: true } }, responseB: { select: { content: true } } },
      orderBy: { id: 'asc' },
    });
    // A rubric only response B meets: a phrase of B's that A lacks.
    const phrase = pair.responseB.content.slice(0, 24);
    expect(pair.responseA.content.toLowerCase().includes(phrase.toLowerCase())).toBe(false);
    const rubric = {
      title: 'Says what B says',
      check: { kind: 'requires' as const, pattern: phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') },
    };
    const draft = await draftWithRubric(901, rubric);
    const gated = await finishedRun({ kind: 'PAIRWISE', metaRubricVersionId: draft.id });
    const both = await prisma.pairwiseComparison.findMany({
      where: { runId: gated.id, queryId: pair.queryId, responseAId: pair.responseAId, responseBId: pair.responseBId },
    });
    expect(both).toHaveLength(2);
    for (const comparison of both) {
      expect(comparison).toMatchObject({
        winner: 'B',
        aggregateScore: -2,
        vetoed: true,
        vetoReason: 'Response A fails the verifiable rubric "Says what B says".',
        positionConsistent: true,
      });
    }
  });
});

describe('judged verifiable rubrics', () => {
  it('ask the judge one yes/no question per response and gate the verdicts by its answers, in both presented orders', async () => {
    const plain = await finishedRun({ kind: 'PAIRWISE', metaRubricVersionId: versionId });
    const plainComparisons = await prisma.pairwiseComparison.findMany({ where: { runId: plain.id } });
    const pair = await prisma.pairwiseComparison.findFirstOrThrow({
      where: { runId: plain.id, presentedOrder: 'AB' },
      include: { responseA: { select: { content: true } }, responseB: { select: { content: true } } },
      orderBy: { id: 'asc' },
    });
    // The test double answers "satisfied" exactly when the response contains the constraint's quoted phrase:
    // a phrase of B's that A lacks makes A fail and B pass.
    const phrase = pair.responseB.content.slice(0, 24).replaceAll('"', '');
    expect(pair.responseA.content.toLowerCase().includes(phrase.toLowerCase())).toBe(false);
    const rubric = { title: 'Says what B says', check: { kind: 'judge' as const, constraint: `The response says "${phrase}"` } };
    const draft = await draftWithRubric(902, rubric);
    const input = runInputSchema.parse({
      datasetId,
      endpointIds: [endpointId],
      maxQueries: 2,
      kind: 'PAIRWISE',
      metaRubricVersionId: draft.id,
    });
    const responses = new Set(plainComparisons.flatMap((comparison) => [comparison.responseAId, comparison.responseBId]));
    // The estimate counts one yes/no call per response of a pair besides the comparisons.
    expect((await estimateRun(input)).tasks).toBe(plainComparisons.length + responses.size);
    const gated = await finishedRun({ kind: 'PAIRWISE', metaRubricVersionId: draft.id });
    expect(gated.status).toBe('SUCCEEDED');
    const checks = await prisma.judgeTask.findMany({
      where: { runId: gated.id, key: { startsWith: 'verify:' } },
      include: { call: { select: { promptTemplate: true, parsed: true, request: true } } },
    });
    expect(checks.map((check) => check.status)).toEqual([...responses].map(() => 'SUCCEEDED'));
    for (const check of checks) {
      // Through the judge's call records: the verify template, the constraint in the prompt, a parsed yes/no.
      expect(check.call?.promptTemplate).toBe('verify');
      expect(JSON.stringify(check.call?.request)).toContain(JSON.stringify(rubric.check.constraint).slice(1, -1));
      expect(typeof (check.call?.parsed as { satisfied?: unknown } | undefined)?.satisfied).toBe('boolean');
    }
    const satisfied = (responseId: number) => {
      const check = checks.find((c) => (c.payload as { responseId: number }).responseId === responseId);
      return (check?.call?.parsed as { satisfied: boolean } | undefined)?.satisfied;
    };
    expect(satisfied(pair.responseAId)).toBe(false);
    expect(satisfied(pair.responseBId)).toBe(true);
    const comparisons = await prisma.pairwiseComparison.findMany({ where: { runId: gated.id } });
    expect(comparisons).toHaveLength(plainComparisons.length);
    for (const comparison of comparisons) {
      const before = plainComparisons.find(
        (c) =>
          c.responseAId === comparison.responseAId &&
          c.responseBId === comparison.responseBId &&
          c.presentedOrder === comparison.presentedOrder,
      );
      const aFails = !satisfied(comparison.responseAId);
      const bFails = !satisfied(comparison.responseBId);
      if (aFails === bFails) {
        // Both or neither fail: the judge's own verdict, as the run without the rubric gave it.
        expect(comparison).toMatchObject({ winner: before?.winner, aggregateScore: before?.aggregateScore, vetoed: before?.vetoed });
      } else {
        expect(comparison).toMatchObject({
          winner: aFails ? 'B' : 'A',
          aggregateScore: aFails ? -2 : 2,
          vetoed: true,
          vetoReason: `Response ${aFails ? 'A' : 'B'} fails the verifiable rubric "Says what B says" (by the judge’s yes/no answer).`,
          positionConsistent: true,
        });
      }
    }
    expect(comparisons.filter((c) => c.responseAId === pair.responseAId && c.responseBId === pair.responseBId)).toHaveLength(2);
    expect(comparisons.find((c) => c.responseAId === pair.responseAId && c.responseBId === pair.responseBId)?.winner).toBe('B');
    // The run page's pair row says why.
    const results = await getRunResults({ runId: gated.id, kind: gated.kind, params: gated.params });
    if (results.kind !== 'PAIRWISE') throw new Error('a pairwise run');
    expect(results.pairs.find((p) => p.key === `${pair.queryId}:${pair.responseAId}:${pair.responseBId}`)).toMatchObject({
      winnerAB: 'B',
      winnerBA: 'B',
      vetoReason: 'Response A fails the verifiable rubric "Says what B says" (by the judge’s yes/no answer).',
    });
  });
});

describe('criterion detail', () => {
  it('carries the judge’s grades for admins and reviewers, the provenance for admins only, nothing for experts', async () => {
    const grade = await prisma.grade.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const count = await prisma.grade.count({ where: { criterionId: grade.criterionId } });
    const asAdmin = await getCriterionDetail({ id: grade.criterionId, viewerRole: 'ADMIN' });
    expect(asAdmin?.judgeGrades?.total).toBe(count);
    expect(asAdmin?.judgeGrades?.items.map((item) => item.id)).toContain(grade.id);
    expect(asAdmin?.linkJudgeRuns).toBe(true);
    const asReviewer = await getCriterionDetail({ id: grade.criterionId, viewerRole: 'REVIEWER' });
    expect(asReviewer?.judgeGrades?.total).toBe(count);
    expect(asReviewer?.linkJudgeRuns).toBe(false);
    expect(asReviewer?.provenance).toBeNull();
    const asExpert = await getCriterionDetail({ id: grade.criterionId, viewerRole: 'EXPERT' });
    expect(asExpert?.judgeGrades).toBeNull();
    expect(asExpert?.provenance).toBeNull();
  });
});
