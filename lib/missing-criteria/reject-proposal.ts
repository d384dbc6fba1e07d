// A reviewer rejects an expert's missing-criterion proposal with a note (which the expert reads), optionally
// naming the query's criterion it duplicates. Final, like an acceptance: docs/criterion-lifecycle.md.
import 'server-only';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { invalid } from '@/lib/errors';
import type { RejectProposalInput } from '@/lib/missing-criteria/schemas';
import { recordDecision } from '@/lib/missing-criteria/record-decision';

export async function rejectProposal({ reviewerId, input }: { reviewerId: string; input: RejectProposalInput }) {
  return await prisma.$transaction(async (tx) => {
    const proposal = await recordDecision(tx, {
      proposalId: input.proposalId,
      expectedRowVersion: input.expectedRowVersion,
      decision: 'REJECTED',
      note: input.note,
      reviewerId,
      duplicateOfCriterionId: input.duplicateOfCriterionId ?? null,
    });
    if (input.duplicateOfCriterionId !== undefined) {
      const sameQuery = await tx.criterion.count({ where: { id: input.duplicateOfCriterionId, queryId: proposal.queryId } });
      if (sameQuery === 0)
        throw invalid('Please correct the highlighted fields.', {
          duplicateOfCriterionId: ['Choose one of this query’s criteria'],
        });
    }
    await recordEvent(tx, {
      actorId: reviewerId,
      action: 'proposal.reject',
      entityType: 'missing_criterion_proposal',
      entityId: proposal.id,
      after: { note: input.note, duplicateOfCriterionId: input.duplicateOfCriterionId ?? null },
    });
    return { proposalId: proposal.id, rowVersion: proposal.rowVersion };
  });
}
