// Files an outside tester brought (issue 16, findings 7 to 10): other encodings, a first record longer than any
// byte window, real QuarkMedBench output (empty tags, the generation wrapper), messages that must name the
// user's own fields, and refusals that must say the right thing. Each runs the real import on real PostgreSQL.
import { beforeEach, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { FORMATS } from '@/lib/import/formats/detect';
import { formatSummary } from '@/lib/import/format-summary';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';

beforeEach(async () => {
  await prisma.$executeRawUnsafe('TRUNCATE datasets, import_jobs RESTART IDENTITY CASCADE');
});

const rows = async () => ({ datasets: await prisma.dataset.count(), queries: await prisma.query.count() });
const jsonl = (...records: unknown[]) => `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;

const healthBench = (id: string, extra: Record<string, unknown> = {}) => ({
  prompt_id: id,
  prompt: [{ role: 'user', content: `My head hurts (${id}). What should I do?` }],
  rubrics: [
    { criterion: 'Advises rest and fluids.', points: 5, tags: ['axis:accuracy'] },
    { criterion: 'Recommends opioids.', points: -6, tags: [] },
  ],
  example_tags: ['theme:x'],
  ...extra,
});

const quarkItem = (title: string, extra: Record<string, unknown> = {}) => ({
  Title: title,
  Weight: 6,
  Tag: '',
  Description: { 'Not Met': '未提及', 'Partially Met': '部分', 'Fully Met': `${title}：完整` },
  ...extra,
});
const quark = (query: string, extra: Record<string, unknown> = {}) => ({
  Query: query,
  essential: [quarkItem('建议及时就医')],
  important: [quarkItem('说明可能原因', { Tag: '   ' })],
  highlight: [],
  pitfall: [quarkItem('推荐抗生素', { Tag: ['', '安全'], Description: { 'No Error': 'a', 'Minor Error': 'b', 'Major Error': 'c' } })],
  ...extra,
});

const utf16be = (text: string) => {
  const bytes = Buffer.from(text, 'utf16le');
  for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1] ?? 0, bytes[i] ?? 0];
  return bytes;
};

describe('finding 7: files in another encoding name it and say how to convert, with any format', () => {
  const text = jsonl(healthBench('p1'), quark('孩子发烧三天了，精神差，需要马上去医院吗？还是可以在家观察？'));
  const files: [string, Uint8Array, RegExp][] = [
    ['UTF-16LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), /UTF-16LE.*iconv -f UTF-16 -t UTF-8/],
    ['UTF-16BE with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), /UTF-16BE.*iconv -f UTF-16 -t UTF-8/],
    ['UTF-16LE without a BOM', Buffer.from(text, 'utf16le'), /UTF-16LE \(no byte order mark.*iconv -f UTF-16LE -t UTF-8/],
    ['UTF-16BE without a BOM', utf16be(text), /UTF-16BE \(no byte order mark.*iconv -f UTF-16BE -t UTF-8/],
    [
      'UTF-32LE with a BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), ...[...text].map((char) => Buffer.from([char.codePointAt(0) ?? 0, 0, 0, 0]))]),
      /UTF-32LE.*iconv -f UTF-32 -t UTF-8/,
    ],
  ];
  for (const [name, bytes, reason] of files) {
    it(name, async () => {
      for (const format of [undefined, ...FORMATS]) {
        const result = await importFile({ source: bufferSource('probe.jsonl', bytes), datasetName: 'encoded', format, skipInvalid: true });
        expect(result.issues, `${name} as ${format ?? 'auto'}`).toEqual([
          { file: 'probe.jsonl', line: 1, field: '(file)', reason: expect.stringMatching(reason) },
        ]);
        expect(result).toMatchObject({ ok: false, fatal: true });
        expect(formatSummary(result)).not.toMatch(/skip-invalid/);
      }
      expect(await rows()).toEqual({ datasets: 0, queries: 0 });
    });
  }
});

describe('finding 8: the format is detected from the first whole record, not a byte window', () => {
  it('a HealthBench file whose first line is 1.2 MB (the prompt before prompt_id and rubrics)', async () => {
    const long = { prompt: [{ role: 'user', content: 'x'.repeat(1_200_000) }], prompt_id: 'long', rubrics: healthBench('long').rubrics };
    const result = await importFile({ source: bufferSource('long.jsonl', jsonl(long, healthBench('p2'))), datasetName: 'long' });
    expect(result).toMatchObject({ ok: true, format: 'healthbench', queries: { added: 2 } });
  });

  it('a native file whose first line is 1.2 MB (the conversation before any other key)', async () => {
    const native = {
      conversation: [{ role: 'user', content: 'y'.repeat(1_200_000) }],
      id: 'n-long',
      category: 'CLINICAL_CARE',
      criteria: [{ title: 't', tier: 'ESSENTIAL', points: 5 }],
    };
    expect(await importFile({ source: bufferSource('long-native.jsonl', jsonl(native)), datasetName: 'long-native' })).toMatchObject({
      ok: true,
      format: 'native',
    });
  });

  it('a pretty-printed QuarkMedBench array whose first element is 1.2 MB', async () => {
    const array = JSON.stringify([quark('长'.repeat(400_000)), quark('短问题')], null, 2);
    expect(Buffer.byteLength(array)).toBeGreaterThan(1_200_000);
    expect(await importFile({ source: bufferSource('long.json', array), datasetName: 'long-array' })).toMatchObject({
      ok: true,
      format: 'quark',
      records: 2,
    });
  });
});

describe('finding 9: real QuarkMedBench files, and messages that name the fields as the file writes them', () => {
  it('an empty, a whitespace-only and a blank list entry "Tag" mean no tag', async () => {
    const result = await importFile({
      source: bufferSource('quark.json', JSON.stringify([quark('头疼怎么办？')], null, 2)),
      datasetName: 'q',
    });
    expect(result.issues).toEqual([]);
    expect(result).toMatchObject({ ok: true, criteria: { added: 3 } });
    const tags = await prisma.criterion.findMany({ orderBy: { position: 'asc' }, select: { tier: true, tags: true } });
    expect(tags.map((row) => [row.tier, row.tags])).toEqual(
      expect.arrayContaining([
        ['ESSENTIAL', []],
        ['IMPORTANT', []],
        ['PITFALL', ['安全']],
      ]),
    );
  });

  it('records wrapped in the generation output ({"Evaluation_System": {...}}) are unwrapped', async () => {
    const file = jsonl(
      { Evaluation_System: quark('头疼怎么办？', { id: 'w1' }) },
      { Evaluation_System: quark('发烧怎么办？', { id: 'w2' }) },
    );
    const result = await importFile({ source: bufferSource('wrapped.jsonl', file), datasetName: 'wrapped' });
    expect(result).toMatchObject({ ok: true, format: 'quark', queries: { added: 2 }, criteria: { added: 6 } });
    expect((await prisma.query.findMany({ orderBy: { externalId: 'asc' } })).map((q) => q.externalId)).toEqual(['w1', 'w2']);
  });

  it('QuarkMedBench: every problem names the file field, with the array index and the line', async () => {
    const bad = quark('头疼怎么办？', {
      essential: [quarkItem('x'.repeat(2_001))],
      important: [quarkItem('ok', { Weight: 'heavy' })],
      highlight: [
        quarkItem('long tag', { Tag: ['fine', 't'.repeat(201)] }),
        quarkItem('long description', { Description: { 'Fully Met': 'd'.repeat(20_001) } }),
      ],
      pitfall: [quarkItem('twice'), quarkItem('twice')],
    });
    const file = JSON.stringify([quark('fine'), bad], null, 2);
    const badLine = file.split('\n').findIndex((text) => text.includes('头疼'));
    const result = await importFile({ source: bufferSource('bad.json', file), datasetName: 'bad' });
    expect(result.ok).toBe(false);
    const fields = result.issues.map((issue) => [issue.line, issue.field]);
    expect(fields).toEqual([[badLine, '[1].important[0].Weight']]);
    // The weight fixed, the native schema's findings are named by the file's fields too.
    const fixed = JSON.stringify([quark('fine'), { ...bad, important: [] }], null, 2);
    const second = await importFile({ source: bufferSource('bad.json', fixed), datasetName: 'bad' });
    expect(second.issues.map((issue) => [issue.field, issue.reason])).toEqual([
      ['[1].essential[0].Title', 'at most 2,000 characters'],
      ['[1].highlight[0].Tag[1]', 'at most 200 characters'],
      ['[1].highlight[1].Description["Fully Met"]', 'at most 20,000 characters'],
    ]);
    const third = JSON.stringify([{ ...bad, important: [], essential: [], highlight: [] }], null, 2);
    expect((await importFile({ source: bufferSource('bad.json', third), datasetName: 'bad' })).issues).toEqual([
      expect.objectContaining({ field: '[0].pitfall[1]', reason: 'duplicate criterion text (same as [0].pitfall[0])' }),
    ]);
    const wrapped = jsonl({ Evaluation_System: quark('q', { essential: [quarkItem('t', { Weight: 'x' })] }) });
    expect((await importFile({ source: bufferSource('w.jsonl', wrapped), datasetName: 'bad' })).issues).toEqual([
      expect.objectContaining({ line: 1, field: 'Evaluation_System.essential[0].Weight' }),
    ]);
    expect(await rows()).toEqual({ datasets: 0, queries: 0 });
  });

  it('HealthBench: rubric and prompt problems name rubrics[i].criterion, rubrics[i].tags[j], example_tags, prompt', async () => {
    const file = jsonl(
      healthBench('h1', { rubrics: [{ criterion: 'c'.repeat(20_001), points: 5, tags: ['', 'axis:x'] }] }),
      healthBench('h2', {
        rubrics: [
          { criterion: 'Same.', points: 5 },
          { criterion: 'Same.', points: 5, tags: ['t'.repeat(201)] },
        ],
      }),
      healthBench('h3', { example_tags: ['  ', 'e'.repeat(201)], prompt: [{ role: 'user', content: '' }] }),
    );
    const result = await importFile({ source: bufferSource('hb.jsonl', file), datasetName: 'hb' });
    expect(result.issues.map((issue) => [issue.line, issue.field, issue.reason])).toEqual([
      [1, 'rubrics[0].criterion', 'at most 20,000 characters'],
      [2, 'rubrics[1].tags[0]', 'at most 200 characters'],
      [3, 'example_tags[1]', 'at most 200 characters'],
      [3, 'prompt[0].content', 'must not be empty'],
    ]);
    const duplicate = jsonl(
      healthBench('h2', {
        rubrics: [
          { criterion: 'Same.', points: 5 },
          { criterion: 'Same.', points: 5 },
        ],
      }),
    );
    expect((await importFile({ source: bufferSource('hb.jsonl', duplicate), datasetName: 'hb' })).issues).toEqual([
      expect.objectContaining({ field: 'rubrics[1]', reason: 'duplicate criterion text (same as rubrics[0])' }),
    ]);
    // Blank tags are accepted as none.
    const blank = jsonl(healthBench('h4', { example_tags: [''], rubrics: [{ criterion: 'Fine.', points: 2, tags: [' '] }] }));
    expect(await importFile({ source: bufferSource('hb.jsonl', blank), datasetName: 'hb' })).toMatchObject({ ok: true });
    expect((await prisma.criterion.findFirstOrThrow()).tags).toEqual([]);
  });

  it('CSV: problems name the column as the header writes it, and the path inside a JSON cell', async () => {
    await importFile({
      source: bufferSource('base.jsonl', jsonl({ id: 'q1', category: 'CLINICAL_CARE', conversation: [{ role: 'user', content: 'q' }] })),
      datasetName: 'csv',
    });
    const csv = [
      'Query ID,Title,Tier,Points,Red line,Levels,Tags',
      'q1,,ESSENTIAL,5,no,,',
      'q1,T2,ESSENTIAL,5,maybe,,',
      `q1,T3,ESSENTIAL,5,no,"[{""label"":""${'L'.repeat(101)}"",""description"":""d""}]",`,
      'q1,T4,ESSENTIAL,lots,no,,',
      'q1,T5,ESSENTIAL,5,no,,"["""",""fine""]"',
    ].join('\n');
    const result = await importFile({ source: bufferSource('c.csv', csv), datasetName: 'csv' });
    expect(result.issues.map((issue) => [issue.line, issue.field])).toEqual([
      [2, 'Title'],
      [3, 'Red line'],
      [4, 'Levels[0].label'],
      [5, 'Points'],
    ]);
    const fine = await importFile({ source: bufferSource('c.csv', csv), datasetName: 'csv', skipInvalid: true });
    expect(fine).toMatchObject({ ok: true, records: 1 });
    expect((await prisma.criterion.findFirstOrThrow({ where: { title: 'T5' } })).tags).toEqual(['fine']);
  });

  it('duplicate ids are reported on the id field as each format writes it', async () => {
    const hb = await importFile({ source: bufferSource('hb.jsonl', jsonl(healthBench('h1'), healthBench('h1'))), datasetName: 'dup' });
    expect(hb.issues).toEqual([
      expect.objectContaining({ line: 2, field: 'prompt_id', reason: 'duplicate query id "h1" (first on line 1)' }),
    ]);
    const array = JSON.stringify([quark('同一个问题'), quark('同一个问题')]);
    expect((await importFile({ source: bufferSource('q.json', array), datasetName: 'dup' })).issues).toEqual([
      expect.objectContaining({ line: 1, field: '[1].Query', reason: 'duplicate query: the same text as the query on line 1' }),
    ]);
    await importFile({
      source: bufferSource('base.jsonl', jsonl({ id: 'q1', category: 'CLINICAL_CARE', conversation: [{ role: 'user', content: 'q' }] })),
      datasetName: 'dup',
    });
    const csv = ['Query ID,Criterion ID,Title,Tier,Points', 'q1,c1,A,ESSENTIAL,5', 'q1,c1,B,ESSENTIAL,5', 'q9,c2,C,ESSENTIAL,5'].join('\n');
    expect(
      (await importFile({ source: bufferSource('c.csv', csv), datasetName: 'dup' })).issues.map((issue) => [issue.line, issue.field]),
    ).toEqual([
      [3, 'Criterion ID'],
      [4, 'Query ID'],
    ]);
  });

  it('native: blank tags are accepted as none', async () => {
    const native = {
      id: 'n1',
      category: 'CLINICAL_CARE',
      tags: ['', 'a'],
      conversation: [{ role: 'user', content: 'q' }],
      criteria: [{ title: 't', tier: 'ESSENTIAL', points: 1, tags: ['  '] }],
    };
    expect(await importFile({ source: bufferSource('n.jsonl', jsonl(native)), datasetName: 'n' })).toMatchObject({ ok: true });
    expect((await prisma.query.findFirstOrThrow()).tags).toEqual(['a']);
    expect((await prisma.criterion.findFirstOrThrow()).tags).toEqual([]);
  });
});

describe('finding 10: refusals say what is wrong and what to do', () => {
  it('a whitespace-only file has no records (not an unrecognised format), with any format', async () => {
    for (const format of [undefined, ...FORMATS]) {
      const result = await importFile({ source: bufferSource('blank.jsonl', '  \n\n \t\r\n'), datasetName: 'blank', format });
      expect(
        result.issues.map((issue) => issue.reason),
        format,
      ).toEqual(['the file has no records']);
    }
  });

  it('a JSON array in a .jsonl file is called that, for detected and chosen formats', async () => {
    const array = JSON.stringify([healthBench('p1'), healthBench('p2')]);
    for (const format of [undefined, 'healthbench', 'native'] as const) {
      const result = await importFile({ source: bufferSource('array.jsonl', `${array}\n`), datasetName: 'array', format });
      expect(result.issues, format).toEqual([
        {
          file: 'array.jsonl',
          line: 1,
          field: '(file)',
          reason: 'the file is a JSON array, not JSON Lines: use the .json QuarkMedBench array format or one object per line',
        },
      ]);
    }
  });

  it('with --skip-invalid a refusal no longer suggests --skip-invalid', async () => {
    const bad = jsonl(healthBench('', {}));
    const withSkip = await importFile({ source: bufferSource('bad.jsonl', bad), datasetName: 'skip', skipInvalid: true });
    expect(withSkip.ok).toBe(false);
    expect(formatSummary(withSkip)).toMatch(/^Refused bad\.jsonl: 1 problem\(s\); nothing was changed\. No record is valid\.\n/);
    expect(formatSummary(withSkip)).not.toMatch(/skip-invalid/);
    const half = jsonl(healthBench(''), healthBench('p2'));
    expect(formatSummary(await importFile({ source: bufferSource('half.jsonl', half), datasetName: 'skip' }))).toMatch(
      /Fix them, or use --skip-invalid to import the 1 valid record\./,
    );
    const broken = Buffer.concat([Buffer.from('query_id,title,tier,points\n"q1,unclosed\n')]);
    const fatal = await importFile({ source: bufferSource('broken.csv', broken), datasetName: 'skip', skipInvalid: true });
    expect(fatal).toMatchObject({ ok: false, fatal: true });
    expect(formatSummary(fatal)).not.toMatch(/skip-invalid/);
  });
});
