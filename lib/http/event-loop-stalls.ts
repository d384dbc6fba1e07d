// How long this process's event loop was blocked (issue 21): one Node.js process serves many experts, so a request
// that computes for 300 ms on the main thread holds every other request of the process for that long, whatever
// the CPU share of the process. A timer due every 20 ms notes how late it fires; lateness of 50 ms or more is
// a stall. The counters are cumulative since the process started; GET /api/metrics/db-pool answers them beside
// the pool's waits, and `npm run stress` reports the window's stalls per web worker.

export interface EventLoopStalls {
  /** Timer ticks that fired `thresholdMs` or more late. */
  stalls: number;
  /** The lateness of those ticks, summed (ms). */
  stallMsTotal: number;
  stallMsMax: number;
}

export interface EventLoopWatch {
  read: () => EventLoopStalls;
  stop: () => void;
}

/** Starts counting stalls; the timer never keeps the process alive. */
export function watchEventLoop({ everyMs = 20, thresholdMs = 50 }: { everyMs?: number; thresholdMs?: number } = {}): EventLoopWatch {
  const counters: EventLoopStalls = { stalls: 0, stallMsTotal: 0, stallMsMax: 0 };
  let due = performance.now() + everyMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - due;
    due = now + everyMs;
    if (late < thresholdMs) return;
    counters.stalls += 1;
    counters.stallMsTotal += late;
    counters.stallMsMax = Math.max(counters.stallMsMax, late);
  }, everyMs);
  timer.unref();
  return { read: () => ({ ...counters }), stop: () => clearInterval(timer) };
}

const holder = globalThis as unknown as { __rubricAuditEventLoop?: EventLoopWatch };

/** This process's watch, started once (instrumentation.ts starts it before the first request). */
export function processEventLoopWatch(): EventLoopWatch {
  holder.__rubricAuditEventLoop ??= watchEventLoop();
  return holder.__rubricAuditEventLoop;
}
