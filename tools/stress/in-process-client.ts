// An ExpertClient without HTTP, for tests: the same server actions (defineAction: session role, zod parsing,
// the domain function) called in this process as `user` (runAsUser, honoured under Vitest only), and the
// pages' own reads (listExpertCampaigns, getExpertAssignment). `npm run stress` uses the HTTP client instead.
import { claimNextAction, saveVerdictAction, submitAssignmentAction, updateAssignmentAction } from '@/lib/audit/actions';
import { getExpertAssignment, listExpertCampaigns } from '@/lib/audit/expert-view';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import type { ExpertClient } from '@/tools/stress/expert-loop';
import { HttpStatusError } from '@/tools/stress/recorder';

export function inProcessExpertClient(user: SessionUser): ExpertClient {
  const as = <T>(run: () => Promise<T>) => runAsUser(user, run);
  const open = async (assignmentId: number) => {
    const assignment = await getExpertAssignment({ assignmentId, expertId: user.id });
    if (!assignment) throw new HttpStatusError(404, `assignment ${assignmentId} is not ${user.email}'s`);
    return assignment;
  };
  return {
    email: user.email,
    home: async () => {
      await listExpertCampaigns(user.id);
    },
    claim: (campaignId) => as(() => claimNextAction({ campaignId })),
    open: (assignmentId) => open(assignmentId),
    saveVerdict: (_assignmentId, draft) => as(() => saveVerdictAction(draft as Parameters<typeof saveVerdictAction>[0])),
    rate: (_assignmentId, input) => as(() => updateAssignmentAction(input as Parameters<typeof updateAssignmentAction>[0])),
    submit: (_assignmentId, input) => as(() => submitAssignmentAction(input as Parameters<typeof submitAssignmentAction>[0])),
  };
}
