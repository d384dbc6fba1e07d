// Approving a proposal makes the next version of its meta-rubric. Active versions are immutable (trigger
// manual_meta_rubric_versions_immutable), so approval never edits one: in one transaction the active version
// is retired, a new ACTIVE row is created from the base plus the changes (its change note is the change
// log), and the proposal records the version it produced. A proposal written against a version that is no
// longer active is refused: its author must rebase it first. Nobody approves their own proposal (a second
// person's judgement is the point of the review), and an approval carries the approver's note, which is kept
// as the APPROVE event of the proposal and shown in its activity.
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { conflict, forbidden, invalid } from '@/lib/errors';
import { applyChanges, versionContent } from '@/lib/meta-rubrics/apply-changes';
import { diffVersions } from '@/lib/meta-rubrics/diff-versions';
import { assertUndecided, lockProposal } from '@/lib/meta-rubrics/review-proposal';
import type { ProposalChange, ProposalStepInput } from '@/lib/meta-rubrics/schemas';

export async function approveProposal({
  user,
  input,
}: {
  user: SessionUser;
  input: ProposalStepInput;
}): Promise<{ number: number; changeLog: string[] }> {
  if (user.role !== 'ADMIN' && user.role !== 'REVIEWER') throw forbidden();
  return await prisma.$transaction(async (tx) => {
    const proposal = await lockProposal(tx, input.proposalId, user);
    if (proposal.authorId === user.id) {
      throw forbidden('You wrote this proposal, so another reviewer or admin approves it.');
    }
    // One approval per meta-rubric at a time.
    await tx.$queryRaw`SELECT id FROM meta_rubrics WHERE id = ${proposal.metaRubricId} FOR UPDATE`;
    assertUndecided(proposal, input.rowVersion);
    if (!input.body) {
      throw invalid('Please correct the highlighted fields.', {
        body: ['Write an approval note: why this change should become the next version'],
      });
    }
    const base = await tx.metaRubricVersion.findUniqueOrThrow({
      where: { id: proposal.baseVersionId },
      select: { id: true, number: true, status: true, principles: true, generationRules: true, scoringProfile: true },
    });
    if (base.status !== 'ACTIVE') {
      const active = await tx.metaRubricVersion.findFirst({ where: { metaRubricId: proposal.metaRubricId, status: 'ACTIVE' } });
      throw conflict(
        `The meta-rubric changed since this proposal was written: it is based on v${base.number}${active ? `, the active version is v${active.number}` : ''}. Rebase it on the active version first.`,
      );
    }
    const before = versionContent(base);
    const applied = applyChanges(before, proposal.changes as ProposalChange[]);
    if (!applied.ok) throw invalid('The changes no longer apply to the base version.', applied.errors);
    const diff = diffVersions(before, applied);
    if (diff.unchanged) throw invalid('The proposal changes nothing.');

    const latest = await tx.metaRubricVersion.aggregate({ where: { metaRubricId: proposal.metaRubricId }, _max: { number: true } });
    const number = (latest._max.number ?? base.number) + 1;
    const now = new Date();
    // Retire first: at most one ACTIVE version per meta-rubric (unique index meta_rubric_versions_one_active).
    await tx.metaRubricVersion.update({
      where: { id: base.id },
      data: { status: 'RETIRED', retiredAt: now, rowVersion: { increment: 1 } },
    });
    const changeNote = [`${proposal.title} (proposal #${proposal.id})`, ...diff.changeLog.map((line) => `- ${line}`)].join('\n');
    const created = await tx.metaRubricVersion.create({
      data: {
        metaRubricId: proposal.metaRubricId,
        number,
        status: 'ACTIVE',
        principles: applied.principles,
        generationRules: applied.generationRules,
        scoringProfile: applied.scoringProfile,
        parentVersionId: base.id,
        authorId: proposal.authorId,
        changeNote,
        activatedAt: now,
      },
      select: { id: true },
    });
    await tx.metaRubricProposal.update({
      where: { id: proposal.id },
      data: { status: 'APPROVED', decidedById: user.id, decidedAt: now, resultingVersionId: created.id, rowVersion: { increment: 1 } },
    });
    await tx.proposalEvent.create({
      data: { proposalId: proposal.id, authorId: user.id, kind: 'APPROVE', body: input.body },
    });
    await recordEvent(tx, {
      actorId: user.id,
      action: 'meta_rubric_version.retire',
      entityType: 'meta_rubric_version',
      entityId: base.id,
      before: { status: 'ACTIVE' },
      after: { status: 'RETIRED' },
    });
    await recordEvent(tx, {
      actorId: user.id,
      action: 'meta_rubric_version.create',
      entityType: 'meta_rubric_version',
      entityId: created.id,
      after: { metaRubricId: proposal.metaRubricId, number, status: 'ACTIVE', fromProposal: proposal.id, changeLog: diff.changeLog },
    });
    await recordEvent(tx, {
      actorId: user.id,
      action: 'meta_rubric_proposal.approve',
      entityType: 'meta_rubric_proposal',
      entityId: proposal.id,
      before: { status: proposal.status },
      after: { status: 'APPROVED', resultingNumber: number, body: input.body },
    });
    return { number, changeLog: diff.changeLog };
  });
}
