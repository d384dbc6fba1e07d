'use client';
// Re-renders the page's server components every `intervalMs` while `busy` (background work in progress), so
// progress read on the server moves without a reload; stops once the work is done.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function useRefreshWhile(busy: boolean, intervalMs = 1000): void {
  const router = useRouter();
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [busy, intervalMs, router]);
}
