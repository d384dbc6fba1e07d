// The pairwise analytics: how far reviewers agree with the judge and with each other, whether the judge is
// position-consistent and length-biased, where it agrees less (category, meta-rubric version), and which of
// its criteria reviewers reject. SQL gathers one row per submitted review and per pair (human work, so
// thousands, not millions) and aggregates the criterion marks; the statistics are pure functions
// (lib/pairwise/agreement.ts, lib/stats). Every rate's interval takes the query as the cluster.
import { type Rate, clusteredRate } from '@/lib/analytics/rate';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { PairChoice } from '@/lib/generated/prisma/enums';
import { type Agreement, mtBenchAgreement, pearson, type ReviewerAgreement, reviewerAgreement, type Vote } from '@/lib/pairwise/agreement';
import { judgeClass, type PreferenceClass, preferenceClass } from '@/lib/pairwise/terms';

export const PREFERENCE_CLASSES: readonly PreferenceClass[] = ['A', 'TIE', 'B'];

export interface GroupAgreement extends Agreement {
  key: string;
  pairs: number;
  positionConsistency: Rate;
}

export interface LengthPoint {
  comparisonId: number;
  /** Characters of response B minus response A. */
  lengthDiff: number;
  /** The judge's aggregate score with B positive (−2..+2), the reviewers' scale. */
  judge: number | null;
  /** Mean reviewer preference (−2 A much better .. +2 B much better); null when nobody reviewed the pair. */
  human: number | null;
}

export interface RejectedCriterion {
  title: string;
  marks: number;
  agree: number;
  disagree: number;
  notRelevant: number;
  /** Disagree or not relevant, over all marks. */
  rejected: Rate;
}

export interface PairwiseAnalytics {
  pairs: number;
  reviewedPairs: number;
  reviews: number;
  reviewers: number;
  humanJudge: Agreement;
  /** confusion[h][j]: votes with human class PREFERENCE_CLASSES[h] and judge class PREFERENCE_CLASSES[j]. */
  confusion: number[][];
  reviewerReviewer: ReviewerAgreement;
  positionConsistency: Rate;
  verdictCorrect: Rate;
  marks: { agree: number; disagree: number; notRelevant: number };
  lengthBias: { points: LengthPoint[]; judgeLongerWins: Rate; humanLongerWins: Rate; judgeR: number; humanR: number };
  byCategory: GroupAgreement[];
  byVersion: GroupAgreement[];
  rejectedCriteria: RejectedCriterion[];
}

interface VoteRow {
  reviewer_id: string;
  comparison_id: number;
  query_id: number;
  preference: number;
  verdict_correct: boolean | null;
  winner: PairChoice | null;
  position_consistent: boolean | null;
  category: string;
  version: string;
  length_diff: number;
}

interface PairRow {
  id: number;
  query_id: number;
  winner: PairChoice | null;
  aggregate_score: number | null;
  position_consistent: boolean | null;
  category: string;
  version: string;
  length_diff: number;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function consistency(pairs: readonly PairRow[]): Rate {
  const known = pairs.filter((pair) => pair.position_consistent !== null);
  return clusteredRate(known.map((pair) => ({ cluster: pair.query_id, success: pair.position_consistent === true })));
}

function votesOf(rows: readonly VoteRow[]): Vote[] {
  return rows.flatMap((row) => {
    const judge = judgeClass(row.winner, row.position_consistent);
    return judge === null ? [] : [{ human: preferenceClass(row.preference), judge, queryId: row.query_id }];
  });
}

function groups(votes: readonly VoteRow[], pairs: readonly PairRow[], key: 'category' | 'version'): GroupAgreement[] {
  const votesByKey = groupBy(votes, (row) => row[key]);
  const pairsByKey = groupBy(pairs, (row) => row[key]);
  return [...pairsByKey.keys()].sort().map((value) => ({
    key: value,
    pairs: pairsByKey.get(value)?.length ?? 0,
    positionConsistency: consistency(pairsByKey.get(value) ?? []),
    ...mtBenchAgreement(votesOf(votesByKey.get(value) ?? [])),
  }));
}

/** Of the decided verdicts between responses of different length, the share that picked the longer one. */
function longerWins(items: readonly { queryId: number; lengthDiff: number; side: PreferenceClass | null }[]): Rate {
  const decided = items.filter((item) => item.lengthDiff !== 0 && (item.side === 'A' || item.side === 'B'));
  return clusteredRate(
    decided.map((item) => ({ cluster: item.queryId, success: item.lengthDiff > 0 ? item.side === 'B' : item.side === 'A' })),
  );
}

export async function computePairwiseAnalytics({ runId }: { runId?: number } = {}): Promise<PairwiseAnalytics> {
  const inRun = runId === undefined ? Prisma.empty : Prisma.sql`AND c.run_id = ${runId}`;
  const version = Prisma.sql`coalesce(m.domain || ' v' || v.number, 'no version')`;
  const joins = Prisma.sql`
    JOIN queries q ON q.id = c.query_id
    JOIN responses ra ON ra.id = c.response_a_id
    JOIN responses rb ON rb.id = c.response_b_id
    LEFT JOIN meta_rubric_versions v ON v.id = c.meta_rubric_version_id
    LEFT JOIN meta_rubrics m ON m.id = v.meta_rubric_id`;
  const [voteRows, pairRows, markRows] = await Promise.all([
    prisma.$queryRaw<VoteRow[]>`
      SELECT j.reviewer_id, j.comparison_id, c.query_id, j.preference, j.verdict_correct, c.winner::text AS winner, c.position_consistent,
             q.category::text AS category, ${version} AS version, (length(rb.content) - length(ra.content))::int AS length_diff
        FROM reviewer_judgments j
        JOIN pairwise_comparisons c ON c.id = j.comparison_id ${joins}
       WHERE j.state = 'SUBMITTED' AND j.preference IS NOT NULL ${inRun}
       ORDER BY j.comparison_id, j.reviewer_id`,
    prisma.$queryRaw<PairRow[]>`
      SELECT c.id, c.query_id, c.winner::text AS winner, c.aggregate_score, c.position_consistent, q.category::text AS category,
             ${version} AS version, (length(rb.content) - length(ra.content))::int AS length_diff
        FROM pairwise_comparisons c
        JOIN judge_runs r ON r.id = c.run_id AND r.kind = 'PAIRWISE' ${joins}
       WHERE c.presented_order = 'AB' ${inRun}
       ORDER BY c.id`,
    prisma.$queryRaw<{ key: string; query_id: number; title: string; agree: number; disagree: number; not_relevant: number }[]>`
      SELECT lower(btrim(pc.title)) AS key, c.query_id, min(pc.title) AS title,
             count(*) FILTER (WHERE k.mark = 'AGREE')::int AS agree,
             count(*) FILTER (WHERE k.mark = 'DISAGREE')::int AS disagree,
             count(*) FILTER (WHERE k.mark = 'NOT_RELEVANT')::int AS not_relevant
        FROM reviewer_criterion_marks k
        JOIN reviewer_judgments j ON j.id = k.judgment_id AND j.state = 'SUBMITTED'
        JOIN pairwise_criteria pc ON pc.id = k.pairwise_criterion_id
        JOIN pairwise_comparisons c ON c.id = pc.comparison_id
       WHERE true ${inRun}
       GROUP BY lower(btrim(pc.title)), c.query_id
       ORDER BY lower(btrim(pc.title)), c.query_id`,
  ]);

  const votes = votesOf(voteRows);
  const confusion = PREFERENCE_CLASSES.map((human) =>
    PREFERENCE_CLASSES.map((judge) => votes.filter((vote) => vote.human === human && vote.judge === judge).length),
  );

  const humanMean = new Map<number, number>();
  for (const [comparisonId, rows] of groupBy(voteRows, (row) => String(row.comparison_id))) {
    humanMean.set(Number(comparisonId), rows.reduce((sum, row) => sum + row.preference, 0) / rows.length);
  }
  const points: LengthPoint[] = pairRows.map((pair) => ({
    comparisonId: pair.id,
    lengthDiff: pair.length_diff,
    judge: pair.aggregate_score === null ? null : pair.aggregate_score === 0 ? 0 : -pair.aggregate_score,
    human: humanMean.get(pair.id) ?? null,
  }));
  const marks = markRows.reduce(
    (sum, row) => ({
      agree: sum.agree + row.agree,
      disagree: sum.disagree + row.disagree,
      notRelevant: sum.notRelevant + row.not_relevant,
    }),
    { agree: 0, disagree: 0, notRelevant: 0 },
  );
  const rejectedCriteria = [...groupBy(markRows, (row) => row.key).values()]
    .map((rows) => {
      const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
      const units = rows.flatMap((row) => [
        ...Array.from({ length: row.disagree + row.not_relevant }, () => ({ cluster: row.query_id, success: true })),
        ...Array.from({ length: row.agree }, () => ({ cluster: row.query_id, success: false })),
      ]);
      return {
        title: rows.map((row) => row.title).sort()[0] ?? '',
        marks: units.length,
        agree: sum((row) => row.agree),
        disagree: sum((row) => row.disagree),
        notRelevant: sum((row) => row.not_relevant),
        rejected: clusteredRate(units),
      };
    })
    .filter((row) => row.rejected.count > 0)
    .sort((a, b) => b.rejected.count - a.rejected.count || b.rejected.rate - a.rejected.rate || a.title.localeCompare(b.title))
    .slice(0, 15);
  const withVerdict = voteRows.filter((row) => row.verdict_correct !== null);

  return {
    pairs: pairRows.length,
    reviewedPairs: new Set(voteRows.map((row) => row.comparison_id)).size,
    reviews: voteRows.length,
    reviewers: new Set(voteRows.map((row) => row.reviewer_id)).size,
    humanJudge: mtBenchAgreement(votes),
    confusion,
    reviewerReviewer: reviewerAgreement(
      voteRows.map((row) => ({
        comparisonId: row.comparison_id,
        queryId: row.query_id,
        reviewerId: row.reviewer_id,
        preference: row.preference,
      })),
    ),
    positionConsistency: consistency(pairRows),
    verdictCorrect: clusteredRate(withVerdict.map((row) => ({ cluster: row.query_id, success: row.verdict_correct === true }))),
    marks,
    lengthBias: {
      points,
      judgeLongerWins: longerWins(
        pairRows.map((pair) => ({
          queryId: pair.query_id,
          lengthDiff: pair.length_diff,
          side: judgeClass(pair.winner, pair.position_consistent),
        })),
      ),
      humanLongerWins: longerWins(
        voteRows.map((row) => ({ queryId: row.query_id, lengthDiff: row.length_diff, side: preferenceClass(row.preference) })),
      ),
      judgeR: pearson(points.flatMap((point) => (point.judge === null ? [] : [{ x: point.lengthDiff, y: point.judge }]))),
      humanR: pearson(voteRows.map((row) => ({ x: row.length_diff, y: row.preference }))),
    },
    byCategory: groups(voteRows, pairRows, 'category'),
    byVersion: groups(voteRows, pairRows, 'version'),
    rejectedCriteria,
  };
}
