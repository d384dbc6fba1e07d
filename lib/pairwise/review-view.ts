// THE ONLY MODULE THAT READS PAIRWISE DATA FOR A REVIEWER'S SCREEN. Two invariants live here, on the server:
//  - the reveal: the judge's criteria, choices, evidence and winner are not read, let alone sent, until the
//    reviewer's own preference on the pair is saved (state PREFERENCE_GIVEN or later with a preference);
//  - blindness to provenance: response sources (generator model names), the judge's model and endpoint, other
//    reviewers' judgments and the aggregate of the pair's reviews are never selected.
// Everything is given in the reviewer's display terms: "A" is the response shown on the left to this reviewer
// (the canonical B when their recorded display order is BA). Fields are selected explicitly; the caller's id
// filters every read.
import { prisma } from '@/lib/db';
import type { PairChoice, PairwiseWeightClass, ReviewState } from '@/lib/generated/prisma/enums';
import type { KeyDifference, ReviewerMarkValue } from '@/lib/pairwise/schemas';
import { flipChoice, flipPreference } from '@/lib/pairwise/terms';
import type { Category } from '@/lib/vocabulary/enums';

export interface RevealedCriterion {
  id: number;
  title: string;
  description: string;
  weightClass: PairwiseWeightClass;
  hardFlaw: boolean;
  /** In display terms. */
  choice: PairChoice;
  /** −2..+2 in display terms, positive favouring A (as the judge scores). */
  score: number;
  evidence: string;
}

export interface JudgeReveal {
  /** The judge's overall verdict in display terms. */
  winner: PairChoice | null;
  /** −2..+2, positive favouring A (display terms). */
  score: number | null;
  vetoed: boolean;
  criteria: RevealedCriterion[];
}

export interface ReviewView {
  id: number;
  state: ReviewState;
  rowVersion: number;
  expiresAt: string;
  submittedAt: string | null;
  /** Whether the reviewer may still write (a live reservation). */
  editable: boolean;
  runId: number;
  query: {
    externalId: string;
    category: Category;
    department: string | null;
    language: string;
    conversation: { role: string; content: string }[];
  };
  /** Left (A) then right (B), as this reviewer sees them. */
  responses: { label: 'A' | 'B'; content: string }[];
  /** −2 (A much better) .. +2 (B much better), display terms; null until given. */
  preference: number | null;
  keyDifferences: { aspects: KeyDifference[]; note: string | null };
  /** Null until the preference is saved: the reveal. */
  judge: JudgeReveal | null;
  marks: { criterionId: number; mark: ReviewerMarkValue }[];
  verdictCorrect: boolean | null;
  comment: string | null;
}

function conversationOf(value: unknown): { role: string; content: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((message) => {
    const m = message as { role?: unknown; content?: unknown };
    return { role: String(m.role ?? 'user'), content: String(m.content ?? '') };
  });
}

function keyDifferencesOf(value: unknown): ReviewView['keyDifferences'] {
  const v = (value ?? {}) as { aspects?: unknown; note?: unknown };
  return {
    aspects: Array.isArray(v.aspects) ? (v.aspects.map(String) as KeyDifference[]) : [],
    note: typeof v.note === 'string' ? v.note : null,
  };
}

export async function getReviewerJudgment({
  judgmentId,
  reviewerId,
}: {
  judgmentId: number;
  reviewerId: string;
}): Promise<ReviewView | null> {
  const judgment = await prisma.reviewerJudgment.findFirst({
    where: { id: judgmentId, reviewerId },
    select: {
      id: true,
      state: true,
      rowVersion: true,
      expiresAt: true,
      submittedAt: true,
      displayOrder: true,
      preference: true,
      keyDifferences: true,
      verdictCorrect: true,
      comment: true,
      comparisonId: true,
      marks: { select: { pairwiseCriterionId: true, mark: true } },
      comparison: {
        select: {
          runId: true,
          query: { select: { externalId: true, category: true, department: true, language: true, conversation: true } },
          responseA: { select: { content: true } },
          responseB: { select: { content: true } },
        },
      },
    },
  });
  if (!judgment) return null;
  const order = judgment.displayOrder;
  const { comparison } = judgment;
  const [left, right] = order === 'AB' ? [comparison.responseA, comparison.responseB] : [comparison.responseB, comparison.responseA];
  const revealed = judgment.preference !== null && judgment.state !== 'RESERVED';
  let judge: JudgeReveal | null = null;
  if (revealed) {
    // Read only now: before the preference is saved these rows are not even loaded.
    const verdict = await prisma.pairwiseComparison.findUniqueOrThrow({
      where: { id: judgment.comparisonId },
      select: {
        winner: true,
        aggregateScore: true,
        vetoed: true,
        criteria: {
          orderBy: { position: 'asc' },
          select: {
            id: true,
            title: true,
            description: true,
            weightClass: true,
            hardFlaw: true,
            choice: true,
            score: true,
            evidence: true,
          },
        },
      },
    });
    const flipScore = (score: number) => (order === 'AB' || score === 0 ? score : -score);
    judge = {
      winner: verdict.winner === null ? null : flipChoice(verdict.winner, order),
      score: verdict.aggregateScore === null ? null : flipScore(verdict.aggregateScore),
      vetoed: verdict.vetoed,
      criteria: verdict.criteria.map((criterion) => ({
        ...criterion,
        choice: flipChoice(criterion.choice, order),
        score: flipScore(criterion.score),
      })),
    };
  }
  return {
    id: judgment.id,
    state: judgment.state,
    rowVersion: judgment.rowVersion,
    expiresAt: judgment.expiresAt.toISOString(),
    submittedAt: judgment.submittedAt?.toISOString() ?? null,
    editable: (judgment.state === 'RESERVED' || judgment.state === 'PREFERENCE_GIVEN') && judgment.expiresAt.getTime() > Date.now(),
    runId: comparison.runId ?? 0,
    query: {
      externalId: comparison.query.externalId,
      category: comparison.query.category,
      department: comparison.query.department,
      language: comparison.query.language,
      conversation: conversationOf(comparison.query.conversation),
    },
    responses: [
      { label: 'A', content: left.content },
      { label: 'B', content: right.content },
    ],
    preference: judgment.preference === null ? null : flipPreference(judgment.preference, order),
    keyDifferences: keyDifferencesOf(judgment.keyDifferences),
    judge,
    marks: revealed ? judgment.marks.map((mark) => ({ criterionId: mark.pairwiseCriterionId, mark: mark.mark })) : [],
    verdictCorrect: judgment.verdictCorrect,
    comment: judgment.comment,
  };
}

export interface PairwiseQueue {
  runId: number;
  createdAt: string;
  metaRubricVersion: string | null;
  /** Pairs in the queue (the run's AB comparisons). */
  pairs: number;
  /** Submitted reviews over review slots (pairs × overlap). */
  reviewsDone: number;
  reviewSlots: number;
  mineDone: number;
  /** Pairs this reviewer could still review (not submitted by them, fewer submitted reviews than the overlap). */
  mineRemaining: number;
  /** This reviewer's live reservation in the run, if any. */
  liveJudgmentId: number | null;
}

/** The pairwise runs as reviewer queues, with this reviewer's progress in each (counts only, no verdicts). */
export async function listPairwiseQueues(reviewerId: string): Promise<PairwiseQueue[]> {
  const rows = await prisma.$queryRaw<
    {
      run_id: number;
      created_at: Date;
      version: string | null;
      pairs: number;
      reviews_done: number;
      review_slots: number;
      mine_done: number;
      mine_remaining: number;
      live_id: number | null;
    }[]
  >`
    WITH pairs AS (
      SELECT c.id, c.run_id, c.review_overlap,
             (SELECT count(*)::int FROM reviewer_judgments j WHERE j.comparison_id = c.id AND j.state = 'SUBMITTED') AS submitted,
             EXISTS (SELECT 1 FROM reviewer_judgments j WHERE j.comparison_id = c.id AND j.reviewer_id = ${reviewerId} AND j.state = 'SUBMITTED') AS mine
        FROM pairwise_comparisons c
        JOIN judge_runs r ON r.id = c.run_id AND r.kind = 'PAIRWISE'
       WHERE c.presented_order = 'AB')
    SELECT r.id AS run_id, r.created_at, m.domain || ' v' || v.number AS version,
           count(p.id)::int AS pairs,
           coalesce(sum(p.submitted), 0)::int AS reviews_done,
           coalesce(sum(p.review_overlap), 0)::int AS review_slots,
           count(p.id) FILTER (WHERE p.mine)::int AS mine_done,
           count(p.id) FILTER (WHERE NOT p.mine AND p.submitted < p.review_overlap)::int AS mine_remaining,
           (SELECT j.id FROM reviewer_judgments j JOIN pairwise_comparisons c ON c.id = j.comparison_id
             WHERE c.run_id = r.id AND j.reviewer_id = ${reviewerId} AND j.state IN ('RESERVED', 'PREFERENCE_GIVEN')
               AND j.expires_at > timezone('UTC', now()) ORDER BY j.id LIMIT 1) AS live_id
      FROM judge_runs r
      JOIN pairs p ON p.run_id = r.id
      LEFT JOIN meta_rubric_versions v ON v.id = r.meta_rubric_version_id
      LEFT JOIN meta_rubrics m ON m.id = v.meta_rubric_id
     WHERE r.kind = 'PAIRWISE'
     GROUP BY r.id, r.created_at, m.domain, v.number
     ORDER BY r.id DESC`;
  return rows.map((row) => ({
    runId: row.run_id,
    createdAt: row.created_at.toISOString(),
    metaRubricVersion: row.version,
    pairs: row.pairs,
    reviewsDone: row.reviews_done,
    reviewSlots: row.review_slots,
    mineDone: row.mine_done,
    mineRemaining: row.mine_remaining,
    liveJudgmentId: row.live_id,
  }));
}

export interface MyReview {
  id: number;
  runId: number;
  queryExternalId: string;
  state: ReviewState;
  submittedAt: string | null;
}

/** This reviewer's own judgments, newest first (their history). */
export async function listMyReviews(reviewerId: string, take = 50): Promise<MyReview[]> {
  const rows = await prisma.reviewerJudgment.findMany({
    where: { reviewerId, state: { in: ['SUBMITTED', 'RESERVED', 'PREFERENCE_GIVEN'] } },
    orderBy: { id: 'desc' },
    take,
    select: { id: true, state: true, submittedAt: true, comparison: { select: { runId: true, query: { select: { externalId: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    runId: row.comparison.runId ?? 0,
    queryExternalId: row.comparison.query.externalId,
    state: row.state,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  }));
}
