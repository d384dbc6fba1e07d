'use client';
// "Start" / "Next pair": claims the next pair of a pairwise run and opens it (or resumes the live one).
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { claimNextPairAction } from '@/lib/pairwise/actions';

const NONE_MESSAGES = {
  done: 'You have reviewed every pair open to you in this run. Thank you!',
  waiting: 'Every remaining pair is reserved by other reviewers right now. Try again in a few minutes.',
} as const;

export function ClaimPairButton({ runId, label, variant = 'primary' }: { runId: number; label: string; variant?: ButtonVariant }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const claim = () =>
    startTransition(async () => {
      setMessage(null);
      const result = await claimNextPairAction({ runId });
      if (!result.ok) {
        setMessage(result.error);
        return;
      }
      if (result.data.kind === 'none') {
        setMessage(NONE_MESSAGES[result.data.reason]);
        router.refresh();
        return;
      }
      router.push(`/pairwise/review/${result.data.judgmentId}`);
    });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant={variant} onClick={claim} disabled={pending}>
        {pending ? 'Finding a pair…' : label}
      </Button>
      {message ? (
        <p role="status" className="text-sm text-slate-600">
          {message}
        </p>
      ) : null}
    </div>
  );
}
