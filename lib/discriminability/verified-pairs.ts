// The pairs of responses whose order humans settled, which every rubric discriminability figure is measured on:
// reviewer-verified pairwise comparisons (lib/pairwise/verified-comparisons-sql.ts, the export's definition) and
// pairs of one query whose clinician-graded HealthBench scores differ by at least a threshold (the app's assumption).
import 'server-only';
import { pgPool, prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { healthbenchScoreFromSums } from '@/lib/judge/scoring';
import { verifiedComparisonsSql } from '@/lib/pairwise/verified-comparisons-sql';
import { DEFAULT_MIN_GRADE_DIFFERENCE } from '@/lib/discriminability/constants';

export interface VerifiedPair {
  queryId: number;
  preferredResponseId: number;
  otherResponseId: number;
  /** 'reviewers': a pairwise comparison whose submitted reviews all preferred the same response (as lib/pairwise/export-verified-pairs.ts defines it); 'clinician-grades': two responses of one query whose clinician-graded scores differ clearly. */
  basis: 'reviewers' | 'clinician-grades';
  comparisonId: number | null;
}

export { DEFAULT_MIN_GRADE_DIFFERENCE };

export interface VerifiedPairOptions {
  datasetId?: number;
  /** Smallest difference of clinician-graded scores that verifies a pair (default DEFAULT_MIN_GRADE_DIFFERENCE). */
  minGradeDifference?: number;
}

const key = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * One row per unordered response pair whose every verified comparison (any run, either presented order) names the
 * same preferred response; a pair whose verified comparisons disagree is not verified. comparisonId: the lowest.
 */
async function reviewerPairs(datasetId: number | undefined): Promise<VerifiedPair[]> {
  const inDataset = datasetId === undefined ? Prisma.empty : Prisma.sql`WHERE q.dataset_id = ${datasetId}`;
  const rows = await prisma.$queryRaw<{ query_id: number; preferred: number; other: number; comparison_id: number }[]>`
    WITH rv AS (${verifiedComparisonsSql()}),
    v AS (SELECT c.id, c.query_id,
                 CASE WHEN rv.side < 0 THEN c.response_a_id ELSE c.response_b_id END AS preferred,
                 CASE WHEN rv.side < 0 THEN c.response_b_id ELSE c.response_a_id END AS other
            FROM rv JOIN pairwise_comparisons c ON c.id = rv.comparison_id JOIN queries q ON q.id = c.query_id ${inDataset})
    SELECT min(query_id) AS query_id, min(preferred) AS preferred, min(other) AS other, min(id) AS comparison_id
      FROM v
     GROUP BY least(preferred, other), greatest(preferred, other)
    HAVING count(DISTINCT preferred) = 1
     ORDER BY 1, 2, 3`;
  return rows.map((row) => ({
    queryId: row.query_id,
    preferredResponseId: row.preferred,
    otherResponseId: row.other,
    basis: 'reviewers',
    comparisonId: row.comparison_id,
  }));
}

/**
 * The clinician-graded HealthBench score of every non-ideal response whose every criterion (not rejected) has a
 * clinician label (the strict majority of the clinicians' labels, as lib/model-scores defines it: clinicianMajority),
 * among the responses that can make a pair: those of queries with at least two such responses labelled. HealthBench's
 * two sums are added up in SQL per response (healthbenchScoreFromSums divides them), so a campaign's 100,000 labels
 * are not sent one row per criterion.
 */
async function clinicianScores(datasetId: number | undefined): Promise<Map<number, { queryId: number; score: number }>> {
  const { rows } = await pgPool().query<{ response_id: number; query_id: number; achieved: number; possible: number }>(
    `WITH labelled AS (SELECT id, query_id FROM responses WHERE id IN (SELECT response_id FROM clinician_grades) AND NOT is_ideal)
     SELECT response_id, query_id, coalesce(sum(points) FILTER (WHERE 2 * met_count > labels), 0)::float8 AS achieved,
            coalesce(sum(points) FILTER (WHERE points > 0), 0)::float8 AS possible
       FROM (SELECT r.id AS response_id, r.query_id, c.points, count(*) FILTER (WHERE l.met) AS met_count, count(l.met) AS labels
               FROM responses r
               JOIN criteria c ON c.query_id = r.query_id AND c.status <> 'REJECTED' AND ($1::int IS NULL OR c.dataset_id = $1)
               LEFT JOIN clinician_grades l ON l.response_id = r.id AND l.criterion_id = c.id
              WHERE r.id IN (SELECT id FROM labelled) AND r.query_id IN (SELECT query_id FROM labelled GROUP BY 1 HAVING count(*) > 1)
              GROUP BY r.id, c.id) item
      GROUP BY response_id, query_id
     -- Every criterion labelled, by a strict majority (an even split or no label leaves the score undefined).
     HAVING bool_and(2 * met_count <> labels)`,
    [datasetId ?? null],
  );
  const scores = new Map<number, { queryId: number; score: number }>();
  for (const row of rows) {
    const score = healthbenchScoreFromSums(row.achieved, row.possible);
    if (!Number.isNaN(score)) scores.set(row.response_id, { queryId: row.query_id, score });
  }
  return scores;
}

async function clinicianPairs(datasetId: number | undefined, minDifference: number): Promise<VerifiedPair[]> {
  const byQuery = new Map<number, { id: number; score: number }[]>();
  for (const [id, { queryId, score }] of await clinicianScores(datasetId)) {
    byQuery.set(queryId, [...(byQuery.get(queryId) ?? []), { id, score }]);
  }
  const pairs: VerifiedPair[] = [];
  for (const [queryId, responses] of byQuery) {
    for (const [index, a] of responses.entries()) {
      for (const b of responses.slice(index + 1)) {
        if (Math.abs(a.score - b.score) < minDifference) continue;
        const [preferred, other] = a.score > b.score ? [a, b] : [b, a];
        pairs.push({
          queryId,
          preferredResponseId: preferred.id,
          otherResponseId: other.id,
          basis: 'clinician-grades',
          comparisonId: null,
        });
      }
    }
  }
  return pairs;
}

/**
 * Every verified pair, one per unordered response pair: the reviewers' verdict wins over the clinicians' grades
 * when both exist (even when they disagree: the reviewers compared the two directly). Ordered by query, then
 * preferred and other response id.
 */
export async function listVerifiedPairs(options: VerifiedPairOptions = {}): Promise<VerifiedPair[]> {
  const minDifference = options.minGradeDifference ?? DEFAULT_MIN_GRADE_DIFFERENCE;
  if (!(minDifference > 0)) throw new RangeError(`the smallest clear grade difference must be > 0, got ${minDifference}`);
  const [reviewers, clinicians] = await Promise.all([reviewerPairs(options.datasetId), clinicianPairs(options.datasetId, minDifference)]);
  const seen = new Set(reviewers.map((pair) => key(pair.preferredResponseId, pair.otherResponseId)));
  const pairs = [...reviewers, ...clinicians.filter((pair) => !seen.has(key(pair.preferredResponseId, pair.otherResponseId)))];
  return pairs.sort(
    (x, y) => x.queryId - y.queryId || x.preferredResponseId - y.preferredResponseId || x.otherResponseId - y.otherResponseId,
  );
}
