'use client';
// What a page shows when it could not be rendered. A database outage gets a notice of its own: the session
// lookup reports it with DATABASE_UNAVAILABLE_DIGEST, and any other failure is checked against /api/health.
// During an outage the notice asks /api/health every few seconds and renders the page again once the
// database answers, so nobody has to reload (and the app is never restarted).
import { useRouter } from 'next/navigation';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DATABASE_UNAVAILABLE_DIGEST } from '@/lib/errors';

const RECHECK_MS = 5_000;

async function databaseIsUp(): Promise<boolean | null> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    if (response.status === 503) return false;
    return response.ok ? true : null;
  } catch {
    // The app itself did not answer: not something the database notice should claim.
    return null;
  }
}

export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const [outage, setOutage] = useState(error.digest === DATABASE_UNAVAILABLE_DIGEST);
  const retry = useCallback(
    () =>
      startTransition(() => {
        router.refresh();
        reset();
      }),
    [router, reset],
  );

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const up = await databaseIsUp();
      if (stopped) return;
      if (up === false) setOutage(true);
      // Back after an outage: render the page again. A failure with the database up is not retried by itself.
      if (up === true && outage) retry();
      else if (up === false || outage) timer = setTimeout(check, RECHECK_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [outage, retry]);

  if (outage) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center" role="alert" data-testid="outage-notice">
        <h1 className="text-lg font-semibold">The database is unreachable</h1>
        <p className="mt-2 text-sm text-slate-600">
          Rubric Audit cannot reach its database right now, so this page cannot be shown. Everything saved before is safe; a change you were
          making when this appeared was not saved, so check it once the page is back.
        </p>
        <p className="mt-2 text-sm text-slate-600" aria-live="polite">
          This page tries again by itself every few seconds.
        </p>
        <Button className="mt-4" onClick={retry}>
          Try again now
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg py-16 text-center" role="alert">
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-slate-600">
        The server could not complete the request. Nothing you entered on another page is lost. Try again in a moment.
      </p>
      {error.digest ? <p className="mt-2 font-mono text-xs text-slate-500">Reference {error.digest}</p> : null}
      <Button className="mt-4" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
