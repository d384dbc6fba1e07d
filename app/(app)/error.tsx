'use client';
// Unexpected failures inside the app shell. When the database is down, say so plainly; the page recovers
// by itself on retry once it is back (no restart needed).
import { Button } from '@/components/ui/button';

export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-slate-600">
        The server could not complete the request; the database may be restarting. Nothing you entered on another page is lost. Try again in
        a moment.
      </p>
      {error.digest ? <p className="mt-2 font-mono text-xs text-slate-400">Reference {error.digest}</p> : null}
      <Button className="mt-4" onClick={() => reset()}>
        Try again
      </Button>
    </div>
  );
}
