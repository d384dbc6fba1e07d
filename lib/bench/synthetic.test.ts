import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRandom } from '@/lib/bench/prng';
import {
  CRITERION_TAGS,
  DEPARTMENTS,
  QUARK_SCALE,
  csvCell,
  generateSyntheticQueries,
  rawCsvRows,
  syntheticJsonLines,
  syntheticTotals,
} from '@/lib/bench/synthetic';
import { nativeQuerySchema } from '@/lib/import/native-schema';
import { normalizeQuery } from '@/lib/import/normalized';

function hashLines(lines: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line);
  return hash.digest('hex');
}

describe('mulberry32 random', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const first = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    const c = createRandom(7);
    for (let i = 0; i < 1000; i++) {
      const value = c.int(3, 7);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(7);
    }
    const sample = c.sample(['a', 'b', 'c', 'd'], 3);
    expect(new Set(sample).size).toBe(3);
  });
});

describe('syntheticTotals', () => {
  it('is QuarkMedBench at scale 1 and rounds scaled totals', () => {
    expect(syntheticTotals(1)).toEqual({ queries: 24_674, multiTurn: 3_853, criteria: 220_617 });
    expect(syntheticTotals(0.1)).toEqual({ queries: 2_467, multiTurn: 385, criteria: 22_062 });
    expect(() => syntheticTotals(0)).toThrow();
    expect(() => syntheticTotals(0.00001)).toThrow(/no queries/);
  });
});

describe('generateSyntheticQueries', () => {
  it('is deterministic: the same seed gives the same bytes, another seed different ones', () => {
    const first = hashLines(syntheticJsonLines({ scale: 0.01, seed: 7 }));
    expect(hashLines(syntheticJsonLines({ scale: 0.01, seed: 7 }))).toBe(first);
    expect(hashLines(syntheticJsonLines({ scale: 0.01, seed: 8 }))).not.toBe(first);
  });

  it('hits the exact totals at a small scale, and every line is a valid native record', () => {
    const scale = 0.02;
    const totals = syntheticTotals(scale);
    let queries = 0;
    let multiTurn = 0;
    let criteria = 0;
    const ids = new Set<string>();
    for (const line of syntheticJsonLines({ scale })) {
      const parsed = nativeQuerySchema.safeParse(JSON.parse(line));
      expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
      if (!parsed.success) continue;
      const query = parsed.data;
      ids.add(query.id);
      queries += 1;
      criteria += query.criteria.length;
      expect(query.criteria.length).toBeGreaterThanOrEqual(8);
      expect(query.criteria.length).toBeLessThanOrEqual(12);
      if (query.conversation.length > 1) {
        multiTurn += 1;
        expect(query.conversation.length).toBeGreaterThanOrEqual(3);
        expect(query.conversation.length).toBeLessThanOrEqual(7);
        expect(query.conversation.at(-1)?.role).toBe('user');
      }
      expect(normalizeQuery(query).ok).toBe(true);
    }
    expect({ queries, multiTurn, criteria }).toEqual(totals);
    expect(ids.size).toBe(totals.queries);
  });

  it('hits the exact totals at full QuarkMedBench scale', () => {
    let queries = 0;
    let multiTurn = 0;
    let criteria = 0;
    for (const query of generateSyntheticQueries({ scale: 1 })) {
      queries += 1;
      if (query.conversation.length > 1) multiTurn += 1;
      criteria += query.criteria.length;
    }
    expect({ queries, multiTurn, criteria }).toEqual(QUARK_SCALE);
  });

  it('looks like QuarkMedBench: tiers, lengths, levels, tags, red lines, languages, categories, provenance', () => {
    const queries = [...generateSyntheticQueries({ scale: 0.05 })];
    const criteria = queries.flatMap((query) => query.criteria);
    const share = (count: number, of: number) => count / of;
    expect(new Set(criteria.map((c) => c.tier))).toEqual(new Set(['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL']));
    for (const c of criteria) {
      expect(c.title.length, c.title).toBeGreaterThanOrEqual(30);
      expect(c.title.length, c.title).toBeLessThanOrEqual(90);
      expect(c.description.length, c.description).toBeGreaterThanOrEqual(80);
      expect(c.description.length, c.description).toBeLessThanOrEqual(400);
      expect(c.levels).toHaveLength(3);
      expect(c.tags.length).toBeGreaterThanOrEqual(1);
      expect(c.tags.length).toBeLessThanOrEqual(3);
      expect(c.provenance?.generatorModels.length).toBeGreaterThanOrEqual(1);
      expect(c.tier === 'PITFALL' ? c.points < 0 : c.points > 0).toBe(true);
    }
    expect(CRITERION_TAGS.length).toBeGreaterThanOrEqual(35);
    expect(new Set(criteria.flatMap((c) => c.tags)).size).toBe(CRITERION_TAGS.length);
    const redLines = share(criteria.filter((c) => c.redLine).length, criteria.length);
    expect(redLines).toBeGreaterThan(0.02);
    expect(redLines).toBeLessThan(0.04);
    const chinese = share(queries.filter((q) => q.language === 'zh').length, queries.length);
    expect(chinese).toBeGreaterThan(0.15);
    expect(chinese).toBeLessThan(0.25);
    const zhQuery = queries.find((q) => q.language === 'zh');
    expect(zhQuery?.criteria[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    expect(new Set(queries.map((q) => q.category)).size).toBe(3);
    expect(new Set(queries.map((q) => q.department))).toEqual(new Set(DEPARTMENTS));
  });
});

describe('COPY-ready CSV', () => {
  it('encodes NULL, numbers, booleans, text arrays and jsonb like the importer stages them', () => {
    expect(csvCell('department', null)).toBe('');
    expect(csvCell('points', -2.5)).toBe('-2.5');
    expect(csvCell('red_line', true)).toBe('t');
    expect(csvCell('title', 'say "no"')).toBe('"say ""no"""');
    expect(csvCell('tags', ['a"b', 'c\\d'])).toBe('"{""a\\""b"",""c\\\\d""}"');
    expect(csvCell('levels', [{ label: 'x' }])).toBe('"[{""label"":""x""}]"');
  });

  it('gives the same rows (keys, hashes, JSON) for a generated query as for its imported copy', () => {
    const ids = { datasetId: 1, queryId: 1, firstCriterionId: 1 };
    for (const query of generateSyntheticQueries({ scale: 0.002 })) {
      const generated = normalizeQuery(query);
      const imported = normalizeQuery(nativeQuerySchema.parse(JSON.parse(JSON.stringify(query))));
      if (!generated.ok || !imported.ok) throw new Error('does not normalise');
      expect(rawCsvRows(generated.value, ids)).toEqual(rawCsvRows(imported.value, ids));
      const rows = rawCsvRows(generated.value, ids);
      expect(rows.queries.split('\n').filter(Boolean)).toHaveLength(1);
      expect(rows.criteria.split('\n').filter(Boolean)).toHaveLength(query.criteria.length);
      expect(rows.criterion_provenance.split('\n').filter(Boolean)).toHaveLength(query.criteria.length);
    }
  });
});
