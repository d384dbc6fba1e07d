'use client';
// The admin's buttons on a release: freeze a draft (after a confirmation that says it is permanent), delete
// a draft, and export formats that are missing or failed.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/page-header';
import { deleteDraftReleaseAction, exportReleaseAction, freezeReleaseAction } from '@/lib/releases/actions';
import type { ExportFormat } from '@/lib/export/format-names';

function useRun() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (call: () => Promise<{ ok: true } | { ok: false; error: string }>, after?: () => void) =>
    startTransition(async () => {
      const result = await call();
      if (result.ok) {
        setError(null);
        if (after) after();
        else router.refresh();
      } else setError(result.error);
    });
  return { error, pending, run, router };
}

export function DraftActions({ releaseId, criteria }: { releaseId: number; criteria: number }) {
  const { error, pending, run, router } = useRun();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-2">
      {error ? <Notice tone="error">{error}</Notice> : null}
      {confirming ? (
        <div className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
          <p id="freeze-question" className="font-medium text-amber-900">
            Freeze this release with {criteria.toLocaleString('en')} criteria?
          </p>
          <p className="mt-1 text-xs text-amber-900">
            A frozen release never changes; later edits of criteria do not reach it. Every format is exported right after.
          </p>
          <div className="mt-3 flex gap-2">
            <Button
              size="sm"
              aria-describedby="freeze-question"
              disabled={pending}
              onClick={() =>
                run(
                  () => freezeReleaseAction({ releaseId }),
                  () => {
                    setConfirming(false);
                    router.refresh();
                  },
                )
              }
            >
              {pending ? 'Freezing…' : 'Yes, freeze it'}
            </Button>
            <Button size="sm" variant="secondary" disabled={pending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button onClick={() => setConfirming(true)} disabled={criteria === 0}>
            Freeze…
          </Button>
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() =>
              run(
                () => deleteDraftReleaseAction({ releaseId }),
                () => router.push('/releases'),
              )
            }
          >
            Delete draft
          </Button>
        </div>
      )}
    </div>
  );
}

export function ExportMissingButton({ releaseId, formats }: { releaseId: number; formats: ExportFormat[] }) {
  const { error, pending, run } = useRun();
  if (formats.length === 0) return null;
  return (
    <div className="space-y-2">
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button variant="secondary" disabled={pending} onClick={() => run(() => exportReleaseAction({ releaseId, formats }))}>
        {pending ? 'Queuing…' : `Export ${formats.join(', ')}`}
      </Button>
    </div>
  );
}
