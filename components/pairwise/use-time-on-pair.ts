'use client';
// Time on task for the pairwise review: seconds of visible time since the last call (capped at an hour), so
// each save books only the time the reviewer actually had the pair in front of them.
import { useCallback, useEffect, useRef } from 'react';

export function useTimeOnPair() {
  const since = useRef(Date.now());
  const pending = useRef(0);
  useEffect(() => {
    const onVisibility = () => {
      const now = Date.now();
      if (document.visibilityState === 'hidden') pending.current += now - since.current;
      since.current = now;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  return useCallback(() => {
    const now = Date.now();
    const ms = pending.current + (document.visibilityState === 'visible' ? now - since.current : 0);
    since.current = now;
    pending.current = 0;
    return Math.min(3600, Math.floor(ms / 1000));
  }, []);
}
