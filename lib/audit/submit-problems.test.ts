// Submitting reports every problem at once (issue: the rating first, the dimensions next): the missing rating
// and each criterion's problems come back together, each under its own key, so the screen shows each at its
// control.
import { describe, expect, it } from 'vitest';
import { submitAssignmentAction } from '@/lib/audit/actions';
import { saveVerdict } from '@/lib/audit/verdicts';
import { getAuditProgress } from '@/lib/audit/expert-view';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { type TwoExperts, setUpTwoExperts } from '@/tools/fixtures/two-experts';

/** A first verdict on one criterion, without dimensions or comment. */
const decide = (expert: TwoExperts['a'], criterionId: number, decision: 'ACCEPT' | 'REJECT') =>
  saveVerdict({
    expertId: expert.user.id,
    draft: {
      assignmentId: expert.assignmentId,
      criterionId,
      rowVersion: 0,
      decision,
      dimensions: [],
      weightDirection: null,
      severity: null,
      comment: null,
      proposedRevision: null,
      secondsDelta: 5,
    },
  });

describe('submitting a query', () => {
  it('reports the missing rating and every criterion’s problems in one answer', async () => {
    const { a } = await setUpTwoExperts();
    const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: a.assignmentId } });
    const [first, second] = assignment.criterionOrder;
    if (first === undefined || second === undefined) throw new Error('need two criteria');
    // One criterion rejected without a dimension, one accepted properly, the rest untouched; no rating.
    await decide(a, first, 'REJECT');
    await decide(a, second, 'ACCEPT');
    const result = await runAsUser(a.user, () =>
      submitAssignmentAction({ assignmentId: a.assignmentId, rowVersion: assignment.rowVersion, comprehensiveness: null }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('INVALID');
    const errors = result.fieldErrors ?? {};
    expect(errors.comprehensiveness).toEqual(['Rate how complete the set of criteria is']);
    expect(errors[`criterion.${first}`]).toEqual(['a rejection or revision needs at least one error dimension']);
    expect(errors[`criterion.${second}`]).toBeUndefined();
    const untouched = assignment.criterionOrder.slice(2);
    for (const id of untouched) expect(errors[`criterion.${id}`]).toEqual(['choose a decision']);
    expect(result.error).toMatch(/criteria 1, 3.*and the completeness rating/);
    expect((await prisma.assignment.findUniqueOrThrow({ where: { id: a.assignmentId } })).state).toBe('RESERVED');
  });

  it('returns the progress bars as the database holds them after the submission, so the screen need not reload', async () => {
    const { a, campaignId } = await setUpTwoExperts();
    const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: a.assignmentId } });
    const before = await getAuditProgress({ expertId: a.user.id, campaignId });
    for (const criterionId of assignment.criterionOrder) await decide(a, criterionId, 'ACCEPT');
    const result = await runAsUser(a.user, () =>
      submitAssignmentAction({ assignmentId: a.assignmentId, rowVersion: assignment.rowVersion, comprehensiveness: 4 }),
    );
    if (!result.ok) throw new Error(result.error);
    const submittedVerdicts = await prisma.verdict.count({ where: { assignment: { campaignId }, submittedAt: { not: null } } });
    const submittedQueries = await prisma.assignment.count({ where: { campaignId, expertId: a.user.id, state: 'SUBMITTED' } });
    expect(result.data.progress).toEqual({
      ...before,
      mineDone: submittedQueries,
      mineRemaining: (before?.mineRemaining ?? 0) - 1,
      campaignDone: submittedVerdicts,
    });
    expect(submittedQueries).toBe(1);
    expect(submittedVerdicts).toBe(assignment.criterionOrder.length);
    expect(result.data.progress).toEqual(await getAuditProgress({ expertId: a.user.id, campaignId }));
  });
});
