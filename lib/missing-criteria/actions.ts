'use server';
// Server actions of the missing-criterion proposals: reviewers and admins decide them (experts propose through
// lib/audit/actions.ts and read their own decisions through lib/audit/expert-view.ts).
import { defineAction } from '@/lib/auth/action';
import { acceptProposal } from '@/lib/missing-criteria/accept-proposal';
import { rejectProposal } from '@/lib/missing-criteria/reject-proposal';
import { acceptProposalSchema, rejectProposalSchema } from '@/lib/missing-criteria/schemas';

const PAGES = ['/adjudication', '/criteria', '/datasets', '/audit'];

export const acceptProposalAction = defineAction(
  { name: 'missingCriteria.accept', roles: ['ADMIN', 'REVIEWER'], input: acceptProposalSchema },
  async (input, { user, revalidate }) => {
    const accepted = await acceptProposal({ reviewerId: user.id, input });
    revalidate(...PAGES);
    return {
      data: accepted,
      message: 'Accepted: the criterion joins the query, not audited yet. A “never audited” campaign takes it.',
    };
  },
);

export const rejectProposalAction = defineAction(
  { name: 'missingCriteria.reject', roles: ['ADMIN', 'REVIEWER'], input: rejectProposalSchema },
  async (input, { user, revalidate }) => {
    const rejected = await rejectProposal({ reviewerId: user.id, input });
    revalidate(...PAGES);
    return { data: rejected, message: 'Rejected. The expert sees your note.' };
  },
);
