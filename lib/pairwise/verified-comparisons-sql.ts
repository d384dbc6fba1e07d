// The one definition of a reviewer-verified comparison, as SQL to embed in a WITH clause, so the export of
// verified pairs and the rubric discriminability figures never disagree on which pairs the reviewers settled:
// at least `minReviewers` reviewers submitted a preference on the comparison and all of them preferred the same
// response (no tie). Columns: comparison_id, reviewers, side (−1: A preferred, +1: B preferred, canonical
// terms), strength (mean |preference|) and marked_correct (reviewers who marked the judge's verdict correct).
import { Prisma } from '@/lib/generated/prisma/client';

export function verifiedComparisonsSql({ minReviewers = 1 }: { minReviewers?: number } = {}): Prisma.Sql {
  return Prisma.sql`
    SELECT rv.comparison_id, rv.reviewers, rv.lo AS side, rv.strength, rv.marked_correct
      FROM (SELECT j.comparison_id, count(*)::int AS reviewers, min(sign(j.preference))::int AS lo,
                   max(sign(j.preference))::int AS hi, avg(abs(j.preference))::float8 AS strength,
                   count(*) FILTER (WHERE j.verdict_correct)::int AS marked_correct
              FROM reviewer_judgments j
             WHERE j.state = 'SUBMITTED' AND j.preference IS NOT NULL
             GROUP BY j.comparison_id) rv
     WHERE rv.reviewers >= ${minReviewers} AND rv.lo = rv.hi AND rv.lo <> 0`;
}
