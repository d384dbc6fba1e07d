'use client';
// "Start" / "Next query": claims the next query of a campaign and opens it (or resumes the live one).
import type { ButtonVariant } from '@/components/ui/button';
import { ClaimNextButton } from '@/components/ui/claim-next-button';
import { claimNextAction } from '@/lib/audit/actions';

const NONE_MESSAGES = {
  done: 'You have audited every query open to you in this campaign. Thank you!',
  waiting: 'Every remaining query is reserved by other experts right now. Try again in a few minutes.',
} as const;

export function ClaimButton({ campaignId, label, variant = 'primary' }: { campaignId: number; label: string; variant?: ButtonVariant }) {
  return (
    <ClaimNextButton
      claim={() => claimNextAction({ campaignId })}
      hrefOf={(claimed: { assignmentId: number }) => `/audit/work/${claimed.assignmentId}`}
      label={label}
      finding="Finding a query…"
      none={NONE_MESSAGES}
      variant={variant}
    />
  );
}
