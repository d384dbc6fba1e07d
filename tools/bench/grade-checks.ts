// What a GRADE run left behind, counted in SQL: the judge bench's and the stress run's proof that every task
// got exactly one grade.
import type { Queryable } from '@/tools/fixtures/queryable';

export interface GradeChecks {
  tasks: number;
  succeeded: number;
  grades: number;
  /** (run, response, criterion) with more than one Grade. */
  duplicated: number;
  /** Tasks whose (response, criterion) has no Grade or more than one. */
  notOneGrade: number;
}

/** What a GRADE run left behind, counted in SQL. */
export async function gradeChecks(db: Queryable, runId: number): Promise<GradeChecks> {
  const result = await db.query<GradeChecks>(
    `SELECT (SELECT count(*)::int FROM judge_tasks WHERE run_id = $1) AS tasks,
            (SELECT count(*)::int FROM judge_tasks WHERE run_id = $1 AND status = 'SUCCEEDED') AS succeeded,
            (SELECT count(*)::int FROM grades WHERE run_id = $1) AS grades,
            (SELECT count(*)::int FROM (SELECT 1 FROM grades WHERE run_id = $1 GROUP BY response_id, criterion_id HAVING count(*) > 1) d)
              AS duplicated,
            (SELECT count(*)::int FROM judge_tasks t
              WHERE t.run_id = $1
                AND (SELECT count(*) FROM grades g
                      WHERE g.run_id = t.run_id AND g.response_id = (t.payload->>'responseId')::int
                        AND g.criterion_id = (t.payload->>'criterionId')::int) <> 1) AS "notOneGrade"`,
    [runId],
  );
  return result.rows[0] as GradeChecks;
}
