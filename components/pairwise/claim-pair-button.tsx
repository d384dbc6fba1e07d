'use client';
// "Start" / "Next pair": claims the next pair of a pairwise run and opens it (or resumes the live one).
import type { ButtonVariant } from '@/components/ui/button';
import { ClaimNextButton } from '@/components/ui/claim-next-button';
import { claimNextPairAction } from '@/lib/pairwise/actions';

const NONE_MESSAGES = {
  done: 'You have reviewed every pair open to you in this run. Thank you!',
  waiting: 'Every remaining pair is reserved by other reviewers right now. Try again in a few minutes.',
} as const;

export function ClaimPairButton({ runId, label, variant = 'primary' }: { runId: number; label: string; variant?: ButtonVariant }) {
  return (
    <ClaimNextButton
      claim={() => claimNextPairAction({ runId })}
      hrefOf={(claimed: { judgmentId: number }) => `/pairwise/review/${claimed.judgmentId}`}
      label={label}
      finding="Finding a pair…"
      none={NONE_MESSAGES}
      variant={variant}
    />
  );
}
