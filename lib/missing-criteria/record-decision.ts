// The one place a missing-criterion proposal goes from PENDING to decided. The conditional UPDATE is the
// concurrency guard: it matches only the row version the reviewer read, a pending proposal and a submitted
// query, so when two reviewers (or a reviewer and the expert editing the proposal) act at once, the second
// waits for the first's row lock, then matches nothing and is told what happened instead; nothing is overwritten.
import 'server-only';
import { conflict, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface DecidedProposal {
  id: number;
  campaignId: number;
  queryId: number;
  expertId: string;
  levels: unknown;
  rowVersion: number;
}

const DECISION_WORDS = { ACCEPTED: 'accepted', REJECTED: 'rejected' } as const;

export async function recordDecision(
  tx: Prisma.TransactionClient,
  {
    proposalId,
    expectedRowVersion,
    decision,
    note,
    reviewerId,
    duplicateOfCriterionId = null,
  }: {
    proposalId: number;
    expectedRowVersion: number;
    decision: 'ACCEPTED' | 'REJECTED';
    note: string | null;
    reviewerId: string;
    duplicateOfCriterionId?: number | null;
  },
): Promise<DecidedProposal> {
  const [decided] = await tx.$queryRaw<DecidedProposal[]>`
    UPDATE missing_criterion_proposals p
       SET decision = ${decision}::"ProposalDecision", decision_note = ${note}, decided_by_id = ${reviewerId},
           decided_at = now(), duplicate_of_criterion_id = ${duplicateOfCriterionId}, row_version = p.row_version + 1,
           updated_at = now()
      FROM assignments a
     WHERE p.id = ${proposalId} AND p.row_version = ${expectedRowVersion} AND p.decision = 'PENDING'
       AND a.id = p.assignment_id AND a.state = 'SUBMITTED'
    RETURNING p.id, p.campaign_id AS "campaignId", p.query_id AS "queryId", p.expert_id AS "expertId", p.levels,
              p.row_version AS "rowVersion"`;
  if (decided) return decided;
  throw await explainRefusal(tx, proposalId);
}

/** Why the conditional update matched nothing, in words for the reviewer. */
async function explainRefusal(tx: Prisma.TransactionClient, proposalId: number) {
  const current = await tx.missingCriterionProposal.findUnique({
    where: { id: proposalId },
    select: { decision: true, decidedAt: true, decidedBy: { select: { name: true } }, assignment: { select: { state: true } } },
  });
  if (!current) return notFound('This proposal');
  if (current.decision !== 'PENDING') {
    const who = current.decidedBy?.name ?? 'another reviewer';
    const when = current.decidedAt ? ` at ${current.decidedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
    return conflict(
      `${who} already ${DECISION_WORDS[current.decision]} this proposal${when}. Your decision was not saved; reload to see theirs.`,
    );
  }
  if (current.assignment.state !== 'SUBMITTED') {
    return conflict('The expert has not submitted this query yet, so the proposal is still a draft. Nothing was saved.');
  }
  return conflict('The expert changed this proposal after you opened it. Nothing was saved; reload to see the current text.');
}
