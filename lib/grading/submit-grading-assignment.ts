// Submits a clinician's grading of one response. Every criterion needs a mark: met / not met (and a level where
// the criterion has levels), or "cannot judge". Each met / not-met mark becomes a clinician grade (source CAMPAIGN,
// the clinician's user id as rater, the criterion revision they saw), which the agreement page, the A/B of judges
// and the scores per model then use exactly like imported physician labels; "cannot judge" gives no grade. A
// criterion whose text changed after it was marked is refused (the clinician must look at the new text).
import 'server-only';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { conflict, invalid } from '@/lib/errors';
import { lockGradingAssignment } from '@/lib/grading/lock-grading-assignment';

interface MarkToCheck {
  met: boolean | null;
  level: string | null;
  cannotJudge: boolean;
}

/** Problems with a grading as it would be submitted, by criterion position (1-based); empty when complete. */
export function gradingProblems(criteria: { id: number; levels: unknown }[], marks: Map<number, MarkToCheck>): string[] {
  return criteria.flatMap((criterion, index) => {
    const mark = marks.get(criterion.id);
    const where = `criterion ${index + 1}`;
    if (!mark || (!mark.cannotJudge && mark.met === null)) return [`${where}: mark it met or not met, or “cannot judge”`];
    if (!mark.cannotJudge && (criterion.levels as unknown[]).length > 0 && mark.level === null) return [`${where}: choose a level`];
    return [];
  });
}

export async function submitGradingAssignment({ expertId, assignmentId }: { expertId: string; assignmentId: number }) {
  return await prisma.$transaction(async (tx) => {
    const assignment = await lockGradingAssignment(tx, assignmentId, expertId);
    const [criteria, marks] = await Promise.all([
      tx.criterion.findMany({ where: { id: { in: assignment.criterionOrder } }, select: { id: true, levels: true, revision: true } }),
      tx.gradingMark.findMany({
        where: { assignmentId },
        select: { criterionId: true, met: true, level: true, cannotJudge: true, criterionRevision: true },
      }),
    ]);
    const byId = new Map(criteria.map((criterion) => [criterion.id, criterion]));
    const ordered = assignment.criterionOrder.flatMap((id) => byId.get(id) ?? []);
    const markOf = new Map(marks.map((mark) => [mark.criterionId, mark]));
    const problems = gradingProblems(ordered, markOf);
    if (problems.length) throw invalid(`Not submitted: ${problems.join('; ')}.`);
    const changed = ordered.flatMap((criterion, index) =>
      markOf.get(criterion.id)?.criterionRevision === criterion.revision ? [] : [index + 1],
    );
    if (changed.length)
      throw conflict(`The text of criterion ${changed.join(', ')} changed after you marked it. Read it again and re-mark it.`);

    // The assignment and its response's count in one statement: the progress triggers then see both changes and
    // update every clinician's counters in one ordered pass (two statements would lock this clinician's counter
    // before the others', and two clinicians filling responses at once could deadlock; migration
    // grading_progress_counters).
    const now = new Date();
    await tx.$executeRaw`
      WITH submitted AS (
        UPDATE grading_assignments SET state = 'SUBMITTED', submitted_at = ${now}, last_activity_at = ${now},
               row_version = row_version + 1, updated_at = ${now}
         WHERE id = ${assignment.id}
        RETURNING campaign_id, response_id)
      UPDATE grading_units u SET submitted_count = u.submitted_count + 1
        FROM submitted WHERE u.campaign_id = submitted.campaign_id AND u.response_id = submitted.response_id`;
    const grades = await tx.$executeRaw`
      INSERT INTO clinician_grades (response_id, criterion_id, criterion_revision, met, source, physician_id, campaign_id, updated_at)
      SELECT ${assignment.responseId}, m.criterion_id, m.criterion_revision, m.met, 'CAMPAIGN', ${expertId}, ${assignment.campaignId}, now()
        FROM grading_marks m WHERE m.assignment_id = ${assignment.id} AND NOT m.cannot_judge AND m.met IS NOT NULL
      ON CONFLICT (response_id, criterion_id, physician_id) DO UPDATE
        SET met = EXCLUDED.met, criterion_revision = EXCLUDED.criterion_revision, source = EXCLUDED.source,
            campaign_id = EXCLUDED.campaign_id, category = NULL, import_job_id = NULL, updated_at = EXCLUDED.updated_at`;
    const cannotJudge = marks.filter((mark) => mark.cannotJudge).length;
    await recordEvent(tx, {
      actorId: expertId,
      action: 'grading.submit',
      entityType: 'grading_assignment',
      entityId: assignment.id,
      after: { campaignId: assignment.campaignId, responseId: assignment.responseId, grades, cannotJudge },
    });
    return { grades, cannotJudge };
  });
}
