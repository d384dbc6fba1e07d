// The meta-evaluation benchmark on a small run: the fixture gives every item 3 labels from 3 different physicians,
// and the hand-written statement (the raw side) counts exactly what computeMetaEvaluation counts.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeMetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { buildGradedRun, compareWithRaw, type GradedRun, RAW_SQL } from '@/tools/bench/operations/meta-eval';

let pool: pg.Pool;
let run: GradedRun;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  run = await buildGradedRun(pool, { items: 250, seed: 3 });
});

afterAll(async () => {
  await pool.end();
});

describe('meta-eval benchmark', () => {
  it('builds the items asked for, each with 3 labels from 3 physicians', async () => {
    expect(run.items).toBe(250);
    expect(run.labels).toBe(750);
    const spread = await pool.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM (SELECT response_id, criterion_id FROM clinician_grades
        GROUP BY 1, 2 HAVING count(DISTINCT physician_id) <> 3) x`,
    );
    expect(spread.rows[0]?.bad).toBe(0);
  });

  it('the raw statement counts what computeMetaEvaluation counts, and a difference would be reported', async () => {
    const evaluation = await computeMetaEvaluation({ runId: run.runId });
    const raw = (await pool.query(RAW_SQL, [run.runId])).rows;
    expect(compareWithRaw(evaluation, raw)).toEqual([]);
    expect(evaluation.total.judge.balancedF1.value).toBeGreaterThan(0.6);
    const tampered = raw.map((row) => (row.physician_id === null && row.category === '' ? { ...row, tp: row.tp + 1 } : row));
    expect(compareWithRaw(evaluation, tampered)).toEqual([expect.stringMatching(/^judge, total/)]);
  });
});
