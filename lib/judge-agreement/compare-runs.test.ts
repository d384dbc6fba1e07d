import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { compareRuns } from '@/lib/judge-agreement/compare-runs';
import { listValidatedRuns } from '@/lib/judge-agreement/list-validated-runs';
import { healthbenchPairwiseF1, leaveOneOutPairwiseF1 } from '@/lib/stats';
import { mulberry32 } from '@/lib/stats/mulberry32';

// 4 prompts × 5 rubric items, 3 physicians each; run A grades every item, run B (another "model") all but the
// last prompt's. The comparison is on B's items only, for both runs.
const random = mulberry32(2024);
const items = Array.from({ length: 20 }, (_, i) => {
  const truth = random() < 0.5;
  return {
    prompt: `p${Math.floor(i / 5)}`,
    rubric: `Item ${i % 5} of ${Math.floor(i / 5)}.`,
    labels: [0, 1, 2].map(() => (random() < 0.85 ? truth : !truth)),
    a: random() < 0.7 ? truth : !truth,
    b: random() < 0.9 ? truth : !truth,
  };
});
let runA = 0;
let runB = 0;

beforeAll(async () => {
  await prisma.$executeRawUnsafe('TRUNCATE datasets, import_jobs, judge_runs RESTART IDENTITY CASCADE');
  const file = items.map((item) =>
    JSON.stringify({
      prompt_id: item.prompt,
      prompt: [{ role: 'user', content: `Question ${item.prompt}` }],
      completion_id: `${item.prompt}-c`,
      completion: `Answer to ${item.prompt}`,
      rubric: item.rubric,
      binary_labels: item.labels,
      anonymized_physician_ids: ['x', 'y', 'z'],
      category: 'cluster',
    }),
  );
  expect((await importFile({ source: bufferSource('m.jsonl', file.join('\n')), datasetName: 'ab' })).ok).toBe(true);
  const run = () =>
    prisma.judgeRun.create({
      data: { kind: 'GRADE', status: 'SUCCEEDED', params: {}, scope: {}, promptTemplate: 'g', promptVersion: 'v1' },
    });
  runA = (await run()).id;
  runB = (await run()).id;
  const criteria = await prisma.criterion.findMany({ select: { id: true, description: true, queryId: true } });
  const responses = await prisma.response.findMany({ select: { id: true, queryId: true } });
  const ids = (item: (typeof items)[number]) => {
    const criterion = criteria.find((c) => c.description === item.rubric);
    const response = responses.find((r) => r.queryId === criterion?.queryId);
    return { criterionId: criterion?.id as number, responseId: response?.id as number };
  };
  await prisma.grade.createMany({
    data: [
      ...items.map((item) => ({ runId: runA, ...ids(item), met: item.a, pointsAwarded: 0, explanation: '' })),
      ...items
        .filter((item) => item.prompt !== 'p3')
        .map((item) => ({ runId: runB, ...ids(item), met: item.b, pointsAwarded: 0, explanation: '' })),
    ],
  });
});

describe('compareRuns', () => {
  it('measures both runs on the items both graded, with the paired difference of their balanced F1', async () => {
    const shared = items.filter((item) => item.prompt !== 'p3');
    const f1 = (side: 'a' | 'b') =>
      healthbenchPairwiseF1(shared.map((item) => ({ candidate: item[side], others: item.labels }))).balancedF1.value;
    const comparison = await compareRuns({ runA, runB });
    expect(comparison.a.total.items).toBe(shared.length);
    expect(comparison.b.total.items).toBe(shared.length);
    expect(comparison.a.total.judge.balancedF1.value).toBe(f1('a'));
    expect(comparison.b.total.judge.balancedF1.value).toBe(f1('b'));
    const ceiling = leaveOneOutPairwiseF1(
      shared.map((item) => ({ labels: item.labels.map((met, i) => ({ rater: 'xyz'[i] as string, met })) })),
    ).mean;
    expect(comparison.a.total.ceiling.mean).toBeCloseTo(ceiling, 12);
    expect(comparison.b.total.ceiling.mean).toBeCloseTo(ceiling, 12);
    expect(comparison.difference).toBeCloseTo(f1('b') - f1('a'), 12);
    const [low, high] = comparison.differenceInterval;
    expect(low).toBeLessThanOrEqual(comparison.difference);
    expect(high).toBeGreaterThanOrEqual(comparison.difference);
  });

  it('lists the runs validated against clinicians, newest first', async () => {
    expect((await listValidatedRuns()).map((run) => run.id)).toEqual([runB, runA]);
  });
});
