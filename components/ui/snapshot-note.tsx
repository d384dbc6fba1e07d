// Says when a page's stored figures were computed (lib/analytics/snapshots.ts): computed for this request, or served
// from the snapshot because nothing they read has changed since.
import { formatDate } from '@/components/ui/format';

export function SnapshotNote({ snapshot }: { snapshot: { computedAt: Date; computeMs: number; stored: boolean } }) {
  const took = snapshot.computeMs >= 1000 ? `${(snapshot.computeMs / 1000).toFixed(1)} s` : `${snapshot.computeMs} ms`;
  return (
    <p className="-mt-4 mb-6 text-xs text-slate-500" data-testid="snapshot-note" data-stored={snapshot.stored}>
      {snapshot.stored
        ? `Figures computed ${formatDate(snapshot.computedAt, true)} (in ${took}) and unchanged since: nothing they are computed from has changed.`
        : `Figures computed now (in ${took}).`}{' '}
      They are stored and recomputed on the first visit after any verdict, grade, criterion, response or run they read changes.
    </p>
  );
}
