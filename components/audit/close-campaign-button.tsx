'use client';
// Closing ends a campaign for good: no more claims or amendments, live reservations released. So it asks
// once more, saying what will happen, before calling closeCampaignAction.
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { formatSeconds } from '@/components/audit/campaign-labels';
import { Button, buttonClasses } from '@/components/ui/button';
import { useElapsedSeconds } from '@/components/ui/use-elapsed-seconds';
import { closeCampaignAction } from '@/lib/audit/actions';
import { MENTION_CREATION_TIME_FROM_SECONDS } from '@/lib/audit/creation-estimate';

export function CloseCampaignButton({ campaignId, liveReservations }: { campaignId: number; liveReservations: number }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const elapsed = useElapsedSeconds(pending);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the step: to the confirm button when asked, back to "Close campaign" when cancelled.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const close = () =>
    startTransition(async () => {
      const result = await closeCampaignAction({ campaignId });
      if (result.ok) {
        setConfirming(false);
        router.refresh();
      } else {
        setError(result.error);
      }
    });

  if (!confirming) {
    return (
      <button ref={openRef} type="button" className={buttonClasses('danger')} onClick={() => setConfirming(true)}>
        Close campaign
      </button>
    );
  }
  return (
    <div className="max-w-sm rounded-md bg-red-50 p-3 text-sm ring-1 ring-red-200">
      <p id="close-campaign-question" className="font-medium text-red-900">
        Close this campaign?
      </p>
      <p id="close-campaign-detail" className="mt-1 text-xs text-red-800">
        Experts can no longer claim queries or amend verdicts.
        {liveReservations > 0
          ? ` ${liveReservations} reserved ${liveReservations === 1 ? 'query is' : 'queries are'} released, unsubmitted.`
          : ''}{' '}
        This cannot be undone.
      </p>
      {pending && elapsed >= MENTION_CREATION_TIME_FROM_SECONDS ? (
        <p role="status" className="mt-2 text-xs text-red-900" data-testid="closing-time">
          Closing: {formatSeconds(elapsed)} so far. A large campaign takes minutes to close; keep this page open.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-xs font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <button
          ref={confirmRef}
          type="button"
          aria-describedby="close-campaign-question close-campaign-detail"
          className="inline-flex h-8 items-center rounded-md bg-red-600 px-2.5 text-sm font-medium text-white hover:bg-red-700 disabled:bg-red-600/50"
          onClick={close}
          disabled={pending}
        >
          {pending ? 'Closing…' : 'Yes, close it'}
        </button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
