import { beforeEach, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';

const prompt = (id: string) => [{ role: 'user', content: `Question ${id}: my child has had a fever for three days.` }];
const line = (extra: Record<string, unknown> = {}) => ({
  prompt_id: 'p1',
  prompt: prompt('p1'),
  completion_id: 'c1',
  completion: 'Give fluids and see a doctor if the fever lasts more than three days.',
  rubric: 'Advises seeing a doctor for a fever lasting more than three days.',
  binary_labels: [true, true, false],
  anonymized_physician_ids: ['phys-a', 'phys-b', 'phys-c'],
  category: 'cluster_emergency_referrals',
  ...extra,
});
const jsonl = (...records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');
const importText = (text: string, extra: { skipInvalid?: boolean; datasetName?: string } = {}) =>
  importFile({
    source: bufferSource('meta.jsonl', text),
    datasetName: extra.datasetName ?? 'meta',
    skipInvalid: extra.skipInvalid ?? false,
  });
const grades = () =>
  prisma.clinicianGrade.findMany({
    orderBy: [{ responseId: 'asc' }, { criterionId: 'asc' }, { physicianId: 'asc' }],
    select: { physicianId: true, met: true, source: true, category: true, criterion: { select: { description: true } } },
  });

beforeEach(async () => {
  await prisma.$executeRawUnsafe('TRUNCATE datasets, import_jobs RESTART IDENTITY CASCADE');
});

describe('HealthBench meta-evaluation import', () => {
  it('is recognised, creates query, response and criterion, and stores each physician label as a clinician grade', async () => {
    const file = jsonl(
      line(),
      line({ rubric: 'Asks about signs of dehydration.', binary_labels: [false, true], anonymized_physician_ids: ['phys-a', 'phys-d'] }),
    );
    const summary = await importText(file);
    expect(summary).toMatchObject({
      ok: true,
      format: 'healthbench-meta',
      records: 2,
      queries: { added: 1, unchanged: 0 },
      responses: { added: 1, unchanged: 0 },
      criteria: { added: 2, unchanged: 0 },
      clinicianGrades: { added: 5, updated: 0, unchanged: 0 },
    });
    expect(summary.warnings).toEqual([expect.stringMatching(/^2 rubric items matched no criterion .* created with 0 points/)]);
    const stored = await grades();
    expect(stored).toHaveLength(5);
    expect(stored.filter((grade) => grade.met)).toHaveLength(3);
    expect(stored.every((grade) => grade.source === 'IMPORTED' && grade.category === 'cluster_emergency_referrals')).toBe(true);
    const response = await prisma.response.findFirstOrThrow({ where: { externalId: 'c1' } });
    expect(response).toMatchObject({ sourceLabel: 'meta-eval completion', isIdeal: false });
    const created = await prisma.criterion.findFirstOrThrow({
      where: { description: 'Asks about signs of dehydration.' },
      include: { provenance: true },
    });
    expect(created).toMatchObject({ points: 0, tier: 'HIGHLIGHT', revision: 0 });
    expect(created.provenance).toMatchObject({ origin: 'IMPORTED', sourceFormat: 'healthbench-meta' });
  });

  it('matches rubric items to the criteria of a query imported from the HealthBench rubric file, by text', async () => {
    const healthBench = {
      prompt_id: 'p1',
      prompt: prompt('p1'),
      rubrics: [
        { criterion: 'Advises seeing a doctor for a fever lasting more than three days.', points: 7, tags: ['axis:accuracy'] },
        { criterion: 'Recommends antibiotics.', points: -6 },
      ],
    };
    await importFile({ source: bufferSource('hb.jsonl', JSON.stringify(healthBench)), datasetName: 'meta' });
    const summary = await importText(jsonl(line()));
    expect(summary).toMatchObject({ ok: true, queries: { added: 0, unchanged: 1 }, criteria: { added: 0, unchanged: 1 } });
    expect(summary.warnings).toEqual([]);
    const stored = await grades();
    expect(stored).toHaveLength(3);
    const criterion = await prisma.criterion.findFirstOrThrow({ where: { description: { startsWith: 'Advises' } } });
    expect(criterion.points).toBe(7);
    expect(await prisma.criterion.count()).toBe(2);
  });

  it('is idempotent: the same file again changes nothing; a changed label is updated', async () => {
    await importText(jsonl(line()));
    const again = await importText(jsonl(line()));
    expect(again).toMatchObject({
      ok: true,
      queries: { added: 0, unchanged: 1 },
      responses: { added: 0, unchanged: 1 },
      criteria: { added: 0, unchanged: 1 },
      clinicianGrades: { added: 0, updated: 0, unchanged: 3 },
    });
    const changed = await importText(jsonl(line({ binary_labels: [true, true, true] })));
    expect(changed.clinicianGrades).toEqual({ added: 0, updated: 1, unchanged: 2 });
    expect((await grades()).map((grade) => grade.met)).toEqual([true, true, true]);
  });

  it('refuses a file with any invalid line, naming line and field, and changes nothing', async () => {
    const file = jsonl(
      line(),
      line({ rubric: 'Second item.', binary_labels: [true], anonymized_physician_ids: ['a', 'b'] }),
      line({ rubric: 'Third item.', binary_labels: [true, false], anonymized_physician_ids: ['a', 'a'] }),
      line(), // the same item as line 1
      line({ rubric: 'Fourth item.', completion: 'Another text under the same completion_id.' }),
      line({ prompt_id: 'p2', prompt: [], rubric: 'x' }),
    );
    const summary = await importText(file);
    expect(summary.ok).toBe(false);
    expect(summary.issues).toEqual([
      { file: 'meta.jsonl', line: 2, field: 'anonymized_physician_ids', reason: 'needs one id per label: 1 label(s), 2 id(s)' },
      { file: 'meta.jsonl', line: 3, field: 'anonymized_physician_ids[1]', reason: 'physician "a" labels the item twice' },
      { file: 'meta.jsonl', line: 4, field: 'rubric', reason: 'the same completion and rubric item as line 1' },
      { file: 'meta.jsonl', line: 5, field: 'completion', reason: 'completion_id "c1" has another completion on line 1' },
      { file: 'meta.jsonl', line: 6, field: 'prompt', reason: 'needs at least one message' },
    ]);
    expect(await prisma.dataset.count()).toBe(0);
    expect(await prisma.clinicianGrade.count()).toBe(0);
  });

  it('refuses a prompt_id already in the dataset with another conversation (checked in the transaction), or skips it when asked', async () => {
    await importText(jsonl(line()));
    const clash = jsonl(
      line({ prompt_id: 'p2', prompt: prompt('p2'), completion_id: 'c9' }),
      line({ prompt: prompt('other'), rubric: 'Another item.' }),
    );
    const refused = await importText(clash);
    expect(refused.ok).toBe(false);
    expect(refused.issues).toEqual([
      { file: 'meta.jsonl', line: 2, field: 'prompt', reason: 'prompt_id "p1" is already in the dataset with another conversation' },
    ]);
    expect(await prisma.query.count()).toBe(1);
    expect(await prisma.clinicianGrade.count()).toBe(3);

    const skipped = await importText(clash, { skipInvalid: true });
    expect(skipped).toMatchObject({ ok: true, records: 1, skippedLines: [2], queries: { added: 1 }, clinicianGrades: { added: 3 } });
    expect(await prisma.clinicianGrade.count()).toBe(6);
  });

  it('derives ids from the text when the line has no prompt_id or completion_id', async () => {
    const { prompt_id: _p, completion_id: _c, ...bare } = line();
    const summary = await importText(jsonl(bare, { ...bare, rubric: 'Asks about the child’s age.' }));
    expect(summary).toMatchObject({ ok: true, queries: { added: 1 }, responses: { added: 1 }, criteria: { added: 2 } });
    const query = await prisma.query.findFirstOrThrow();
    expect(query.externalId).toMatch(/^h:[0-9a-f]{20}$/);
  });
});
