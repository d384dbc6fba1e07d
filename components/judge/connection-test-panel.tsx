'use client';
// The endpoint page's Test connection: one short probe per structured-output mode, cheapest first, on the
// server (testConnectionAction). While it runs, the modes it will try and the time so far; then what it found.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { ConnectionTestDetails } from '@/components/judge/connection-test-view';
import { OUTPUT_MODE_LABELS } from '@/components/judge/labels';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/page-header';
import { useElapsedSeconds } from '@/components/ui/use-elapsed-seconds';
import { testConnectionAction } from '@/lib/judge/actions';
import type { ConnectionTest } from '@/lib/judge/connection-test';
import { OUTPUT_MODES } from '@/lib/judge/wire-request';

export function ConnectionTestPanel({ endpointId, test }: { endpointId: number; test: ConnectionTest | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const elapsed = useElapsedSeconds(pending);

  const run = () =>
    startTransition(async () => {
      setError(null);
      const result = await testConnectionAction({ endpointId });
      if (!result.ok) setError(result.error);
      router.refresh();
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={run} disabled={pending}>
          {pending ? 'Testing…' : 'Test connection'}
        </Button>
        <p className="text-xs text-slate-500">
          Tests the saved settings: one short call per mode until one answers with valid JSON (a few tokens each).
        </p>
      </div>
      {pending ? (
        <div role="status" aria-live="polite" className="text-sm text-slate-700" data-testid="connection-test-progress">
          Probing, cheapest first: {OUTPUT_MODES.map((mode) => OUTPUT_MODE_LABELS[mode].label).join(' → ')}, stopping at the first that
          works · {elapsed} s
        </div>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {test && !pending ? <ConnectionTestDetails test={test} /> : null}
      {!test && !pending ? <p className="text-sm text-slate-500">Not tested yet.</p> : null}
    </div>
  );
}
