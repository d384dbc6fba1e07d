import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { computeRunModelScores, MODEL_SCORE_SEED } from '@/lib/model-scores/compute-run-model-scores';
import { healthbenchModelScores } from '@/lib/model-scores/healthbench-model-scores';

// One query with three criteria (7, 3 and −4 points) and four responses: two of model-x, one of model-y, one
// ideal. The run grades every criterion except one of model-y's; clinicians (imported in the meta-evaluation
// format) grade both model-x responses on every criterion, one of them with an even split on one item.
const CRITERIA = [
  {
    id: 'k1',
    title: 'Checks vitals',
    description: 'Asks for blood pressure and pulse.',
    tier: 'ESSENTIAL',
    points: 7,
    tags: ['axis:accuracy'],
  },
  { id: 'k2', title: 'Explains', description: 'Explains orthostatic symptoms.', tier: 'HIGHLIGHT', points: 3, tags: ['axis:completeness'] },
  { id: 'k3', title: 'No dosing', description: 'Changes the dose on its own.', tier: 'PITFALL', points: -4, tags: ['axis:accuracy'] },
];
const JUDGE: Record<string, (boolean | null)[]> = {
  x1: [true, false, false],
  x2: [true, true, true],
  y1: [false, null, false],
  ideal: [true, true, false],
};
const CLINICIANS: Record<string, boolean[][]> = {
  x1: [
    [true, true],
    [true, false],
    [false, false],
  ], // k2 split: x1 incomplete for clinicians
  x2: [
    [true, true, false],
    [true, true],
    [false, true, false],
  ],
};

let runId = 0;

beforeAll(async () => {
  await prisma.$executeRawUnsafe('TRUNCATE datasets, import_jobs, judge_runs RESTART IDENTITY CASCADE');
  const query = {
    id: 'q1',
    category: 'CLINICAL_CARE',
    tags: ['theme:hedging'],
    conversation: [{ role: 'user', content: 'Dizzy after a new pill.' }],
    criteria: CRITERIA,
    responses: [
      { id: 'x1', source: 'model-x', content: 'x one' },
      { id: 'x2', source: 'model-x', content: 'x two' },
      { id: 'y1', source: 'model-y', content: 'y one' },
      { id: 'ideal', source: 'ideal_completion', content: 'ideal', ideal: true },
    ],
  };
  expect((await importFile({ source: bufferSource('q.jsonl', JSON.stringify(query)), datasetName: 'scores' })).ok).toBe(true);
  const meta = Object.entries(CLINICIANS).flatMap(([response, perCriterion]) =>
    perCriterion.map((labels, i) =>
      JSON.stringify({
        prompt_id: 'q1',
        prompt: query.conversation,
        completion_id: response,
        completion: query.responses.find((r) => r.id === response)?.content,
        rubric: CRITERIA[i]?.description,
        binary_labels: labels,
        anonymized_physician_ids: labels.map((_, p) => `dr${p}`),
      }),
    ),
  );
  const imported = await importFile({ source: bufferSource('meta.jsonl', meta.join('\n')), datasetName: 'scores' });
  expect(imported).toMatchObject({ ok: true, criteria: { added: 0, unchanged: 3 } });
  runId = (
    await prisma.judgeRun.create({
      data: { kind: 'GRADE', status: 'SUCCEEDED', params: {}, scope: {}, promptTemplate: 'g', promptVersion: 'v1' },
    })
  ).id;
  const responses = await prisma.response.findMany();
  const criteria = await prisma.criterion.findMany({ orderBy: { position: 'asc' } });
  await prisma.grade.createMany({
    data: responses.flatMap((r) =>
      (JUDGE[r.externalId] ?? []).flatMap((met, i) =>
        met === null ? [] : [{ runId, responseId: r.id, criterionId: criteria[i]?.id as number, met, pointsAwarded: 0, explanation: '' }],
      ),
    ),
  });
});

const items = (labels: (boolean | null)[]) => CRITERIA.map((c, i) => ({ points: c.points, tags: c.tags, met: labels[i] ?? null }));
const response = (id: string, labels: (boolean | null)[]) => ({
  model: id === 'ideal' ? 'ideal_completion' : id.startsWith('x') ? 'model-x' : 'model-y',
  ideal: id === 'ideal',
  exampleTags: ['theme:hedging'],
  items: items(labels),
});

describe('computeRunModelScores', () => {
  it('scores each model from the stored grades as healthbenchModelScores does in memory; y1 is incomplete, the ideal left out', async () => {
    const scores = await computeRunModelScores({ runId });
    const expected = healthbenchModelScores(
      Object.entries(JUDGE).map(([id, labels]) => response(id, labels)),
      { seed: MODEL_SCORE_SEED },
    );
    expect(scores.judge).toEqual(expected);
    // x1: 7/10, x2: (7 + 3 − 4)/10 → mean 0.65; model-y: its only response lacks a grade.
    expect(scores.judge.map((m) => [m.model, m.scored, m.incomplete])).toEqual([
      ['model-x', 2, 0],
      ['model-y', 0, 1],
    ]);
    expect(scores.judge[0]?.overall.score).toBeCloseTo(0.65, 12);
    expect(scores.judge[1]?.overall.score).toBeNaN();
    const withIdeal = await computeRunModelScores({ runId, includeIdeal: true });
    expect(withIdeal.judge.map((m) => m.model)).toEqual(['ideal_completion', 'model-x', 'model-y']);
  });

  it('beside it, judge and clinician scores on the same responses: those the clinicians graded completely (majority per item)', async () => {
    const { paired } = await computeRunModelScores({ runId });
    // Only x2 is complete for the clinicians (x1 has a split on k2): majority labels [T, T, F] → 10/10 = 1.
    expect(paired.clinicians.map((m) => [m.model, m.scored, m.overall.score])).toEqual([['model-x', 1, 1]]);
    expect(paired.judge.map((m) => [m.model, m.scored, m.overall.score])).toEqual([['model-x', 1, 0.6]]);
  });

  it('the tiered score per model under the run’s profile, judge and clinicians on the same responses (hand-computed)', async () => {
    // The run recorded no profile (params {}): the first rules, weights 2:1:1:2 and pitfalls as the share avoided.
    const { tiered } = await computeRunModelScores({ runId });
    expect(tiered.profileRecorded).toBe(false);
    expect(tiered.profile.pitfalls).toBe('avoidedShare');
    // x1 [T, F, F]: (2·1 + 1·0 + 2·1) / 5 = 0.8; x2 [T, T, T]: (2·1 + 1·1 + 2·0) / 5 = 0.6 → 0.7; y1 incomplete.
    expect(tiered.judge.map((m) => [m.model, m.scored, m.incomplete])).toEqual([
      ['model-x', 2, 0],
      ['model-y', 0, 1],
    ]);
    expect(tiered.judge[0]?.score).toBeCloseTo(0.7, 12);
    // x2 only: clinicians' majority [T, T, F] → (2 + 1 + 2) / 5 = 1; the judge 0.6.
    expect(tiered.paired.clinicians.map((m) => [m.model, m.scored, m.score])).toEqual([['model-x', 1, 1]]);
    expect(tiered.paired.judge[0]?.score).toBeCloseTo(0.6, 12);
    // A run that recorded its meta-rubric version’s profile (here pitfalls subtract) is scored with that profile.
    const recorded = await prisma.judgeRun.create({
      data: {
        kind: 'GRADE',
        status: 'SUCCEEDED',
        params: { scoringProfile: { tierWeights: { ESSENTIAL: 2, IMPORTANT: 1, HIGHLIGHT: 1, PITFALL: 2 }, pitfalls: 'subtract' } },
        scope: {},
        promptTemplate: 'g',
        promptVersion: 'v1',
      },
    });
    await prisma.$executeRaw`INSERT INTO grades (run_id, response_id, criterion_id, met, points_awarded, explanation)
      SELECT ${recorded.id}, response_id, criterion_id, met, points_awarded, explanation FROM grades WHERE run_id = ${runId}`;
    const subtract = await computeRunModelScores({ runId: recorded.id });
    expect(subtract.tiered.profileRecorded).toBe(true);
    // x1: 2·7 / (2·7 + 3) = 14/17; x2: (2·7 + 3 − 2·4) / 17 = 9/17 → 23/34.
    expect(subtract.tiered.judge[0]?.score).toBeCloseTo(23 / 34, 12);
  });
});
