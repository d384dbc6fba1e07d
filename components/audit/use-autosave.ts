'use client';
// Debounced autosave per key (one criterion each): edits schedule a save; while one is in flight further
// edits wait and the newest state is saved next. `flush()` saves everything pending at once and resolves when
// every save has finished (before submitting).
import { useCallback, useEffect, useRef } from 'react';

export function useAutosave<K extends string | number>(save: (key: K) => Promise<void>, delayMs = 700) {
  const timers = useRef(new Map<K, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<K, Promise<void>>());
  const again = useRef(new Set<K>());
  const saveRef = useRef(save);
  saveRef.current = save;

  const run = useCallback((key: K): Promise<void> => {
    const running = inFlight.current.get(key);
    if (running !== undefined) {
      again.current.add(key);
      return running;
    }
    const promise = saveRef
      .current(key)
      .catch(() => {})
      .finally(() => {
        inFlight.current.delete(key);
        if (again.current.delete(key)) void run(key);
      });
    inFlight.current.set(key, promise);
    return promise;
  }, []);

  const schedule = useCallback(
    (key: K) => {
      const timer = timers.current.get(key);
      if (timer) clearTimeout(timer);
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          void run(key);
        }, delayMs),
      );
    },
    [delayMs, run],
  );

  const flush = useCallback(async () => {
    const pending = [...timers.current.keys()];
    for (const key of pending) {
      clearTimeout(timers.current.get(key));
      timers.current.delete(key);
    }
    await Promise.all([...pending.map((key) => run(key)), ...inFlight.current.values()]);
    // Saves queued behind the ones just awaited.
    if (inFlight.current.size > 0) await Promise.all(inFlight.current.values());
  }, [run]);

  useEffect(() => {
    const current = timers.current;
    return () => {
      for (const timer of current.values()) clearTimeout(timer);
    };
  }, []);

  return { schedule, flush };
}
