import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';

describe('first-start demo data', () => {
  it('creates users, two active meta-rubrics and the demo dataset once, through the import path', async () => {
    const lines: string[] = [];
    expect(await seedDemo({ log: (line) => lines.push(line) })).toBe(true);
    expect(await prisma.user.count()).toBe(6);
    const versions = await prisma.metaRubricVersion.findMany({ include: { metaRubric: true } });
    expect(versions.map((v) => [v.metaRubric.domain, v.number, v.status]).sort()).toEqual([
      ['general-medicine', 1, 'ACTIVE'],
      ['pediatrics', 1, 'ACTIVE'],
    ]);
    const queries = await prisma.query.findMany({ include: { _count: { select: { criteria: true, responses: true } } } });
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(queries.map((q) => q.category)).size).toBe(3);
    expect(queries.filter((q) => q.turnCount > 1).length).toBeGreaterThanOrEqual(5);
    expect(queries.filter((q) => q.language === 'zh').length).toBeGreaterThanOrEqual(1);
    for (const query of queries) {
      expect(query._count.criteria).toBeGreaterThanOrEqual(8);
      expect(query._count.criteria).toBeLessThanOrEqual(12);
      expect(query._count.responses).toBe(2);
    }
    const tiers = await prisma.criterion.groupBy({ by: ['tier'], _count: true });
    expect(tiers.map((t) => t.tier).sort()).toEqual(['ESSENTIAL', 'HIGHLIGHT', 'IMPORTANT', 'PITFALL']);
    expect(await prisma.criterion.count({ where: { redLine: true } })).toBeGreaterThan(3);
    // Provenance links to the loaded meta-rubric version.
    expect(await prisma.criterionProvenance.count({ where: { metaRubricVersionId: null } })).toBe(0);
    expect(await prisma.importJob.findFirstOrThrow()).toMatchObject({ status: 'SUCCEEDED' });
    // A second start adds nothing.
    expect(await seedDemo({ log: () => {} })).toBe(false);
    expect(await prisma.query.count()).toBe(queries.length);
  });
});
