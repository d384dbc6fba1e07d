'use client';
// How every job page (an import, a judge run, a release being frozen or exported) stays current while its job
// runs: the page is server-rendered from the job's row, and useLiveJob re-renders it (router.refresh()) about
// every second, one refresh at a time (the next is scheduled once the previous has rendered), and stops once
// the job is over. <LiveJob> does the same and says so.
import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';

export function useLiveJob(active: boolean, intervalMs = 1000): void {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  useEffect(() => {
    if (!active || refreshing) return;
    const timer = setTimeout(() => startRefresh(() => router.refresh()), intervalMs);
    return () => clearTimeout(timer);
  }, [active, refreshing, intervalMs, router]);
}

export function LiveJob({ active, intervalMs }: { active: boolean; intervalMs?: number }) {
  useLiveJob(active, intervalMs);
  if (!active) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
      <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-brand-500" />
      Live
    </span>
  );
}
