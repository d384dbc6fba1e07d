import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CriteriaParams,
  SORT_KEYS,
  cjkBigrams,
  countCriteria,
  criteriaFilters,
  criteriaParamsSchema,
  encodeCursor,
  listCriteria,
} from '@/lib/criteria/list-criteria';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { importFile } from '@/lib/import/import-file';
import { diskSource } from '@/lib/import/read-lines';

const DEMO = path.join(process.cwd(), 'prisma/seed/demo/queries.jsonl');

beforeAll(async () => {
  const result = await importFile({ source: await diskSource(DEMO), datasetName: 'demo' });
  expect(result.ok).toBe(true);
});

const params = (input: Record<string, unknown> = {}): CriteriaParams => criteriaParamsSchema.parse(input);

/** Runs `explain` in one transaction with sequential and plain index scans off (bitmap scans only). */
async function withoutScans(sql: Prisma.Sql): Promise<string> {
  const plan = await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    await tx.$executeRawUnsafe('SET LOCAL enable_indexscan = off');
    return await tx.$queryRaw<{ 'QUERY PLAN': string }[]>`EXPLAIN ${sql}`;
  });
  return plan.map((line) => line['QUERY PLAN']).join('\n');
}

/** Walks every page forward, then every page backward from the end; both must give the same order. */
async function walk(base: Record<string, unknown>) {
  const forward: number[] = [];
  let after: string | undefined;
  let lastPage: Awaited<ReturnType<typeof listCriteria>> | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listCriteria(params({ ...base, limit: 25, after }));
    forward.push(...page.rows.map((row) => row.id));
    lastPage = page;
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  const backward: number[] = [];
  let before = lastPage?.prevCursor ?? undefined;
  backward.unshift(...(lastPage?.rows.map((row) => row.id) ?? []));
  for (let guard = 0; before && guard < 100; guard++) {
    const page = await listCriteria(params({ ...base, limit: 25, before }));
    backward.unshift(...page.rows.map((row) => row.id));
    before = page.prevCursor ?? undefined;
  }
  return { forward, backward, total: (await countCriteria(params(base))).total };
}

describe('listCriteria', () => {
  it('pages through every criterion exactly once, forward and backward, for every sort column and direction', async () => {
    const all = await prisma.criterion.count();
    expect(all).toBeGreaterThan(400);
    for (const sort of SORT_KEYS) {
      for (const dir of ['asc', 'desc'] as const) {
        const { forward, backward, total } = await walk({ sort, dir });
        expect(total, `${sort} ${dir}`).toBe(all);
        expect(new Set(forward).size, `${sort} ${dir} unique`).toBe(all);
        expect(backward, `${sort} ${dir} backward`).toEqual(forward);
      }
    }
  });

  it('orders like the equivalent SQL ORDER BY', async () => {
    const { forward } = await walk({ sort: 'points', dir: 'desc' });
    const expected = await prisma.$queryRaw<{ id: number }[]>`SELECT id FROM criteria ORDER BY points DESC, id DESC`;
    expect(forward).toEqual(expected.map((row) => row.id));
    const byTier = await walk({ sort: 'tier', dir: 'asc', tier: undefined });
    const tiers = await prisma.criterion.findMany({
      where: { id: { in: byTier.forward.slice(0, 400) } },
      select: { id: true, tier: true },
    });
    const order = ['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL'];
    const tierOf = new Map(tiers.map((row) => [row.id, order.indexOf(row.tier)]));
    const sequence = byTier.forward.slice(0, 400).map((id) => tierOf.get(id) ?? -1);
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
  });

  it('applies every filter in SQL and counts the filtered total', async () => {
    const filters = {
      category: 'CLINICAL_CARE',
      department: 'Cardiology',
      tier: 'ESSENTIAL',
      redLine: 'no',
      status: 'PENDING',
      tag: 'axis:accuracy',
    };
    const page = await listCriteria(params({ ...filters, limit: 200 }));
    const counted = await countCriteria(params(filters));
    const expected = await prisma.criterion.count({
      where: {
        query: { category: 'CLINICAL_CARE', department: 'Cardiology' },
        tier: 'ESSENTIAL',
        redLine: false,
        status: 'PENDING',
        tags: { has: 'axis:accuracy' },
      },
    });
    expect(expected).toBeGreaterThan(0);
    expect(counted).toEqual({ total: expected, capped: false });
    expect(page.rows).toHaveLength(expected);
    for (const row of page.rows) {
      expect(row).toMatchObject({
        category: 'CLINICAL_CARE',
        department: 'Cardiology',
        tier: 'ESSENTIAL',
        redLine: false,
        status: 'PENDING',
      });
      expect(row.tags).toContain('axis:accuracy');
    }
  });

  it('searches title and description case-insensitively, with % and _ taken literally', async () => {
    const page = await listCriteria(params({ q: 'EMERGENCY', limit: 200 }));
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) expect(`${row.title} ${row.description}`.toLowerCase()).toContain('emergency');
    const all = await prisma.criterion.findMany({ select: { title: true, description: true } });
    const withPercent = all.filter((c) => c.title.includes('%') || c.description.includes('%')).length;
    expect(withPercent).toBeLessThan(all.length);
    expect((await countCriteria(params({ q: '%' }))).total).toBe(withPercent);
    expect((await countCriteria(params({ q: 'zzz_no_such_text_zzz' }))).total).toBe(0);
  });

  it('searches with the trigram indexes of criterion_revisions, and keeps text indexes off criteria', async () => {
    await prisma.$executeRawUnsafe('ANALYZE criteria');
    await prisma.$executeRawUnsafe('ANALYZE criterion_revisions');
    // The demo is small enough to scan: plans without scans show which indexes the search can use.
    const text = await withoutScans(Prisma.sql`SELECT c.id FROM criteria c WHERE ${criteriaFilters(params({ q: 'chest pain' }))}`);
    expect(text).toMatch(/manual_criterion_revisions_category_title_trgm_idx/);
    expect(text).toMatch(/manual_criterion_revisions_category_description_trgm_idx/);
    // A status change writes a new version of a criteria row into every index of criteria: none over its texts.
    const textIndexes = await prisma.$queryRaw<{ indexname: string }[]>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'criteria' AND indexdef ~ '(gin_trgm_ops|manual_cjk_bigrams)'`;
    expect(textIndexes).toEqual([]);
  });

  it('counts up to the cap and says when there are more', async () => {
    expect(await countCriteria(params({}), { countCap: 100 })).toEqual({ total: 100, capped: true });
    expect(await countCriteria(params({}))).toEqual({ total: await prisma.criterion.count(), capped: false });
  });

  it('finds two-character Chinese terms through the CJK pair index, exactly like a scan would', async () => {
    expect(cjkBigrams('高血压 and 发烧')).toEqual(['高血', '血压', '发烧']);
    const zh = await prisma.criterion.findMany({ where: { query: { language: 'zh' } }, select: { title: true, description: true } });
    const text = zh.map((c) => `${c.title} ${c.description}`).join(' ');
    const term = [...new Set(text.match(/[\u4e00-\u9fff]{2}/g) ?? [])].find((pair) => text.split(pair).length > 4);
    if (!term) throw new Error('no repeated Chinese pair in the demo data');
    const all = await prisma.criterion.findMany({ select: { title: true, description: true } });
    const expected = all.filter((c) => c.title.includes(term) || c.description.includes(term)).length;
    expect((await countCriteria(params({ q: term }))).total).toBe(expected);
    const page = await listCriteria(params({ q: term, limit: 200 }));
    expect(page.rows.every((row) => `${row.title}${row.description}`.length > 0)).toBe(true);
    const plan = await withoutScans(
      Prisma.sql`SELECT c.id FROM criteria c WHERE ${criteriaFilters(params({ q: term, category: 'CLINICAL_CARE' }))}`,
    );
    expect(plan).toMatch(/manual_criterion_revisions_category_cjk_bigrams_idx/);
  });

  it('ignores malformed parameters and forged cursors instead of failing', async () => {
    const parsed = criteriaParamsSchema.parse({ sort: 'DROP TABLE', dir: 'sideways', tier: 'NOPE', limit: '1e9', after: 'not-base64!' });
    expect(parsed).toMatchObject({ sort: 'id', dir: 'asc', tier: undefined, limit: 50 });
    const page = await listCriteria(parsed);
    expect(page.rows.length).toBe(50);
    const forged = await listCriteria(params({ sort: 'points', after: encodeCursor('1; DROP TABLE criteria --', 1) }));
    expect(forged.rows.map((row) => row.id)).toEqual((await listCriteria(params({ sort: 'points' }))).rows.map((row) => row.id));
    expect(await prisma.criterion.count()).toBeGreaterThan(400);
  });

  it('treats cursors PostgreSQL could not compare (beyond int4, a NUL, the year -100000) and a NUL search as no cursor', async () => {
    const first = (await listCriteria(params({ sort: 'id' }))).rows.map((row) => row.id);
    const firstByTitle = (await listCriteria(params({ sort: 'title' }))).rows.map((row) => row.id);
    const firstByDate = (await listCriteria(params({ sort: 'updatedAt' }))).rows.map((row) => row.id);
    const ids = async (input: Record<string, unknown>) => (await listCriteria(params(input))).rows.map((row) => row.id);
    expect(await ids({ sort: 'id', after: encodeCursor(1, 1e20) })).toEqual(first);
    expect(await ids({ sort: 'id', after: encodeCursor(2_147_483_648, 1) })).toEqual(first);
    expect(await ids({ sort: 'title', after: encodeCursor('a\u0000b', 1) })).toEqual(firstByTitle);
    expect(await ids({ sort: 'updatedAt', after: encodeCursor('-100000-01-01T00:00:00.000Z', 1) })).toEqual(firstByDate);
    expect(params({ q: 'a\u0000b' }).q).toBeUndefined();
  });
});
