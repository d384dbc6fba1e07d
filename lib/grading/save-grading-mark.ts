// Autosave of one criterion's mark on a clinician's grading assignment, with optimistic concurrency: a write
// based on an outdated rowVersion (another tab saved meanwhile) is refused and the stored mark returned, so the
// screen tells the clinician and nothing is overwritten. Each save slides the reservation's expiry. Marks before
// submission are drafts, not audit events (the submission is one).
import 'server-only';
import { prisma } from '@/lib/db';
import { invalid } from '@/lib/errors';
import { type OwnGradingMark, OWN_MARK_FIELDS } from '@/lib/grading/grader-view';
import { lockGradingAssignment } from '@/lib/grading/lock-grading-assignment';
import type { GradingMarkInput } from '@/lib/grading/schemas';

export type SaveGradingMarkResult = { status: 'saved'; mark: OwnGradingMark } | { status: 'conflict'; current: OwnGradingMark | null };

export async function saveGradingMark({ expertId, input }: { expertId: string; input: GradingMarkInput }): Promise<SaveGradingMarkResult> {
  return await prisma.$transaction(async (tx) => {
    const assignment = await lockGradingAssignment(tx, input.assignmentId, expertId);
    if (!assignment.criterionOrder.includes(input.criterionId))
      throw invalid('This criterion is not part of the response you are grading.');
    const criterion = await tx.criterion.findUniqueOrThrow({ where: { id: input.criterionId }, select: { revision: true, levels: true } });
    const labels = (criterion.levels as { label: string }[]).map((level) => level.label);
    if (input.level !== null && !labels.includes(input.level)) {
      throw invalid('Choose one of the criterion’s levels.', {
        level: [`one of: ${labels.join(', ') || 'none (this criterion has no levels)'}`],
      });
    }
    const key = { assignmentId_criterionId: { assignmentId: assignment.id, criterionId: input.criterionId } };
    const current = await tx.gradingMark.findUnique({ where: key, select: OWN_MARK_FIELDS });
    if ((current?.rowVersion ?? 0) !== input.rowVersion) return { status: 'conflict', current };
    const fields = {
      met: input.cannotJudge ? null : input.met,
      level: input.cannotJudge ? null : input.level,
      cannotJudge: input.cannotJudge,
      comment: input.comment?.trim() ? input.comment : null,
      criterionRevision: criterion.revision,
    };
    const mark = current
      ? await tx.gradingMark.update({ where: key, data: { ...fields, rowVersion: { increment: 1 } }, select: OWN_MARK_FIELDS })
      : await tx.gradingMark.create({
          data: { ...fields, assignmentId: assignment.id, criterionId: input.criterionId },
          select: OWN_MARK_FIELDS,
        });
    await tx.gradingAssignment.update({
      where: { id: assignment.id },
      data: {
        lastActivityAt: new Date(),
        expiresAt: new Date(Date.now() + assignment.reservationMinutes * 60_000),
        ...(input.cursor !== undefined ? { cursor: input.cursor } : {}),
      },
    });
    return { status: 'saved', mark };
  });
}
