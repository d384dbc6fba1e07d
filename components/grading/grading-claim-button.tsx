'use client';
// "Start grading" / "Next response": claims the next response of a grading campaign and opens it.
import { ClaimNextButton } from '@/components/ui/claim-next-button';
import { claimGradingAction } from '@/lib/grading/actions';

const NONE_MESSAGES = {
  done: 'You have graded every response open to you in this campaign. Thank you!',
  waiting: 'Every remaining response is reserved by other clinicians right now. Try again in a few minutes.',
} as const;

export function GradingClaimButton({ campaignId, label }: { campaignId: number; label: string }) {
  return (
    <ClaimNextButton
      claim={() => claimGradingAction({ campaignId })}
      hrefOf={(claimed: { assignmentId: number }) => `/audit/grading/work/${claimed.assignmentId}`}
      label={label}
      finding="Finding a response…"
      none={NONE_MESSAGES}
    />
  );
}
