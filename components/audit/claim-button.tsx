'use client';
// "Start" / "Next query": claims the next query of a campaign and opens it (or resumes the live one).
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { claimNextAction } from '@/lib/audit/actions';

const NONE_MESSAGES = {
  done: 'You have audited every query open to you in this campaign. Thank you!',
  waiting: 'Every remaining query is reserved by other experts right now. Try again in a few minutes.',
} as const;

export function ClaimButton({ campaignId, label, variant = 'primary' }: { campaignId: number; label: string; variant?: ButtonVariant }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const claim = () =>
    startTransition(async () => {
      setMessage(null);
      const result = await claimNextAction({ campaignId });
      if (!result.ok) {
        setMessage(result.error);
        return;
      }
      if (result.data.kind === 'none') {
        setMessage(NONE_MESSAGES[result.data.reason]);
        router.refresh();
        return;
      }
      router.push(`/audit/work/${result.data.assignmentId}`);
    });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant={variant} onClick={claim} disabled={pending}>
        {pending ? 'Finding a query…' : label}
      </Button>
      {message ? (
        <p role="status" className="text-sm text-slate-600">
          {message}
        </p>
      ) : null}
    </div>
  );
}
