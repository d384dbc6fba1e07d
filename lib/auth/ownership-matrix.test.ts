// The fifth column of the access-control matrix: an expert acting on another expert's assignment. Generated
// from the action registry, so a new action fails here until it is listed either with inputs that aim it at
// expert A's work (expert B must then be refused with NOT_FOUND and nothing stored may change) or with the
// reason it does not act on one user's object.
import { beforeAll, describe, expect, it } from 'vitest';
import { saveProposal, saveVerdict } from '@/lib/audit/verdicts';
import { verdictDraftSchema } from '@/lib/audit/schemas';
import { claimGradingResponse } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { saveGradingMark } from '@/lib/grading/save-grading-mark';
import { createGradingCampaignSchema, gradingMarkSchema } from '@/lib/grading/schemas';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { loadActions } from '@/tools/testing/action-registry';
import { setUpTwoExperts, type TwoExperts } from '@/tools/fixtures/two-experts';

interface Targets {
  setup: TwoExperts;
  /** Expert A's assignment and its current row version. */
  assignmentId: number;
  rowVersion: number;
  criterionId: number;
  verdictRowVersion: number;
  proposalId: number;
  proposalRowVersion: number;
  /** Expert A's grading assignment (a grading campaign over the same demo data) and one of its criteria. */
  gradingAssignmentId: number;
  gradingCriterionId: number;
}

type Attempt = (targets: Targets) => Record<string, unknown>;

/** For every action: the ways expert B could aim it at expert A's work, or why it has no such target. */
const OWNERSHIP: Record<string, Attempt[] | string> = {
  'audit.release': [(t) => ({ assignmentId: t.assignmentId })],
  'audit.saveVerdict': [
    (t) => ({
      assignmentId: t.assignmentId,
      criterionId: t.criterionId,
      rowVersion: t.verdictRowVersion,
      decision: 'REJECT',
      comment: 'B was here',
    }),
  ],
  'audit.updateAssignment': [(t) => ({ assignmentId: t.assignmentId, rowVersion: t.rowVersion, cursor: 1, comprehensivenessComment: 'B' })],
  'audit.submit': [(t) => ({ assignmentId: t.assignmentId, rowVersion: t.rowVersion, comprehensiveness: 1 })],
  'audit.saveProposal': [
    // A new proposal on A's assignment, an edit of A's proposal, and A's proposal through B's own assignment.
    (t) => ({ assignmentId: t.assignmentId, title: 'Planted by B', tier: 'ESSENTIAL', points: 1 }),
    (t) => ({
      assignmentId: t.assignmentId,
      proposalId: t.proposalId,
      rowVersion: t.proposalRowVersion,
      title: 'Edited by B',
      tier: 'PITFALL',
      points: -1,
    }),
    (t) => ({
      assignmentId: t.setup.b.assignmentId,
      proposalId: t.proposalId,
      rowVersion: t.proposalRowVersion,
      title: 'Edited by B',
      tier: 'PITFALL',
      points: -1,
    }),
  ],
  'audit.deleteProposal': [
    (t) => ({ assignmentId: t.assignmentId, proposalId: t.proposalId }),
    (t) => ({ assignmentId: t.setup.b.assignmentId, proposalId: t.proposalId }),
  ],
  'grading.release': [(t) => ({ assignmentId: t.gradingAssignmentId })],
  'grading.saveMark': [(t) => ({ assignmentId: t.gradingAssignmentId, criterionId: t.gradingCriterionId, rowVersion: 1, met: false })],
  'grading.submit': [(t) => ({ assignmentId: t.gradingAssignmentId })],
  'grading.claimNext': 'claims for the caller only (the clinician id comes from the session, never the input)',
  'grading.previewSample': 'admin only: campaign setup, no per-expert object',
  'grading.createCampaign': 'admin only: campaign setup, no per-expert object',
  'audit.claimNext': 'claims for the caller only (the expert id comes from the session, never the input)',
  'audit.previewSelection': 'admin only: campaign setup, no per-expert object',
  'audit.createCampaign': 'admin only: campaign setup, no per-expert object',
  'audit.closeCampaign': 'admin only: campaign setup, no per-expert object',
  'users.create': 'admin only',
  'users.update': 'admin only',
  'users.setActive': 'admin only',
  'adjudication.save': 'reviewers and admins only; experts are refused by role (action matrix)',
  'missingCriteria.accept': 'reviewers and admins only; experts are refused by role (action matrix)',
  'missingCriteria.reject': 'reviewers and admins only; experts are refused by role (action matrix)',
  'pairwise.claimNext': 'reviewers and admins only; experts are refused by role (action matrix)',
  'pairwise.giveBack': 'reviewers and admins only; experts are refused by role (action matrix)',
  'pairwise.savePreference': 'reviewers and admins only; experts are refused by role (action matrix)',
  'pairwise.submit': 'reviewers and admins only; experts are refused by role (action matrix)',
  'pairwise.saveMark': 'reviewers and admins only; experts are refused by role (action matrix)',
  'criteria.export': 'reviewers and admins only; experts are refused by role (action matrix)',
  'criteria.tag': 'admin only',
  'criteria.addToCampaign': 'admin only',
  'judge.saveEndpoint': 'admin only',
  'judge.testConnection': 'admin only',
  'judge.estimateRun': 'admin only',
  'judge.startRun': 'admin only',
  'judge.cancelRun': 'admin only',
  'discriminability.estimateProxyRun': 'admin only',
  'discriminability.startProxyRun': 'admin only',
  'judgeAgreement.noteTemplate': 'admin only',
  'metaRubrics.createProposal': 'creates the caller’s own proposal; no other user’s object is addressed',
  'metaRubrics.updateProposal': 'another author’s proposal is NOT_FOUND: lib/meta-rubrics/meta-rubrics.test.ts',
  'metaRubrics.comment': 'another author’s unpublished proposal is NOT_FOUND: lib/meta-rubrics/meta-rubrics.test.ts',
  'metaRubrics.withdraw': 'another author’s proposal is NOT_FOUND: lib/meta-rubrics/meta-rubrics.test.ts',
  'releases.preview': 'reviewers and admins only; experts are refused by role (action matrix)',
  'releases.create': 'admin only',
  'releases.freeze': 'admin only',
  'releases.export': 'admin only',
  'releases.deleteDraft': 'admin only',
  'metaRubrics.requestChanges': 'reviewers and admins only; experts are refused by role (action matrix)',
  'metaRubrics.reject': 'reviewers and admins only; experts are refused by role (action matrix)',
  'metaRubrics.approve': 'reviewers and admins only; experts are refused by role (action matrix)',
};

let targets: Targets;

/** Row versions move as A works; re-read them so each of A's attempts is current. */
async function refreshTargets(): Promise<Targets> {
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: targets.assignmentId } });
  const verdict = await prisma.verdict.findFirst({ where: { assignmentId: targets.assignmentId, criterionId: targets.criterionId } });
  const proposal = await prisma.missingCriterionProposal.findUnique({ where: { id: targets.proposalId } });
  return {
    ...targets,
    rowVersion: assignment.rowVersion,
    verdictRowVersion: verdict?.rowVersion ?? 0,
    proposalRowVersion: proposal?.rowVersion ?? 0,
  };
}

/** Everything stored about expert A's assignment, to compare before and after B's attempts. */
async function snapshot(assignmentId: number) {
  return {
    assignment: await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } }),
    verdicts: await prisma.verdict.findMany({ where: { assignmentId }, orderBy: { id: 'asc' } }),
    proposals: await prisma.missingCriterionProposal.findMany({ orderBy: { id: 'asc' } }),
    events: await prisma.auditEvent.count(),
    grading: await prisma.gradingAssignment.findUniqueOrThrow({ where: { id: targets.gradingAssignmentId }, include: { marks: true } }),
  };
}

beforeAll(async () => {
  const setup = await setUpTwoExperts();
  const { assignmentId } = setup.a;
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const criterionId = assignment.criterionOrder[0] as number;
  const expertId = setup.a.user.id;
  // A has started: one verdict and one missing-criterion proposal exist for B to aim at.
  await saveVerdict({
    expertId,
    draft: verdictDraftSchema.parse({ assignmentId, criterionId, rowVersion: 0, decision: 'ACCEPT', secondsDelta: 5 }),
  });
  const proposal = await saveProposal({
    expertId,
    input: { assignmentId, rowVersion: 0, title: 'A’s proposal', description: '', tier: 'IMPORTANT', points: 3, redLine: false, tags: [] },
  });
  const verdict = await prisma.verdict.findFirstOrThrow({ where: { assignmentId, criterionId } });
  // A's grading assignment, with one mark saved, for the grading actions to aim at.
  const grading = await createGradingCampaign({
    actor: setup.admin,
    input: createGradingCampaignSchema.parse({
      name: 'Ownership grading',
      overlapK: 1,
      expertIds: [setup.a.user.id, setup.b.user.id],
      selection: { datasetId: (await prisma.dataset.findFirstOrThrow()).id, responses: 2 },
    }),
  });
  const claimedGrading = await claimGradingResponse({ campaignId: grading.id, expertId });
  if (claimedGrading.kind === 'none') throw new Error('nothing to grade');
  const gradingAssignment = await prisma.gradingAssignment.findUniqueOrThrow({ where: { id: claimedGrading.assignmentId } });
  const gradingCriterionId = gradingAssignment.criterionOrder[0] as number;
  await saveGradingMark({
    expertId,
    input: gradingMarkSchema.parse({ assignmentId: gradingAssignment.id, criterionId: gradingCriterionId, rowVersion: 0, met: true }),
  });
  const current = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  targets = {
    setup,
    assignmentId,
    rowVersion: current.rowVersion,
    criterionId,
    verdictRowVersion: verdict.rowVersion,
    proposalId: proposal.id,
    proposalRowVersion: proposal.rowVersion,
    gradingAssignmentId: gradingAssignment.id,
    gradingCriterionId,
  };
});

describe('an expert acting on another expert’s assignment', () => {
  it('every action in the registry has an ownership expectation', async () => {
    const { found } = await loadActions();
    expect(Object.keys(OWNERSHIP).sort()).toEqual(found.map(({ action }) => action.meta.name).sort());
  });

  it('expert B is refused with NOT_FOUND on every action aimed at A’s work, and nothing changes', async () => {
    const { found } = await loadActions();
    const before = await snapshot(targets.assignmentId);
    let attempted = 0;
    for (const { action } of found) {
      const attempts = OWNERSHIP[action.meta.name];
      if (attempts === undefined || typeof attempts === 'string') continue;
      for (const [index, attempt] of attempts.entries()) {
        const result = await runAsUser(targets.setup.b.user, () => action(attempt(targets)));
        expect(result, `${action.meta.name} #${index}`).toMatchObject({ ok: false, code: 'NOT_FOUND' });
        attempted += 1;
      }
    }
    expect(attempted).toBeGreaterThanOrEqual(9);
    expect(await snapshot(targets.assignmentId)).toEqual(before);
  });

  it('the same inputs from expert A get past validation and ownership (so B was refused for ownership)', async () => {
    const { found } = await loadActions();
    const byName = new Map(found.map(({ action }) => [action.meta.name, action]));
    // Release last: afterwards the assignment is no longer A's to work on.
    const names = Object.keys(OWNERSHIP).filter((name) => typeof OWNERSHIP[name] !== 'string');
    names.sort((x, y) => Number(x === 'audit.release') - Number(y === 'audit.release'));
    for (const name of names) {
      for (const [index, attempt] of (OWNERSHIP[name] as Attempt[]).entries()) {
        const fresh = await refreshTargets();
        const input = attempt(fresh);
        if (input.assignmentId !== fresh.assignmentId) continue; // aimed through B's own assignment
        const result = await runAsUser(targets.setup.a.user, () => (byName.get(name) as NonNullable<ReturnType<typeof byName.get>>)(input));
        // A domain refusal (e.g. "10 criteria need attention") is fine; not-found, forbidden or a schema error is not.
        if (!result.ok) {
          expect(['NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED'], `${name} #${index}: ${result.error}`).not.toContain(result.code);
          expect(result.error, `${name} #${index}`).not.toBe('Please correct the highlighted fields.');
        }
      }
    }
  });
});
