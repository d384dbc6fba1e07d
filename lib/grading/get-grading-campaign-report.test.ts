// The grading campaign's admin page data on real PostgreSQL: every figure equals a count written here in SQL over
// the stored marks, assignments and grades (a campaign worked part-way: submitted, in progress, comments, cannot judge).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { claimGradingResponse } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { getGradingCampaignReport } from '@/lib/grading/get-grading-campaign-report';
import { getGradingAssignment } from '@/lib/grading/grader-view';
import { saveGradingMark } from '@/lib/grading/save-grading-mark';
import { createGradingCampaignSchema, gradingMarkSchema } from '@/lib/grading/schemas';
import { submitGradingAssignment } from '@/lib/grading/submit-grading-assignment';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
});

async function claimed(campaignId: number, expertId: string): Promise<number> {
  const result = await claimGradingResponse({ campaignId, expertId });
  if (result.kind === 'none') throw new Error(`nothing to claim: ${result.reason}`);
  return result.assignmentId;
}

/** Marks every criterion: the first cannot judge (with a comment), the rest met / not met in turn. */
async function markAll(assignmentId: number, expertId: string, comment: string) {
  const view = await getGradingAssignment({ assignmentId, expertId });
  if (!view) throw new Error('no assignment');
  for (const [index, criterion] of view.criteria.entries()) {
    const saved = await saveGradingMark({
      expertId,
      input: gradingMarkSchema.parse({
        assignmentId,
        criterionId: criterion.id,
        rowVersion: 0,
        ...(index === 0 ? { cannotJudge: true, comment } : { met: index % 2 === 0, level: criterion.levels[0]?.label ?? null }),
      }),
    });
    expect(saved.status).toBe('saved');
  }
}

describe('grading campaign report', () => {
  it('equals the database: progress per clinician, marks per tier, comments, runs over the dataset', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()] as const;
    await prisma.user.createMany({
      data: ids.map((id, i) => ({ id, email: `r-${id}@test.local`, name: `Reporter ${i}`, role: 'EXPERT' as const })),
    });
    const campaign = await createGradingCampaign({
      actor: admin,
      input: createGradingCampaignSchema.parse({
        name: `Report ${randomUUID().slice(0, 8)}`,
        overlapK: 2,
        expertIds: [...ids],
        selection: { datasetId, responses: 3, seed: 5 },
      }),
    });
    // Clinician 0 submits two responses; clinician 1 submits one and holds one with a draft comment; 2 does nothing.
    for (const _ of [0, 1]) {
      const assignment = await claimed(campaign.id, ids[0]);
      await markAll(assignment, ids[0], `first clinician ${assignment}`);
      await submitGradingAssignment({ expertId: ids[0], assignmentId: assignment });
    }
    const done = await claimed(campaign.id, ids[1]);
    await markAll(done, ids[1], 'second clinician, submitted');
    await submitGradingAssignment({ expertId: ids[1], assignmentId: done });
    const draft = await claimed(campaign.id, ids[1]);
    await markAll(draft, ids[1], 'second clinician, draft');

    // A grading run over the dataset that graded one item clinicians graded, and one that graded nothing of theirs.
    const grade = await prisma.clinicianGrade.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const run = await prisma.judgeRun.create({
      data: { kind: 'GRADE', params: {}, scope: {}, promptTemplate: 'grade', promptVersion: 'v1', status: 'SUCCEEDED' },
    });
    await prisma.grade.create({
      data: { runId: run.id, responseId: grade.responseId, criterionId: grade.criterionId, met: true, pointsAwarded: 1, explanation: 'e' },
    });

    const report = await getGradingCampaignReport({ campaignId: campaign.id });
    if (!report) throw new Error('no report');

    const [counts] = await prisma.$queryRaw<{ responses: number; marks: number; comments: number; grades: number; done: number }[]>`
      SELECT (SELECT count(*)::int FROM grading_units WHERE campaign_id = ${campaign.id}) AS responses,
             (SELECT count(*)::int FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id
               WHERE a.campaign_id = ${campaign.id}) AS marks,
             (SELECT count(*)::int FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id
               WHERE a.campaign_id = ${campaign.id} AND m.comment IS NOT NULL) AS comments,
             (SELECT count(*)::int FROM clinician_grades WHERE campaign_id = ${campaign.id}) AS grades,
             (SELECT count(*)::int FROM grading_assignments WHERE campaign_id = ${campaign.id} AND state = 'SUBMITTED') AS done`;
    expect(report).toMatchObject({
      responses: counts?.responses,
      marks: counts?.marks,
      comments: counts?.comments,
      clinicianGrades: counts?.grades,
      gradingsDone: counts?.done,
      gradingsTotal: 3 * 2,
    });
    expect(counts?.comments).toBe(4);
    expect(report.commentList.map((c) => c.comment).sort()).toEqual(
      (await prisma.gradingMark.findMany({ where: { assignment: { campaignId: campaign.id }, comment: { not: null } } }))
        .map((m) => m.comment)
        .sort(),
    );
    expect(report.commentList.find((c) => c.comment === 'second clinician, draft')).toMatchObject({ submitted: false, cannotJudge: true });

    const perClinician = Object.fromEntries(report.clinicians.map((c) => [c.expertId, [c.submitted, c.inProgress, c.remaining]]));
    // 3 responses, k = 2: after 3 submissions, 3 gradings are missing on responses that 0 / 1 / 2 may still take.
    const open = await prisma.gradingUnit.findMany({ where: { campaignId: campaign.id } });
    const mine = async (expertId: string) =>
      await prisma.gradingAssignment.findMany({ where: { campaignId: campaign.id, expertId, state: { in: ['SUBMITTED', 'RESERVED'] } } });
    for (const id of ids) {
      const held = await mine(id);
      const submitted = held.filter((a) => a.state === 'SUBMITTED').length;
      const reserved = held.filter((a) => a.state === 'RESERVED').length;
      const remaining = open.filter((u) => u.submittedCount < u.overlapK && !held.some((a) => a.responseId === u.responseId)).length;
      expect(perClinician[id]).toEqual([submitted, reserved, remaining]);
    }
    expect(perClinician[ids[0]]).toEqual([2, 0, 1]);
    expect(perClinician[ids[1]]).toEqual([1, 1, 1]);

    const tiers = await prisma.$queryRaw<{ tier: string; marks: number; cannot: number }[]>`
      SELECT c.tier::text AS tier, count(*)::int AS marks, count(*) FILTER (WHERE m.cannot_judge)::int AS cannot
        FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id JOIN criteria c ON c.id = m.criterion_id
       WHERE a.campaign_id = ${campaign.id} GROUP BY c.tier ORDER BY c.tier`;
    expect(report.tiers.map((t) => ({ tier: t.tier, marks: t.marks, cannot: t.cannotJudge }))).toEqual(tiers);
    expect(report.tiers.reduce((sum, t) => sum + t.cannotJudge, 0)).toBe(4);
    expect(report.tiers.every((t) => t.met + t.notMet + t.cannotJudge === t.marks)).toBe(true);

    expect(report.runs.find((r) => r.runId === run.id)).toMatchObject({ sharedItems: 1, promptTemplate: 'grade' });
    expect(await getGradingCampaignReport({ campaignId: 999_999 })).toBeNull();
  });
});
