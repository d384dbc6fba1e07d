// What a reviewer writes on a pair, in two steps that cannot be reordered:
//  1. the blind preference (and key differences), in the reviewer's display terms, stored canonically; it is
//     final once saved, because saving it is what reveals the judge's verdict (lib/pairwise/review-view.ts);
//  2. the audit of the judge: a mark on every one of its criteria, whether its overall verdict is right, and a
//     comment (required when the verdict is wrong). Each mark is stored as it is made (a draft: every reader
//     of marks counts submitted judgments only), so marks survive a failed submit, a reload, and giving the
//     pair back and claiming it again; submitting writes the final set.
// Both check the caller holds the pair (their own judgment, still reserved) and its row version, so a second
// tab can never overwrite silently; both write an audit event in the same transaction.
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { conflict, invalid, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { type DraftMarkInput, type PreferenceInput, RESERVATION_MINUTES, type SubmitReviewInput } from '@/lib/pairwise/schemas';
import { flipPreference } from '@/lib/pairwise/terms';

type Tx = Prisma.TransactionClient;

/** The caller's judgment, row-locked for the rest of the transaction. */
async function lockJudgment(tx: Tx, judgmentId: number, reviewerId: string) {
  const rows = await tx.$queryRaw<{ id: number; state: string; row_version: number; display_order: 'AB' | 'BA'; comparison_id: number }[]>`
    SELECT id, state::text, row_version, display_order::text AS display_order, comparison_id
      FROM reviewer_judgments WHERE id = ${judgmentId} AND reviewer_id = ${reviewerId} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw notFound('A pair reserved for you with this id');
  return row;
}

function expiredMessage(state: string): string {
  return state === 'SUBMITTED'
    ? 'You already submitted your review of this pair.'
    : 'This pair is no longer reserved for you (the reservation expired or you gave it back). Take the next pair from the queue.';
}

export async function savePreference({
  reviewerId,
  input,
}: {
  reviewerId: string;
  input: PreferenceInput;
}): Promise<{ rowVersion: number }> {
  return await prisma.$transaction(async (tx) => {
    const row = await lockJudgment(tx, input.judgmentId, reviewerId);
    if (row.state === 'PREFERENCE_GIVEN') {
      throw conflict('Your preference on this pair is already saved; it cannot change once the judge’s verdict has been shown.');
    }
    if (row.state !== 'RESERVED') throw conflict(expiredMessage(row.state));
    if (row.row_version !== input.rowVersion) throw conflict('This pair was changed in another tab. Reload to see its current state.');
    const preference = flipPreference(input.preference, row.display_order);
    const keyDifferences = { aspects: input.keyDifferences.aspects, note: input.keyDifferences.note ?? null };
    const updated = await tx.$queryRaw<{ row_version: number }[]>`
      UPDATE reviewer_judgments
         SET preference = ${preference}, key_differences = ${JSON.stringify(keyDifferences)}::jsonb, state = 'PREFERENCE_GIVEN',
             preference_at = timezone('UTC', now()), seconds_spent = seconds_spent + ${input.secondsDelta},
             expires_at = GREATEST(expires_at, timezone('UTC', now()) + make_interval(mins => ${RESERVATION_MINUTES}::int)),
             updated_at = timezone('UTC', now()), row_version = row_version + 1
       WHERE id = ${row.id}
       RETURNING row_version`;
    await recordEvent(tx, {
      actorId: reviewerId,
      action: 'pairwise.preference',
      entityType: 'reviewer_judgment',
      entityId: row.id,
      after: { preference, displayOrder: row.display_order, keyDifferences },
    });
    return { rowVersion: updated[0]?.row_version ?? row.row_version + 1 };
  });
}

export async function saveDraftMark({ reviewerId, input }: { reviewerId: string; input: DraftMarkInput }): Promise<{ saved: true }> {
  return await prisma.$transaction(async (tx) => {
    const row = await lockJudgment(tx, input.judgmentId, reviewerId);
    if (row.state === 'RESERVED') throw conflict('Give your own preference first; the judge’s verdict is shown after it.');
    if (row.state !== 'PREFERENCE_GIVEN') throw conflict(expiredMessage(row.state));
    const criterion = await tx.pairwiseCriterion.findFirst({
      where: { id: input.criterionId, comparisonId: row.comparison_id },
      select: { id: true },
    });
    if (!criterion) throw invalid(`Criterion ${input.criterionId} does not belong to this pair.`);
    await tx.$executeRaw`
      INSERT INTO reviewer_criterion_marks (judgment_id, pairwise_criterion_id, mark)
      VALUES (${row.id}, ${criterion.id}, ${input.mark}::"ReviewerMark")
      ON CONFLICT (judgment_id, pairwise_criterion_id) DO UPDATE SET mark = EXCLUDED.mark`;
    return { saved: true as const };
  });
}

export async function submitReview({
  reviewerId,
  input,
}: {
  reviewerId: string;
  input: SubmitReviewInput;
}): Promise<{ rowVersion: number }> {
  return await prisma.$transaction(async (tx) => {
    const row = await lockJudgment(tx, input.judgmentId, reviewerId);
    if (row.state === 'RESERVED') throw conflict('Give your own preference first; the judge’s verdict is shown after it.');
    if (row.state !== 'PREFERENCE_GIVEN') throw conflict(expiredMessage(row.state));
    if (row.row_version !== input.rowVersion) throw conflict('This pair was changed in another tab. Reload to see its current state.');
    const criteria = await tx.pairwiseCriterion.findMany({ where: { comparisonId: row.comparison_id }, select: { id: true } });
    const marks = new Map(input.marks.map((mark) => [mark.criterionId, mark.mark]));
    const fieldErrors: Record<string, string[]> = {};
    for (const criterion of criteria) {
      if (!marks.has(criterion.id)) fieldErrors[`criterion.${criterion.id}`] = ['Mark this criterion: agree, disagree or not relevant'];
    }
    const known = new Set(criteria.map((criterion) => criterion.id));
    const stray = input.marks.filter((mark) => !known.has(mark.criterionId));
    if (stray.length > 0) throw invalid(`Criterion ${stray[0]?.criterionId} does not belong to this pair.`);
    if (Object.keys(fieldErrors).length > 0) {
      throw invalid(`Mark every criterion of the judge (${Object.keys(fieldErrors).length} left).`, fieldErrors);
    }
    // The drafts give way to the submitted set.
    await tx.reviewerCriterionMark.deleteMany({ where: { judgmentId: row.id } });
    await tx.reviewerCriterionMark.createMany({
      data: criteria.map((criterion) => ({
        judgmentId: row.id,
        pairwiseCriterionId: criterion.id,
        mark: marks.get(criterion.id) ?? 'AGREE',
      })),
    });
    const updated = await tx.reviewerJudgment.update({
      where: { id: row.id },
      data: {
        state: 'SUBMITTED',
        verdictCorrect: input.verdictCorrect,
        comment: input.comment ?? null,
        submittedAt: new Date(),
        secondsSpent: { increment: input.secondsDelta },
        rowVersion: { increment: 1 },
      },
      select: { rowVersion: true },
    });
    await recordEvent(tx, {
      actorId: reviewerId,
      action: 'pairwise.submit',
      entityType: 'reviewer_judgment',
      entityId: row.id,
      after: { verdictCorrect: input.verdictCorrect, comment: input.comment ?? null, marks: Object.fromEntries(marks) },
    });
    return { rowVersion: updated.rowVersion };
  });
}
