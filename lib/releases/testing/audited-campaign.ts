// Test fixture: a campaign over a few demo queries, fully audited by three experts through the real audit
// functions, with a deterministic mix of outcomes per criterion (criterion id mod 6): unanimous accept,
// unanimous minor revision with a proposed text, unanimous reject, a disagreement later adjudicated with
// gold text, and a disagreement left unresolved.
import { randomUUID } from 'node:crypto';
import type { DecisionValue } from '@/lib/analytics/criterion-outcomes';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';

export function fixtureDecision(expertIndex: number, criterionId: number): DecisionValue {
  switch (criterionId % 6) {
    case 0:
      return 'ACCEPT';
    case 1:
      return 'REVISE_MINOR';
    case 2:
      return 'REJECT';
    case 3:
      return expertIndex === 0 ? 'REVISE_MAJOR' : 'ACCEPT';
    case 4:
      return expertIndex === 0 ? 'REJECT' : 'ACCEPT';
    default:
      return 'ACCEPT';
  }
}

export async function auditedCampaign({ datasetId, queries = 4 }: { datasetId: number; queries?: number }) {
  const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const reviewer = await prisma.user.findFirstOrThrow({ where: { role: 'REVIEWER' } });
  const experts = Array.from({ length: 3 }, () => randomUUID());
  await prisma.user.createMany({
    data: experts.map((id, index) => ({ id, email: `rel-${id}@test.local`, name: `Release expert ${index}`, role: 'EXPERT' })),
  });
  const campaign = await createCampaign({
    actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
    input: createCampaignSchema.parse({
      name: `Release fixture ${randomUUID().slice(0, 8)}`,
      overlapK: 3,
      expertIds: experts,
      selection: { mode: 'filter', datasetId, maxQueries: queries },
    }),
  });
  for (const [index, expertId] of experts.entries()) {
    for (;;) {
      const claim = await claimNext({ campaignId: campaign.id, expertId });
      if (claim.kind === 'none') break;
      const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId });
      if (!view) throw new Error('no assignment');
      for (const criterion of view.criteria) {
        const decision = fixtureDecision(index, criterion.id);
        const fields =
          decision === 'ACCEPT'
            ? {}
            : decision === 'REJECT'
              ? { dimensions: ['CORRECTNESS'] }
              : {
                  dimensions: ['RELEVANCE'],
                  comment: 'Needs rewording',
                  proposedRevision: {
                    title: `Revised by expert ${index}: ${criterion.title}`.slice(0, 1900),
                    description: `Revised text of ${criterion.title}`,
                    tier: criterion.tier,
                    points: criterion.points,
                  },
                };
        const draft = verdictDraftSchema.parse({
          assignmentId: claim.assignmentId,
          criterionId: criterion.id,
          rowVersion: 0,
          decision,
          secondsDelta: 10,
          ...fields,
        });
        const saved = await saveVerdict({ expertId, draft });
        if (saved.status !== 'saved') throw new Error(`verdict not saved: ${saved.status}`);
      }
      await submitAssignment({ expertId, input: { assignmentId: claim.assignmentId, rowVersion: view.rowVersion, comprehensiveness: 4 } });
    }
  }
  // Adjudicate the "3" disagreements (major revision with gold text); the "4" ones stay unresolved.
  const criteria = await prisma.campaignCriterion.findMany({ where: { campaignId: campaign.id }, select: { criterionId: true } });
  for (const { criterionId } of criteria.filter((c) => c.criterionId % 6 === 3)) {
    const criterion = await prisma.criterion.findUniqueOrThrow({ where: { id: criterionId } });
    await prisma.adjudication.create({
      data: {
        campaignId: campaign.id,
        criterionId,
        reviewerId: reviewer.id,
        goldDecision: 'REVISE_MAJOR',
        dimensions: ['CORRECTNESS'],
        goldText: {
          title: `Gold: ${criterion.title}`.slice(0, 1900),
          description: `Gold description of ${criterion.title}`,
          tier: criterion.tier,
          points: criterion.points,
        },
        rationale: 'Reviewer rewrote it',
      },
    });
  }
  return { campaignId: campaign.id, experts, admin, reviewer, criterionIds: criteria.map((c) => c.criterionId) };
}
