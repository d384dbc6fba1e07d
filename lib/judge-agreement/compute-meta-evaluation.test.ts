import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { computeMetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { healthbenchPairwiseF1, leaveOneOutPairwiseF1, majorityConfusion } from '@/lib/stats';
import { mulberry32 } from '@/lib/stats/mulberry32';

// A meta-evaluation file made here (6 prompts × 2 completions × 3 rubric items, 2–3 physicians of 5 per item,
// two categories), imported through the importer; a grading run whose grades are written as the judge writes them.
// The figures must equal lib/stats applied to the same labels in memory.
interface Item {
  prompt: string;
  completion: string;
  rubric: string;
  category: string;
  labels: { physician: string; met: boolean }[];
  judge: boolean;
  tier?: string;
}

const random = mulberry32(1919);
const items: Item[] = [];
for (let p = 0; p < 6; p++)
  for (let c = 0; c < 2; c++)
    for (let r = 0; r < 3; r++) {
      const physicians = ['ph-1', 'ph-2', 'ph-3', 'ph-4', 'ph-5'].filter(() => random() < 0.6).slice(0, 3);
      while (physicians.length < 2) physicians.push(`ph-${physicians.length + 6}`);
      const truth = random() < 0.55;
      items.push({
        prompt: `p${p}`,
        completion: `p${p}-c${c}`,
        rubric: `Rubric item ${r} of prompt ${p}.`,
        category: p % 2 === 0 ? 'cluster_emergency' : 'cluster_hedging',
        labels: physicians.map((physician) => ({ physician, met: random() < 0.8 ? truth : !truth })),
        judge: random() < 0.75 ? truth : !truth,
      });
    }

let runId = 0;

beforeAll(async () => {
  await prisma.$executeRawUnsafe('TRUNCATE datasets, import_jobs, judge_runs RESTART IDENTITY CASCADE');
  const file = items
    .map((item) =>
      JSON.stringify({
        prompt_id: item.prompt,
        prompt: [{ role: 'user', content: `Question ${item.prompt}` }],
        completion_id: item.completion,
        completion: `Answer ${item.completion}`,
        rubric: item.rubric,
        binary_labels: item.labels.map((label) => label.met),
        anonymized_physician_ids: item.labels.map((label) => label.physician),
        category: item.category,
      }),
    )
    .join('\n');
  const summary = await importFile({ source: bufferSource('meta.jsonl', file), datasetName: 'meta-eval' });
  expect(summary.ok).toBe(true);
  const run = await prisma.judgeRun.create({
    data: { kind: 'GRADE', status: 'SUCCEEDED', params: {}, scope: {}, promptTemplate: 'grade', promptVersion: 'v1' },
  });
  runId = run.id;
  const responses = await prisma.response.findMany({ select: { id: true, externalId: true, queryId: true } });
  const criteria = await prisma.criterion.findMany({
    select: { id: true, description: true, queryId: true, query: { select: { externalId: true } } },
  });
  const grades = items.map((item) => {
    const criterion = criteria.find((c) => c.query.externalId === item.prompt && c.description === item.rubric);
    const response = responses.find((r) => r.externalId === item.completion && r.queryId === criterion?.queryId);
    if (!criterion || !response) throw new Error('fixture item not imported');
    return { runId, responseId: response.id, criterionId: criterion.id, met: item.judge, pointsAwarded: 0, explanation: 'test' };
  });
  // A graded item that no clinician graded, and one the judge could not label: neither is in the figures.
  const extra = await prisma.criterion.create({
    data: {
      datasetId: summary.datasetId as number,
      queryId: criteria[0]?.queryId as number,
      category: 'CLINICAL_CARE',
      key: 'extra',
      position: 99,
      title: 'Extra',
      description: 'Extra criterion nobody labelled.',
      tier: 'ESSENTIAL',
      points: 5,
      contentHash: 'x',
    },
  });
  const firstResponse = responses.find((r) => r.queryId === extra.queryId) as { id: number };
  const unlabelledByJudge = grades[1] as (typeof grades)[number];
  await prisma.grade.createMany({
    data: [
      ...grades.filter((grade) => grade !== unlabelledByJudge),
      { ...unlabelledByJudge, met: null, level: 'Partially Met' },
      { runId, responseId: firstResponse.id, criterionId: extra.id, met: true, pointsAwarded: 5, explanation: 'no clinician' },
    ],
  });
  items.splice(1, 1);
});

describe('computeMetaEvaluation', () => {
  it('equals HealthBench’s meta-evaluation computed in memory from the same labels, overall and per category', async () => {
    const result = await computeMetaEvaluation({ runId });
    const expected = healthbenchPairwiseF1(items.map((item) => ({ candidate: item.judge, others: item.labels.map((label) => label.met) })));
    expect(result.total.judge).toEqual(expected);
    expect(result.total.items).toBe(items.length);
    expect(result.total.labels).toBe(items.reduce((sum, item) => sum + item.labels.length, 0));
    expect(result.total.queries).toBe(6);
    expect(result.judgeOnlyItems).toBe(1);

    const ceiling = leaveOneOutPairwiseF1(items.map((item) => ({ labels: item.labels.map((l) => ({ rater: l.physician, met: l.met })) })));
    expect(result.total.ceiling.perRater).toEqual(ceiling.perRater);
    expect(result.total.ceiling.mean).toBeCloseTo(ceiling.mean, 12);
    expect(result.total.aboveCeiling).toBe(expected.balancedF1.value > ceiling.mean);

    for (const category of ['cluster_emergency', 'cluster_hedging']) {
      const subset = items.filter((item) => item.category === category);
      const group = result.breakdowns.category.find((g) => g.key === category);
      expect(group?.judge).toEqual(
        healthbenchPairwiseF1(subset.map((item) => ({ candidate: item.judge, others: item.labels.map((l) => l.met) }))),
      );
      expect(group?.ceiling.mean).toBeCloseTo(
        leaveOneOutPairwiseF1(subset.map((item) => ({ labels: item.labels.map((l) => ({ rater: l.physician, met: l.met })) }))).mean,
        12,
      );
    }
    expect(result.breakdowns.model.map((g) => g.key)).toEqual(['meta-eval completion']);
    expect(result.breakdowns.tier.map((g) => [g.key, g.items])).toEqual([['HIGHLIGHT', items.length]]);
  });

  it('the judge against the clinicians’ majority: confusion matrix, ties and κ', async () => {
    const result = await computeMetaEvaluation({ runId });
    const expected = majorityConfusion(items.map((item) => ({ judge: item.judge, clinicians: item.labels.map((l) => l.met) })));
    expect(result.majority.table).toEqual(expected.table);
    expect(result.majority.ties).toBe(expected.ties);
    expect(result.majority.kappa).toBeCloseTo(expected.kappa, 12);
    const [low, high] = result.total.balancedF1Interval;
    expect(low).toBeLessThanOrEqual(result.total.judge.balancedF1.value);
    expect(high).toBeGreaterThanOrEqual(result.total.judge.balancedF1.value);
    expect(result.majority.kappaInterval[0]).toBeLessThanOrEqual(result.majority.kappaInterval[1]);
  });

  it('scopes to a dataset, and is empty (not an error) for a run with no clinician-graded item', async () => {
    const other = await computeMetaEvaluation({ runId, datasetId: 999_999 });
    expect(other.total.items).toBe(0);
    expect(other.total.judge.balancedF1.value).toBeNaN();
    expect(other.total.ceiling.mean).toBeNaN();
    expect(other.total.aboveCeiling).toBe(false);
    expect(other.total.balancedF1Interval.every(Number.isNaN)).toBe(true);
  });

  it('feeds the dashboard’s “Judge vs experts” card: the latest run with clinician-graded items in the scope', async () => {
    const result = await computeMetaEvaluation({ runId });
    const dashboard = await computeDashboard({});
    expect(dashboard.judge).toMatchObject({
      available: true,
      runId,
      items: items.length,
      balancedF1: result.total.judge.balancedF1.value,
      ceiling: result.total.ceiling.mean,
      kappa: result.majority.kappa,
    });
    const elsewhere = await computeDashboard({ datasetId: 999_999 });
    expect(elsewhere.judge).toMatchObject({ available: false, reason: expect.stringMatching(/No grading run/) });
  });
});
