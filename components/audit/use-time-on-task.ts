'use client';
// Time on task for the audit screen: counted for the active criterion only, and only while the page is
// visible. Each save takes the whole seconds accrued for its criterion (capped at an hour) and keeps the rest.
import { useCallback, useEffect, useRef } from 'react';

export function useTimeOnTask(activeId: number | undefined) {
  const clock = useRef({ since: Date.now(), pending: new Map<number, number>() });
  /** Books the time since the last booking to the active criterion; call it before the active one changes. */
  const accrue = useCallback(() => {
    const now = Date.now();
    if (activeId !== undefined && document.visibilityState === 'visible')
      clock.current.pending.set(activeId, (clock.current.pending.get(activeId) ?? 0) + now - clock.current.since);
    clock.current.since = now;
  }, [activeId]);
  const takeSeconds = useCallback(
    (id: number) => {
      if (id === activeId) accrue();
      const ms = clock.current.pending.get(id) ?? 0;
      const seconds = Math.min(3600, Math.floor(ms / 1000));
      clock.current.pending.set(id, ms - seconds * 1000);
      return seconds;
    },
    [accrue, activeId],
  );
  useEffect(() => {
    document.addEventListener('visibilitychange', accrue);
    return () => document.removeEventListener('visibilitychange', accrue);
  }, [accrue]);
  return { accrue, takeSeconds };
}
