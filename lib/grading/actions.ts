'use server';
// Server actions of grading campaigns. Admins preview samples and create campaigns; clinicians (experts) claim,
// mark and submit, always on their own assignments (the domain functions filter by the caller's id).
import { defineAction } from '@/lib/auth/action';
import { claimGradingResponse, releaseGradingAssignment } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { previewGradingSample } from '@/lib/grading/sample-responses';
import { saveGradingMark } from '@/lib/grading/save-grading-mark';
import {
  createGradingCampaignSchema,
  gradingAssignmentSchema,
  gradingClaimSchema,
  gradingMarkSchema,
  gradingSelectionSchema,
} from '@/lib/grading/schemas';
import { submitGradingAssignment } from '@/lib/grading/submit-grading-assignment';

export const previewGradingSampleAction = defineAction(
  { name: 'grading.previewSample', roles: ['ADMIN'], input: gradingSelectionSchema },
  async (input) => previewGradingSample(input),
);

export const createGradingCampaignAction = defineAction(
  { name: 'grading.createCampaign', roles: ['ADMIN'], input: createGradingCampaignSchema },
  async (input, { user, revalidate }) => {
    const created = await createGradingCampaign({ actor: user, input });
    revalidate('/audit');
    return { data: created, message: `Created the grading campaign: ${created.responses} responses.` };
  },
);

export const claimGradingAction = defineAction(
  { name: 'grading.claimNext', roles: ['EXPERT'], input: gradingClaimSchema },
  // No revalidation here or below: the screens navigate or refresh themselves (see lib/audit/actions.ts).
  async (input, { user }) => claimGradingResponse({ campaignId: input.campaignId, expertId: user.id }),
);

export const releaseGradingAction = defineAction(
  { name: 'grading.release', roles: ['EXPERT'], input: gradingAssignmentSchema },
  async (input, { user }) => {
    await releaseGradingAssignment({ assignmentId: input.assignmentId, expertId: user.id });
    return { released: input.assignmentId };
  },
);

export const saveGradingMarkAction = defineAction(
  { name: 'grading.saveMark', roles: ['EXPERT'], input: gradingMarkSchema },
  async (input, { user }) => saveGradingMark({ expertId: user.id, input }),
);

export const submitGradingAction = defineAction(
  { name: 'grading.submit', roles: ['EXPERT'], input: gradingAssignmentSchema },
  async (input, { user }) => {
    const submitted = await submitGradingAssignment({ expertId: user.id, assignmentId: input.assignmentId });
    return { data: submitted, message: 'Submitted. Thank you.' };
  },
);
