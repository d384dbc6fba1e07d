// Says when a page's stored figures were computed (lib/analytics/snapshots.ts): computed for this request, or served
// from the snapshot because nothing they read has changed since.
import { formatDate } from '@/components/ui/format';

export function SnapshotNote({ snapshot }: { snapshot: { computedAt: Date; computeMs: number; stored: boolean; kept: boolean } }) {
  const took = snapshot.computeMs >= 1000 ? `${(snapshot.computeMs / 1000).toFixed(1)} s` : `${snapshot.computeMs} ms`;
  const what = 'a verdict, grade, criterion, response or run they read';
  return (
    <p className="-mt-4 mb-6 text-xs text-slate-500" data-testid="snapshot-note" data-stored={snapshot.stored}>
      {snapshot.stored
        ? `Figures computed ${formatDate(snapshot.computedAt, true)} (in ${took}) by this version of the app; nothing they are computed from has changed since. They are recomputed on the first visit after ${what} changes.`
        : snapshot.kept
          ? `Figures computed now (in ${took}), kept for the next visits until ${what} changes.`
          : `Figures computed now (in ${took}); not kept, because ${what} changed while they were computed.`}
    </p>
  );
}
