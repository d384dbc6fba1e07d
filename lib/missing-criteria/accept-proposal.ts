// A reviewer accepts an expert's missing-criterion proposal, perhaps edited: in one transaction the proposal is
// decided (guarded by its row version, lib/missing-criteria/record-decision.ts), a new criterion joins the query
// with origin EXPERT_PROPOSAL, and its revision 0 records who accepted it, when, from which campaign and
// proposal, and the note. The criterion is not audited yet: it is PENDING like a freshly imported one, so the
// campaign form's "never audited" mode takes it and no release includes it before an audit decides it.
import 'server-only';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { hashOf } from '@/lib/import/normalized';
import type { AcceptProposalInput } from '@/lib/missing-criteria/schemas';
import { recordDecision } from '@/lib/missing-criteria/record-decision';

export interface AcceptedProposal {
  proposalId: number;
  criterionId: number;
  rowVersion: number;
}

export async function acceptProposal({ reviewerId, input }: { reviewerId: string; input: AcceptProposalInput }): Promise<AcceptedProposal> {
  return await prisma.$transaction(async (tx) => {
    const note = input.note ?? null;
    const proposal = await recordDecision(tx, {
      proposalId: input.proposalId,
      expectedRowVersion: input.expectedRowVersion,
      decision: 'ACCEPTED',
      note,
      reviewerId,
    });
    const query = await tx.query.findUniqueOrThrow({ where: { id: proposal.queryId }, select: { datasetId: true, category: true } });
    const last = await tx.criterion.aggregate({ where: { queryId: proposal.queryId }, _max: { position: true } });
    const body = {
      title: input.title,
      description: input.description,
      tier: input.tier,
      points: input.points,
      tags: input.tags,
      redLine: input.redLine,
    };
    const criterion = await tx.criterion.create({
      data: {
        datasetId: query.datasetId,
        queryId: proposal.queryId,
        category: query.category,
        key: `missing-proposal-${proposal.id}`,
        position: (last._max.position ?? -1) + 1,
        ...body,
        levels: proposal.levels ?? [],
        status: 'PENDING',
        contentHash: hashOf(body),
        provenance: {
          create: { origin: 'EXPERT_PROPOSAL', sourceRaw: { missingProposal: { id: proposal.id, campaignId: proposal.campaignId } } },
        },
      },
      select: { id: true },
    });
    // The insert trigger wrote revision 0 as "imported"; it is this accepted proposal's.
    await tx.criterionRevision.update({
      where: { criterionId_revision: { criterionId: criterion.id, revision: 0 } },
      data: { source: 'MISSING_PROPOSAL', campaignId: proposal.campaignId, proposalId: proposal.id, authorId: reviewerId, reason: note },
    });
    await tx.missingCriterionProposal.update({ where: { id: proposal.id }, data: { resultingCriterionId: criterion.id } });
    await recordEvent(tx, {
      actorId: reviewerId,
      action: 'proposal.accept',
      entityType: 'missing_criterion_proposal',
      entityId: proposal.id,
      after: { criterionId: criterion.id, note, ...body },
    });
    await recordEvent(tx, {
      actorId: reviewerId,
      action: 'criterion.create',
      entityType: 'criterion',
      entityId: criterion.id,
      after: { fromProposal: proposal.id, campaignId: proposal.campaignId, ...body },
    });
    return { proposalId: proposal.id, criterionId: criterion.id, rowVersion: proposal.rowVersion };
  });
}
