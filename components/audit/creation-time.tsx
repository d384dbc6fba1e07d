'use client';
// The "New campaign" form's word on time: for a large selection, how long creating it is expected to take (the
// app's estimate per criterion, lib/audit/creation-estimate.ts), and while it runs, the time so far.
import { formatSeconds } from '@/components/audit/campaign-labels';
import { useElapsedSeconds } from '@/components/ui/use-elapsed-seconds';
import { ESTIMATED_MS_PER_CRITERION, MENTION_CREATION_TIME_FROM_SECONDS, estimatedCreationSeconds } from '@/lib/audit/creation-estimate';

/**
 * For a large selection, how long creating it is expected to take (the app's estimate per criterion), and while it
 * runs, the time so far; the creation is one transaction, so there is no finer progress to show.
 */
export function CreationTime({
  criteria,
  submitting,
  limit,
}: {
  criteria: number | null;
  submitting: boolean;
  /** The time allowed, as the server's error states it ("15 minutes"). */
  limit: string;
}) {
  const elapsed = useElapsedSeconds(submitting);
  const expected = criteria === null ? null : estimatedCreationSeconds(criteria);
  const long = (expected ?? 0) >= MENTION_CREATION_TIME_FROM_SECONDS || (submitting && elapsed >= MENTION_CREATION_TIME_FROM_SECONDS);
  if (!long) return null;
  const estimate =
    expected === null
      ? null
      : `about ${formatSeconds(expected)} for ${criteria?.toLocaleString('en')} criteria (the app’s estimate, ${ESTIMATED_MS_PER_CRITERION} ms per criterion on a 2-core server)`;
  return (
    <p role="status" aria-live="polite" className="text-xs text-slate-600" data-testid="creation-time">
      {submitting
        ? `Creating: ${formatSeconds(elapsed)} so far${estimate ? `, ${estimate}` : ''}. Keep this page open.`
        : `Creating takes ${estimate}.`}{' '}
      If it takes longer than {limit}, it is undone and nothing is created.
    </p>
  );
}
