'use client';
// Whole seconds since `active` last became true (0 while it is false), for the elapsed time of long requests.
import { useEffect, useState } from 'react';

export function useElapsedSeconds(active: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [active]);
  return elapsed;
}
