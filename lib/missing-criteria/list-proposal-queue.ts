// The reviewer's queue of missing-criterion proposals (the adjudication page's "Missing criteria" tab): one page
// of the chosen decision, each proposal with its query (the conversation), the query's criteria as they are now
// (so a duplicate shows), the expert's name and rationale, and the decision once made. Expert names appear
// here, so this module is for admin and reviewer pages only; experts read their own proposals through
// lib/audit/expert-view.ts.
import 'server-only';
import { prisma } from '@/lib/db';
import { type ProposalDecisionCounts, countProposalDecisions } from '@/lib/missing-criteria/count-proposal-decisions';
import type { ProposalFilter } from '@/lib/missing-criteria/schemas';

export const PROPOSAL_PAGE_SIZE = 10;

const ITEM = {
  id: true,
  rowVersion: true,
  title: true,
  description: true,
  tier: true,
  points: true,
  redLine: true,
  tags: true,
  rationale: true,
  createdAt: true,
  decision: true,
  decisionNote: true,
  decidedAt: true,
  resultingCriterionId: true,
  decidedBy: { select: { name: true } },
  duplicateOf: { select: { id: true, title: true } },
  expert: { select: { name: true, email: true } },
  campaign: { select: { id: true, name: true } },
  query: {
    select: {
      id: true,
      externalId: true,
      category: true,
      department: true,
      conversation: true,
      criteria: {
        orderBy: { position: 'asc' },
        select: { id: true, title: true, description: true, tier: true, points: true, redLine: true, status: true },
      },
    },
  },
} as const;

export async function listProposalQueue({
  campaignId,
  decision,
  page = 1,
  pageSize = PROPOSAL_PAGE_SIZE,
  decided,
}: {
  campaignId?: number | undefined;
  decision: ProposalFilter;
  page?: number;
  pageSize?: number;
  /** A proposal just decided: returned as `decided`, as stored, for the tab to confirm what happened. */
  decided?: number | undefined;
}) {
  const where = {
    decision,
    assignment: { state: 'SUBMITTED' as const },
    ...(campaignId === undefined ? {} : { campaignId }),
  };
  const [rows, totals, justDecided] = await Promise.all([
    prisma.missingCriterionProposal.findMany({
      where,
      // Pending: oldest first (a queue); decided: the latest decisions first.
      orderBy: decision === 'PENDING' ? [{ createdAt: 'asc' }, { id: 'asc' }] : [{ decidedAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: ITEM,
    }),
    countProposalDecisions({ campaignId }),
    decided === undefined
      ? null
      : prisma.missingCriterionProposal.findFirst({ where: { id: decided, decision: { not: 'PENDING' } }, select: ITEM }),
  ]);
  const toItem = (row: NonNullable<typeof justDecided>) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    query: { ...row.query, conversation: row.query.conversation as { role: string; content: string }[] },
  });
  return {
    totals,
    page,
    pageSize,
    items: rows.map(toItem),
    decided: justDecided ? toItem(justDecided) : null,
  };
}

export type ProposalQueue = Awaited<ReturnType<typeof listProposalQueue>> & { totals: ProposalDecisionCounts };
export type ProposalQueueItem = ProposalQueue['items'][number];
