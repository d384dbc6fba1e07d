// The audit screen's one-statement read (getExpertAssignment) against a field-by-field read of the same rows
// through Prisma, in the states an expert meets: a fresh reservation, drafts (one with a revised text), a
// proposal, a criterion whose text was revised after the campaign took it (the campaign's text is shown), an
// expired reservation, a submission, a closed campaign; and nothing for another expert.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { type ExpertAssignment, getExpertAssignment } from '@/lib/audit/expert-view';
import { findAuditedTexts } from '@/lib/audit/find-audited-texts';
import { createCampaignSchema, proposalSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveProposal, saveVerdict, submitAssignment, updateAssignmentState } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
});

/** The reference: what the screen is given, read with Prisma's own queries and the campaign's audited texts. */
async function readThroughPrisma(assignmentId: number, expertId: string): Promise<ExpertAssignment | null> {
  const assignment = await prisma.assignment.findFirst({
    where: { id: assignmentId, expertId },
    include: {
      campaignQuery: { include: { campaign: true, query: true } },
      verdicts: { where: { expertId }, orderBy: { id: 'asc' } },
      missingProposals: { where: { expertId }, orderBy: { id: 'asc' } },
    },
  });
  if (!assignment) return null;
  const { campaign, query } = assignment.campaignQuery;
  const criteria = await prisma.criterion.findMany({ where: { id: { in: assignment.criterionOrder } } });
  const texts = await findAuditedTexts({ db: prisma, campaignId: assignment.campaignId, criterionIds: assignment.criterionOrder });
  const open = campaign.status === 'OPEN';
  const live = assignment.state === 'RESERVED' && assignment.expiresAt > new Date();
  return {
    id: assignment.id,
    state: assignment.state,
    rowVersion: assignment.rowVersion,
    cursor: assignment.cursor,
    expiresAt: assignment.expiresAt.toISOString(),
    submittedAt: assignment.submittedAt?.toISOString() ?? null,
    comprehensiveness: assignment.comprehensiveness,
    comprehensivenessComment: assignment.comprehensivenessComment,
    editable: open && (live || assignment.state === 'SUBMITTED'),
    campaign: {
      id: campaign.id,
      name: campaign.name,
      instructions: campaign.instructions,
      dimensions: campaign.dimensions,
      deadline: campaign.deadline?.toISOString() ?? null,
      open,
    },
    query: {
      externalId: query.externalId,
      category: query.category,
      department: query.department,
      language: query.language,
      conversation: query.conversation as ExpertAssignment['query']['conversation'],
    },
    criteria: assignment.criterionOrder.flatMap((id) => {
      const criterion = criteria.find((each) => each.id === id);
      const text = texts.get(id);
      if (!criterion || !text) return [];
      return [
        {
          id,
          levels: criterion.levels as ExpertAssignment['criteria'][number]['levels'],
          tags: criterion.tags,
          redLine: criterion.redLine,
          evidence: criterion.evidence as ExpertAssignment['criteria'][number]['evidence'],
          title: text.title,
          description: text.description,
          tier: text.tier,
          points: text.points,
        },
      ];
    }),
    verdicts: assignment.verdicts.map((verdict) => ({
      criterionId: verdict.criterionId,
      decision: verdict.decision,
      dimensions: verdict.dimensions,
      weightDirection: verdict.weightDirection,
      severity: verdict.severity,
      comment: verdict.comment,
      proposedRevision: verdict.proposedRevision as ExpertAssignment['verdicts'][number]['proposedRevision'],
      rowVersion: verdict.rowVersion,
      submitted: verdict.submittedAt !== null,
    })),
    proposals: assignment.missingProposals.map((proposal) => ({
      id: proposal.id,
      title: proposal.title,
      description: proposal.description,
      tier: proposal.tier,
      points: proposal.points,
      redLine: proposal.redLine,
      tags: proposal.tags,
      rationale: proposal.rationale,
      rowVersion: proposal.rowVersion,
      decision: proposal.decision,
      decisionNote: proposal.decisionNote,
    })),
  };
}

async function expectSameRead(assignmentId: number, expertId: string) {
  const read = await getExpertAssignment({ assignmentId, expertId });
  expect(read).toEqual(await readThroughPrisma(assignmentId, expertId));
  return read;
}

describe('getExpertAssignment', () => {
  it('reads what Prisma reads, field by field, through a whole audit', async () => {
    const expertId = randomUUID();
    await prisma.user.create({ data: { id: expertId, email: `view-${expertId}@test.local`, name: 'View', role: 'EXPERT' } });
    const campaign = await createCampaign({
      actor: admin,
      input: createCampaignSchema.parse({
        name: `View ${expertId.slice(0, 8)}`,
        overlapK: 1,
        expertIds: [expertId],
        instructions: 'Judge each criterion — “carefully”.',
        deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        selection: { mode: 'filter', datasetId, maxQueries: 1, minCriteria: 4 },
      }),
    });
    const claim = await claimNext({ campaignId: campaign.id, expertId });
    if (claim.kind === 'none') throw new Error('nothing to claim');
    const assignmentId = claim.assignmentId;
    const fresh = await expectSameRead(assignmentId, expertId);
    expect(fresh?.criteria.length).toBeGreaterThanOrEqual(4);
    expect(fresh?.editable).toBe(true);
    const [first, second, third] = fresh?.criteria ?? [];
    if (!first || !second || !third) throw new Error('four criteria');

    // Drafts, one with a revised text, and a proposal.
    await saveVerdict({
      expertId,
      draft: verdictDraftSchema.parse({ assignmentId, criterionId: first.id, rowVersion: 0, decision: 'ACCEPT', secondsDelta: 5 }),
    });
    await saveVerdict({
      expertId,
      draft: verdictDraftSchema.parse({
        assignmentId,
        criterionId: second.id,
        rowVersion: 0,
        decision: 'REVISE_MAJOR',
        dimensions: ['CORRECTNESS', 'WEIGHT'],
        weightDirection: 'OVER',
        severity: 'HIGH',
        comment: 'Dose — 5 mg, not 50',
        proposedRevision: { title: 'Gives 5 mg', description: 'Names the dose.', tier: 'ESSENTIAL', points: 7.5 },
        secondsDelta: 12,
      }),
    });
    await saveProposal({
      expertId,
      input: proposalSchema.parse({
        assignmentId,
        title: 'Mentions follow-up',
        tier: 'IMPORTANT',
        points: 3,
        tags: ['safety'],
        rationale: 'Missing',
      }),
    });
    await updateAssignmentState({ expertId, input: { assignmentId, rowVersion: 1, cursor: 2, comprehensiveness: 3, secondsDelta: 0 } });
    // A later decision revises the third criterion's text: the campaign still audits the text it took.
    const current = await prisma.criterionRevision.findFirstOrThrow({ where: { criterionId: third.id }, orderBy: { revision: 'desc' } });
    await prisma.criterionRevision.create({
      data: {
        ...current,
        revision: current.revision + 1,
        title: `${current.title} (revised later)`,
        source: 'ADJUDICATION',
        createdAt: new Date(),
      },
    });
    const drafted = await expectSameRead(assignmentId, expertId);
    expect(drafted?.criteria.find((criterion) => criterion.id === third.id)?.title).toBe(third.title);
    expect(drafted?.verdicts).toHaveLength(2);
    expect(drafted?.proposals).toHaveLength(1);

    // Another expert gets nothing, as for an id that does not exist.
    expect(await getExpertAssignment({ assignmentId, expertId: randomUUID() })).toBeNull();
    expect(await getExpertAssignment({ assignmentId: 2_000_000_000, expertId })).toBeNull();

    // An expired reservation is not editable.
    const expiresAt = (await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } })).expiresAt;
    await prisma.assignment.update({ where: { id: assignmentId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect((await expectSameRead(assignmentId, expertId))?.editable).toBe(false);
    await prisma.assignment.update({ where: { id: assignmentId }, data: { expiresAt } });

    // Submitted: every criterion decided, then the campaign closes.
    for (const criterion of drafted?.criteria.slice(2) ?? []) {
      await saveVerdict({
        expertId,
        draft: verdictDraftSchema.parse({ assignmentId, criterionId: criterion.id, rowVersion: 0, decision: 'ACCEPT', secondsDelta: 5 }),
      });
    }
    const before = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
    await submitAssignment({ expertId, input: { assignmentId, rowVersion: before.rowVersion, comprehensiveness: 4 } });
    const submitted = await expectSameRead(assignmentId, expertId);
    expect(submitted).toMatchObject({ state: 'SUBMITTED', editable: true, comprehensiveness: 4 });
    expect(submitted?.verdicts.every((verdict) => verdict.submitted)).toBe(true);
    await prisma.auditCampaign.update({ where: { id: campaign.id }, data: { status: 'CLOSED' } });
    expect(await expectSameRead(assignmentId, expertId)).toMatchObject({ editable: false, campaign: { open: false } });
  });
});
