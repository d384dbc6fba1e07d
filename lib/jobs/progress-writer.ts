// Progress of a background job is written to its row while the job streams: throttled, one write at a time and in
// order (a late write never lands after the final state), and best effort. A progress write that fails (the
// connection was cut, the database restarted) must never become an unhandled rejection, which would end the worker
// process: the job's own next statement meets the same failure and reports it through the job's retry path.

export type ProgressWriter<T> = {
  /** Queue a write of `value` unless one was queued within the throttle window; `force` always queues. */
  report: (value: T, options?: { force?: boolean }) => void;
  /** Resolves once every queued write has finished (or failed); never rejects. */
  settled: () => Promise<void>;
};

export function progressWriter<T>(write: (value: T) => Promise<unknown>, { everyMs }: { everyMs: number }): ProgressWriter<T> {
  let chain: Promise<void> = Promise.resolve();
  let lastWrite = Number.NEGATIVE_INFINITY;
  return {
    report(value, options) {
      const now = Date.now();
      if (!options?.force && now - lastWrite < everyMs) return;
      lastWrite = now;
      chain = chain
        .then(() => write(value))
        .then(
          () => {},
          () => {},
        );
    },
    settled: () => chain,
  };
}
