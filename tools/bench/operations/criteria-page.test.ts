import { describe, expect, it } from 'vitest';
import { COMBOS, buildRequestPlan, rawPageSql } from '@/tools/bench/operations/criteria-page';

describe('buildRequestPlan', () => {
  it('gives 200 requests over every filter combination, walking one to four pages deep', () => {
    const plan = buildRequestPlan(7);
    expect(plan).toHaveLength(200);
    expect(new Set(plan.map((request) => request.combo))).toEqual(new Set(COMBOS));
    expect(plan[0]?.page).toBe(0);
    plan.forEach((request, index) => {
      // A page > 0 continues the walk of the request before it.
      if (request.page > 0) {
        expect(plan[index - 1]?.page).toBe(request.page - 1);
        expect(plan[index - 1]?.params).toBe(request.params);
      }
      expect(request.page).toBeLessThan(4);
    });
    expect(new Set(plan.map((request) => request.page))).toEqual(new Set([0, 1, 2, 3]));
    expect(plan.filter((request) => request.params.dataset !== undefined).every((request) => request.params.dataset === 7)).toBe(true);
    expect(buildRequestPlan(7)).toEqual(plan);
  });
});

describe('rawPageSql', () => {
  it('binds every filter, the keyset cursor after them, and keeps the count free of the cursor', () => {
    const sql = rawPageSql(
      { combo: 'x', page: 1, params: { category: 'CLINICAL_CARE', q: '50%_off', sort: 'points', dir: 'desc' } },
      { value: 4.5, id: 99 },
    );
    const [page, values] = sql.page;
    expect(page).toContain('c.category = $1::"QueryCategory"');
    expect(page).toContain(
      '(c.id, c.revision) IN (SELECT r.criterion_id, r.revision FROM criterion_revisions r WHERE (r.title ILIKE $2 OR r.description ILIKE $2) AND r.category = $1::"QueryCategory")',
    );
    expect(page).toContain('AND (c.points, c.id) < ($3::float8, $4)');
    expect(page).toContain('ORDER BY c.points DESC, c.id DESC');
    expect(page).toContain('LIMIT 51');
    expect(values).toEqual(['CLINICAL_CARE', '%50\\%\\_off%', 4.5, 99]);
    const [count, countValues] = sql.count;
    expect(count).not.toContain('$3');
    expect(countValues).toEqual(['CLINICAL_CARE', '%50\\%\\_off%']);
  });
});
