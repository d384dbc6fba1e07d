// How many missing-criterion proposals are pending, accepted and rejected, for one campaign or all: the one
// count the adjudication tabs and the campaign page both show. A proposal counts once its expert has submitted
// the query (before that it is a draft the expert may still change or remove).
import 'server-only';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

export interface ProposalDecisionCounts {
  PENDING: number;
  ACCEPTED: number;
  REJECTED: number;
}

export async function countProposalDecisions({ campaignId }: { campaignId?: number | undefined } = {}): Promise<ProposalDecisionCounts> {
  const scope = campaignId === undefined ? Prisma.sql`TRUE` : Prisma.sql`p.campaign_id = ${campaignId}`;
  const [row] = await prisma.$queryRaw<ProposalDecisionCounts[]>`
    SELECT count(*) FILTER (WHERE p.decision = 'PENDING')::int AS "PENDING",
           count(*) FILTER (WHERE p.decision = 'ACCEPTED')::int AS "ACCEPTED",
           count(*) FILTER (WHERE p.decision = 'REJECTED')::int AS "REJECTED"
      FROM missing_criterion_proposals p
      JOIN assignments a ON a.id = p.assignment_id AND a.state = 'SUBMITTED'
     WHERE ${scope}`;
  return row ?? { PENDING: 0, ACCEPTED: 0, REJECTED: 0 };
}
