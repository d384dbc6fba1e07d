'use server';
// Server actions of the blind audit. Admins create and close campaigns; experts claim, judge and submit,
// always on their own assignments (the domain functions filter by the caller's id).
import { addCriteriaToCampaign } from '@/lib/audit/add-criteria-to-campaign';
import { claimNext, releaseAssignment } from '@/lib/audit/claim-next';
import { addToCampaignSchema } from '@/lib/criteria/schemas';
import { closeCampaign } from '@/lib/audit/close-campaign';
import { createCampaign, previewSelection } from '@/lib/audit/create-campaign';
import {
  assignmentStateSchema,
  claimSchema,
  closeCampaignSchema,
  createCampaignSchema,
  deleteProposalSchema,
  proposalSchema,
  releaseSchema,
  selectionSchema,
  submitAssignmentSchema,
  verdictDraftSchema,
} from '@/lib/audit/schemas';
import { deleteProposal, saveProposal, saveVerdict, submitAssignment, updateAssignmentState } from '@/lib/audit/verdicts';
import { defineAction } from '@/lib/auth/action';
import { getAuditProgress } from '@/lib/audit/expert-view';

export const previewSelectionAction = defineAction(
  { name: 'audit.previewSelection', roles: ['ADMIN'], input: selectionSchema },
  async (input) => previewSelection(input),
);

export const createCampaignAction = defineAction(
  { name: 'audit.createCampaign', roles: ['ADMIN'], input: createCampaignSchema },
  async (input, { user, revalidate }) => {
    const created = await createCampaign({ actor: user, input });
    revalidate('/audit');
    return { data: created, message: `Created the campaign: ${created.queries} queries, ${created.criteria} criteria.` };
  },
);

export const closeCampaignAction = defineAction(
  { name: 'audit.closeCampaign', roles: ['ADMIN'], input: closeCampaignSchema },
  async (input, { user, revalidate }) => {
    const closed = await closeCampaign({ actorId: user.id, campaignId: input.campaignId });
    revalidate('/audit');
    return { data: closed, message: 'The campaign is closed.' };
  },
);

export const claimNextAction = defineAction(
  { name: 'audit.claimNext', roles: ['EXPERT'], input: claimSchema },
  // No revalidation here or below: the screen that claims, releases or submits navigates or updates itself, and a
  // revalidated path made every such request render the whole page it came from as well (npm run stress).
  async (input, { user }) => claimNext({ campaignId: input.campaignId, expertId: user.id }),
);

export const releaseAssignmentAction = defineAction(
  { name: 'audit.release', roles: ['EXPERT'], input: releaseSchema },
  async (input, { user }) => {
    await releaseAssignment({ assignmentId: input.assignmentId, expertId: user.id });
    return { released: input.assignmentId };
  },
);

export const saveVerdictAction = defineAction(
  { name: 'audit.saveVerdict', roles: ['EXPERT'], input: verdictDraftSchema },
  async (input, { user }) => saveVerdict({ expertId: user.id, draft: input }),
);

export const updateAssignmentAction = defineAction(
  { name: 'audit.updateAssignment', roles: ['EXPERT'], input: assignmentStateSchema },
  async (input, { user }) => updateAssignmentState({ expertId: user.id, input }),
);

export const submitAssignmentAction = defineAction(
  { name: 'audit.submit', roles: ['EXPERT'], input: submitAssignmentSchema },
  // Returns what the screen shows after a submission (the new versions and the progress bars), so that it does not
  // reload the whole audit screen.
  async (input, { user }) => {
    const submitted = await submitAssignment({ expertId: user.id, input });
    const progress = await getAuditProgress({ expertId: user.id, campaignId: submitted.campaignId });
    return { data: { ...submitted, progress }, message: 'Submitted. Thank you.' };
  },
);

export const saveProposalAction = defineAction(
  { name: 'audit.saveProposal', roles: ['EXPERT'], input: proposalSchema },
  async (input, { user }) => saveProposal({ expertId: user.id, input }),
);

export const deleteProposalAction = defineAction(
  { name: 'audit.deleteProposal', roles: ['EXPERT'], input: deleteProposalSchema },
  async (input, { user }) => {
    await deleteProposal({ expertId: user.id, assignmentId: input.assignmentId, proposalId: input.proposalId });
    return { deleted: input.proposalId };
  },
);

/** The criteria browser's bulk action: the selected criteria join a campaign not started yet (admins). */
export const addToCampaignAction = defineAction(
  { name: 'criteria.addToCampaign', roles: ['ADMIN'], input: addToCampaignSchema },
  async (input, { user, revalidate }) => {
    const result = await addCriteriaToCampaign({ actor: user, input });
    revalidate('/criteria', '/audit', `/audit/campaigns/${input.campaignId}`);
    return result;
  },
);
