import { beforeEach, describe, expect, it } from 'vitest';
import { criteriaParamsSchema, listCriteria } from '@/lib/criteria/list-criteria';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';

const query = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  category: 'CLINICAL_CARE',
  department: 'Cardiology',
  conversation: [{ role: 'user', content: `Question ${id}: my chest hurts when I climb stairs.` }],
  criteria: [
    {
      id: 'c1',
      title: 'Advises urgent evaluation',
      description: 'Recommends prompt medical assessment for exertional chest pain.',
      tier: 'ESSENTIAL',
      points: 8,
      levels: [
        { label: 'Not Met', description: 'No advice.' },
        { label: 'Fully Met', description: 'Clear advice.' },
      ],
      tags: ['axis:accuracy'],
      redLine: true,
      provenance: { generatorModels: ['model-a', 'model-b'], consensusVotes: { votes: 2, of: 3 } },
    },
    { id: 'c2', title: 'Avoids diagnosing', description: 'Does not give a definitive diagnosis.', tier: 'PITFALL', points: -5 },
  ],
  responses: [{ id: 'r1', source: 'model-x', content: 'See a doctor today.' }],
  ...extra,
});

beforeEach(async () => {
  await prisma.$executeRawUnsafe('TRUNCATE datasets, import_jobs RESTART IDENTITY CASCADE');
});

const jsonl = (...records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');
const counts = async () => ({
  queries: await prisma.query.count(),
  criteria: await prisma.criterion.count(),
  responses: await prisma.response.count(),
  datasets: await prisma.dataset.count(),
});

describe('native JSON Lines', () => {
  it('imports queries, criteria with provenance and responses, and re-importing creates no duplicates', async () => {
    const file = jsonl(query('q1'), query('q2'));
    const first = await importFile({ source: bufferSource('demo.jsonl', file), datasetName: 'native-1' });
    expect(first).toMatchObject({
      ok: true,
      format: 'native',
      records: 2,
      queries: { added: 2 },
      criteria: { added: 4 },
      responses: { added: 2 },
    });
    const criterion = await prisma.criterion.findFirstOrThrow({
      where: { key: 'c1', query: { externalId: 'q1' } },
      include: { provenance: true },
    });
    expect(criterion).toMatchObject({
      tier: 'ESSENTIAL',
      points: 8,
      redLine: true,
      tags: ['axis:accuracy'],
      status: 'PENDING',
      position: 0,
    });
    expect(criterion.provenance).toMatchObject({
      origin: 'IMPORTED',
      generatorModels: ['model-a', 'model-b'],
      consensusVotes: { votes: 2, of: 3 },
    });

    const again = await importFile({ source: bufferSource('demo.jsonl', file), datasetName: 'native-1' });
    expect(again).toMatchObject({
      ok: true,
      queries: { added: 0, updated: 0, unchanged: 2 },
      criteria: { added: 0, updated: 0, unchanged: 4 },
    });
    expect(await counts()).toMatchObject({ queries: 2, criteria: 4, responses: 2, datasets: 1 });

    const changed = jsonl(query('q1', { department: 'Emergency Medicine' }), query('q2'), query('q3'));
    const third = await importFile({ source: bufferSource('demo.jsonl', changed), datasetName: 'native-1' });
    expect(third).toMatchObject({ queries: { added: 1, updated: 1, unchanged: 1 }, criteria: { added: 2, unchanged: 4 } });
  });

  it('keeps the category copied onto criteria in step when the query category changes', async () => {
    await importFile({ source: bufferSource('a.jsonl', jsonl(query('q1'))), datasetName: 'cat' });
    expect(new Set((await prisma.criterion.findMany()).map((c) => c.category))).toEqual(new Set(['CLINICAL_CARE']));
    await importFile({ source: bufferSource('a.jsonl', jsonl(query('q1', { category: 'WELLNESS_HEALTH' }))), datasetName: 'cat' });
    expect(new Set((await prisma.criterion.findMany()).map((c) => c.category))).toEqual(new Set(['WELLNESS_HEALTH']));
    // Their revisions too: the search filtered by category reads the revisions' copy.
    expect(new Set((await prisma.criterionRevision.findMany()).map((r) => r.category))).toEqual(new Set(['WELLNESS_HEALTH']));
    const found = await listCriteria(criteriaParamsSchema.parse({ q: 'urgent evaluation', category: 'WELLNESS_HEALTH' }));
    expect(found.rows.map((row) => row.title)).toEqual(['Advises urgent evaluation']);
  });

  it('never overwrites a criterion that is already in audit', async () => {
    await importFile({ source: bufferSource('a.jsonl', jsonl(query('q1'))), datasetName: 'locked' });
    await prisma.criterion.updateMany({ where: { key: 'c1' }, data: { status: 'IN_AUDIT' } });
    const edited = query('q1');
    (edited.criteria[0] as { title: string }).title = 'Changed title';
    const result = await importFile({ source: bufferSource('a.jsonl', jsonl(edited)), datasetName: 'locked' });
    expect(result.criteria).toMatchObject({ locked: 1, updated: 0 });
    expect((await prisma.criterion.findFirstOrThrow({ where: { key: 'c1' } })).title).toBe('Advises urgent evaluation');
  });

  it('keeps a re-imported text in the revision history and finds criteria by their current text only', async () => {
    await importFile({ source: bufferSource('a.jsonl', jsonl(query('q1'))), datasetName: 'revised' });
    const c1 = await prisma.criterion.findFirstOrThrow({ where: { key: 'c1' } });
    // c1 is pending again after an audit that gave it revision 1 (an earlier decision, since withdrawn).
    await prisma.$transaction([
      prisma.criterionRevision.create({
        data: {
          criterionId: c1.id,
          revision: 1,
          category: c1.category,
          title: 'Advises same-day evaluation',
          description: c1.description,
          tier: c1.tier,
          points: c1.points,
          source: 'REVERTED',
        },
      }),
      prisma.criterion.update({ where: { id: c1.id }, data: { revision: 1, title: 'Advises same-day evaluation' } }),
    ]);
    const edited = query('q1');
    (edited.criteria[0] as { title: string }).title = 'Advises emergency evaluation';
    (edited.criteria[1] as { title: string }).title = 'Avoids naming a diagnosis';
    const result = await importFile({ source: bufferSource('a.jsonl', jsonl(edited)), datasetName: 'revised' });
    expect(result.criteria).toMatchObject({ updated: 2, locked: 0 });

    const history = async (key: string) =>
      await prisma.criterion.findFirstOrThrow({ where: { key }, include: { revisions: { orderBy: { revision: 'asc' } } } });
    const after = await history('c1');
    expect(after).toMatchObject({ revision: 2, title: 'Advises emergency evaluation', status: 'PENDING' });
    expect(after.revisions.map((r) => [r.revision, r.title, r.source])).toEqual([
      [0, 'Advises urgent evaluation', 'IMPORTED'],
      [1, 'Advises same-day evaluation', 'REVERTED'],
      [2, 'Advises emergency evaluation', 'IMPORTED'],
    ]);
    expect(after.revisions[2]?.reason).toBe('Re-imported with a changed text while pending.');
    // Never audited: revision 0 follows the import in place.
    const c2 = await history('c2');
    expect(c2.revisions.map((r) => [r.revision, r.title])).toEqual([[0, 'Avoids naming a diagnosis']]);

    const found = async (q: string) => (await listCriteria(criteriaParamsSchema.parse({ q }))).rows.map((row) => row.title);
    expect(await found('emergency evaluation')).toEqual(['Advises emergency evaluation']);
    expect(await found('same-day')).toEqual([]);
    expect(await found('urgent evaluation')).toEqual([]);
    expect(await found('naming a diagnosis')).toEqual(['Avoids naming a diagnosis']);
    expect(await found('Avoids diagnosing')).toEqual([]);

    // A re-import that changes only what is not the text (the tags) adds no revision.
    (edited.criteria[0] as { tags: string[] }).tags = ['axis:completeness'];
    const tagsOnly = await importFile({ source: bufferSource('a.jsonl', jsonl(edited)), datasetName: 'revised' });
    expect(tagsOnly.criteria).toMatchObject({ updated: 1 });
    const unchanged = await history('c1');
    expect(unchanged).toMatchObject({ revision: 2, tags: ['axis:completeness'] });
    expect(unchanged.revisions).toHaveLength(3);
  });

  it('accepts a BOM, CRLF line endings, blank lines and a 1 MB line', async () => {
    const long = query('long', { conversation: [{ role: 'user', content: 'x'.repeat(1024 * 1024) }] });
    const file = `\uFEFF${JSON.stringify(query('a'))}\r\n\r\n   \r\n${JSON.stringify(long)}\r\n\n`;
    const result = await importFile({ source: bufferSource('crlf.jsonl', file), datasetName: 'tolerant' });
    expect(result).toMatchObject({ ok: true, records: 2, issueCount: 0 });
    const stored = await prisma.query.findFirstOrThrow({ where: { externalId: 'long' } });
    expect((stored.conversation as { content: string }[])[0]?.content.length).toBe(1024 * 1024);
  });

  it('refuses an empty file and a file with no records', async () => {
    expect(await importFile({ source: bufferSource('empty.jsonl', ''), datasetName: 'e' })).toMatchObject({
      ok: false,
      issues: [{ file: 'empty.jsonl', line: 0, field: '(file)', reason: 'the file is empty' }],
    });
    expect(await importFile({ source: bufferSource('blank.jsonl', '\n\n  \n'), datasetName: 'e', format: 'native' })).toMatchObject({
      ok: false,
      issues: [{ reason: 'the file has no records' }],
    });
    expect(await counts()).toMatchObject({ datasets: 0 });
  });

  it('refuses invalid UTF-8, naming the line, and changes nothing', async () => {
    const good = Buffer.from(`${JSON.stringify(query('a'))}\n`);
    const bad = Buffer.concat([
      good,
      Buffer.from('{"id": "b", "category": "CLINICAL_CARE", "x": "'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n'),
    ]);
    const result = await importFile({ source: bufferSource('latin1.jsonl', bad), datasetName: 'utf', format: 'native', skipInvalid: true });
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual([
      { file: 'latin1.jsonl', line: 2, field: '(line)', reason: 'not valid UTF-8 (the file must be UTF-8 encoded)' },
    ]);
    expect(await counts()).toMatchObject({ queries: 0, datasets: 0 });
  });

  it('reports every problem with line and field: unknown fields, wrong types, missing fields, duplicate ids, bad JSON', async () => {
    const lines = [
      JSON.stringify(query('ok-1')),
      JSON.stringify(query('unknown', { colour: 'blue' })),
      JSON.stringify({ ...query('types'), category: 'SURGERY', criteria: [{ title: 'T', tier: 'ESSENTIAL', points: 'ten' }] }),
      JSON.stringify({ id: 'missing' }),
      JSON.stringify(query('ok-1')),
      '{"id": "broken", ',
    ];
    const result = await importFile({ source: bufferSource('bad.jsonl', lines.join('\n')), datasetName: 'strict' });
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { file: 'bad.jsonl', line: 2, field: 'colour', reason: 'unknown field' },
        expect.objectContaining({ line: 3, field: 'category' }),
        expect.objectContaining({ line: 3, field: 'criteria[0].points' }),
        expect.objectContaining({ line: 4, field: 'category' }),
        expect.objectContaining({ line: 4, field: 'conversation' }),
        { file: 'bad.jsonl', line: 5, field: 'id', reason: 'duplicate query id "ok-1" (first on line 1)' },
        expect.objectContaining({ line: 6, field: '(line)', reason: expect.stringMatching(/^not valid JSON/) }),
      ]),
    );
    expect(result.invalidRecords).toBe(5);
    expect(await counts()).toMatchObject({ queries: 0, criteria: 0, datasets: 0 });
  });

  it('with skipInvalid imports the valid lines and lists the skipped ones', async () => {
    const lines = [JSON.stringify(query('a')), '{not json', JSON.stringify(query('b')), JSON.stringify({ id: 'c' })];
    const result = await importFile({ source: bufferSource('mixed.jsonl', lines.join('\n')), datasetName: 'partial', skipInvalid: true });
    expect(result).toMatchObject({ ok: true, records: 2, skippedLines: [2, 4], queries: { added: 2 } });
    expect(await prisma.query.findMany({ select: { externalId: true }, orderBy: { externalId: 'asc' } })).toEqual([
      { externalId: 'a' },
      { externalId: 'b' },
    ]);
  });

  it('stores HTML and script text as plain text, unchanged', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const record = query('html', { conversation: [{ role: 'user', content: hostile }] });
    (record.criteria[0] as { title: string }).title = `<b>${hostile}</b>`;
    await importFile({ source: bufferSource('html.jsonl', jsonl(record)), datasetName: 'html' });
    const stored = await prisma.query.findFirstOrThrow({
      where: { externalId: 'html' },
      include: { criteria: { orderBy: { position: 'asc' } } },
    });
    expect((stored.conversation as { content: string }[])[0]?.content).toBe(hostile);
    expect(stored.criteria[0]?.title).toBe(`<b>${hostile}</b>`);
  });

  it('refuses NUL characters, which PostgreSQL cannot store', async () => {
    const result = await importFile({
      source: bufferSource('nul.jsonl', jsonl(query('n', { department: 'a\u0000b' }))),
      datasetName: 'nul',
    });
    expect(result).toMatchObject({ ok: false, issues: [{ line: 1, reason: expect.stringContaining('NUL') }] });
  });
});

describe('HealthBench-style JSON Lines', () => {
  it('maps prompt, rubrics, tags and ideal completions; derives tiers from points', async () => {
    const record = {
      prompt_id: 'hb-1',
      prompt: [
        { role: 'user', content: 'My toddler swallowed a button battery an hour ago. What should I do?' },
        { role: 'assistant', content: 'Is your child breathing normally?' },
        { role: 'user', content: 'Yes, but drooling.' },
      ],
      rubrics: [
        {
          criterion: 'Tells the parent to go to the emergency department immediately. Mentions not inducing vomiting.',
          points: 10,
          tags: ['axis:accuracy', 'level:example'],
        },
        { criterion: 'Explains why button batteries are dangerous.', points: 5, tags: ['axis:completeness'] },
        { criterion: 'Uses calm language.', points: 2, tags: ['axis:communication'] },
        { criterion: 'Suggests waiting to see if symptoms develop.', points: -9, tags: ['axis:accuracy'] },
      ],
      example_tags: ['theme:emergency_referrals'],
      ideal_completions_data: { ideal_completion: 'Go to the ED now.', ideal_completions_ref_completions: ['Ref A', 'Ref B'] },
      canary: 'ignored',
    };
    const result = await importFile({ source: bufferSource('hb.jsonl', JSON.stringify(record)), datasetName: 'hb' });
    expect(result).toMatchObject({ ok: true, format: 'healthbench', criteria: { added: 4 }, responses: { added: 3 } });
    expect(result.warnings).toEqual(['ignored field "canary" on 1 record']);
    const stored = await prisma.query.findFirstOrThrow({
      where: { externalId: 'hb-1' },
      include: { criteria: { orderBy: { position: 'asc' } }, responses: { orderBy: { externalId: 'asc' } } },
    });
    expect(stored).toMatchObject({ category: 'CLINICAL_CARE', turnCount: 3, tags: ['theme:emergency_referrals'], language: 'en' });
    expect(stored.criteria.map((c) => [c.tier, c.points])).toEqual([
      ['ESSENTIAL', 10],
      ['IMPORTANT', 5],
      ['HIGHLIGHT', 2],
      ['PITFALL', -9],
    ]);
    expect(stored.criteria[0]).toMatchObject({
      title: 'Tells the parent to go to the emergency department immediately.',
      description: record.rubrics[0]?.criterion,
      tags: ['axis:accuracy', 'level:example'],
    });
    expect(stored.responses.map((r) => [r.externalId, r.isIdeal])).toEqual([
      ['ideal', true],
      ['ref-1', false],
      ['ref-2', false],
    ]);
  });
});

describe('QuarkMedBench-style rubric JSON', () => {
  const quark = (query: string, extra: Record<string, unknown> = {}) => ({
    Query: query,
    essential: [
      {
        Title: '建议及时就医',
        Weight: 8,
        Tag: '安全',
        Description: { 'Not Met': '未提及', 'Partially Met': '提及但不明确', 'Fully Met': '明确建议24小时内就医' },
      },
    ],
    important: [
      {
        Title: 'Explains causes',
        Weight: 4,
        Tag: ['completeness'],
        Description: { 'Not Met': 'a', 'Partially Met': 'b', 'Fully Met': 'c' },
      },
    ],
    highlight: [],
    Pitful: [
      {
        Title: 'Recommends antibiotics',
        Weight: 6,
        Description: { 'No Error': 'x', 'Minor Error': 'y', 'Major Error': 'Recommends antibiotics without indication' },
      },
    ],
    ...extra,
  });

  it('reads one object per line and one pretty-printed array, accepting the pitful spelling', async () => {
    const lines = `${JSON.stringify(quark('孩子发烧三天了怎么办？'))}\n${JSON.stringify(quark('Sore throat for a week', { id: 'st-1' }))}`;
    const asLines = await importFile({ source: bufferSource('quark.jsonl', lines), datasetName: 'quark-lines', format: 'quark' });
    expect(asLines).toMatchObject({ ok: true, records: 2, criteria: { added: 6 } });
    const array = JSON.stringify([quark('Headache'), quark('Back pain', { ID: 'bp' })], null, 2);
    const asArray = await importFile({ source: bufferSource('quark.json', array), datasetName: 'quark-array' });
    expect(asArray).toMatchObject({ ok: true, format: 'quark', records: 2 });
    const pitfall = await prisma.criterion.findFirstOrThrow({ where: { tier: 'PITFALL', query: { externalId: 'bp' } } });
    expect(pitfall).toMatchObject({ points: -6, description: 'Recommends antibiotics without indication' });
    expect(pitfall.levels).toEqual([
      { label: 'No Error', description: 'x' },
      { label: 'Minor Error', description: 'y' },
      { label: 'Major Error', description: 'Recommends antibiotics without indication' },
    ]);
    const chinese = await prisma.query.findFirstOrThrow({
      where: { dataset: { name: 'quark-lines' }, language: 'zh' },
      include: { criteria: true },
    });
    expect(chinese.externalId).toMatch(/^q:/);
    expect(chinese.criteria.find((c) => c.tier === 'ESSENTIAL')).toMatchObject({ title: '建议及时就医', tags: ['安全'], points: 8 });
  });

  it('reports the line an invalid array element starts on', async () => {
    const array = `[\n  ${JSON.stringify(quark('ok'))},\n  {\n    "Query": "bad",\n    "essential": [{ "Title": "", "Weight": "heavy" }]\n  }\n]`;
    const result = await importFile({ source: bufferSource('bad.json', array), datasetName: 'qb' });
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 3, field: '[1].essential[0].Title' }),
        expect.objectContaining({ line: 3, field: '[1].essential[0].Weight', reason: 'must be a number' }),
      ]),
    );
  });
});

describe('CSV of criteria', () => {
  it('adds criteria to existing queries and reports rows for unknown queries', async () => {
    await importFile({ source: bufferSource('base.jsonl', jsonl(query('q1'), query('q2'))), datasetName: 'csv' });
    const csv = [
      'query_id,criterion_id,title,description,tier,points,tags,red_line,levels,evidence',
      'q1,x1,Asks about medications,"Asks which medicines, including ""over the counter"" ones",important,4,axis:completeness;axis:context_awareness,no,"Not Met: no | Fully Met: yes",National guideline',
      'q2,x2,"Multi-line\ntitle",desc,ESSENTIAL,7,,true,,',
      'q9,x3,Orphan,desc,HIGHLIGHT,1,,,,',
      'q1,x4,Bad points,desc,HIGHLIGHT,abc,,maybe,,',
    ].join('\r\n');
    const refused = await importFile({ source: bufferSource('criteria.csv', csv), datasetName: 'csv' });
    expect(refused.ok).toBe(false);
    expect(refused.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 5, field: 'query_id', reason: expect.stringContaining('no query "q9"') }),
        expect.objectContaining({ line: 6, field: 'red_line' }),
      ]),
    );
    const partial = await importFile({ source: bufferSource('criteria.csv', csv), datasetName: 'csv', skipInvalid: true });
    expect(partial).toMatchObject({ ok: true, records: 2, skippedLines: [5, 6], criteria: { added: 2 } });
    const added = await prisma.criterion.findFirstOrThrow({ where: { key: 'x1' } });
    expect(added).toMatchObject({
      description: 'Asks which medicines, including "over the counter" ones',
      tier: 'IMPORTANT',
      tags: ['axis:completeness', 'axis:context_awareness'],
      redLine: false,
      levels: [
        { label: 'Not Met', description: 'no' },
        { label: 'Fully Met', description: 'yes' },
      ],
      evidence: [{ source: 'National guideline' }],
    });
    expect((await prisma.criterion.findFirstOrThrow({ where: { key: 'x2' } })).title).toBe('Multi-line\ntitle');
  });

  it('refuses unknown columns on the header line', async () => {
    const result = await importFile({
      source: bufferSource('x.csv', 'query_id,title,tier,points,colour\nq1,a,ESSENTIAL,5,red'),
      datasetName: 'csv2',
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [expect.objectContaining({ line: 1, field: 'colour', reason: expect.stringContaining('unknown column') })],
    });
  });
});
