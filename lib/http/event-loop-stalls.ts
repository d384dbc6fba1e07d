// How long this process's event loop was blocked (issue 21): one Node.js process serves many experts, so a request
// that computes for 300 ms on the main thread holds every other request of the process for that long, whatever
// the CPU share of the process. A timer due every 20 ms notes how late it fires; lateness of 50 ms or more is
// a stall. The counters are cumulative since the process started; GET /api/metrics/db-pool answers them beside
// the pool's waits, and `npm run stress` reports the window's stalls per web worker. On Linux a stall also
// counts the CPU the main thread used during it (/proc/self/task/<pid>/stat, in 10 ms ticks): a stall spent on
// the CPU is the process's own work (a long render, a large JSON), one spent off it is waiting for a core.
import fs from 'node:fs';

export interface EventLoopStalls {
  /** Timer ticks that fired `thresholdMs` or more late. */
  stalls: number;
  /** The lateness of those ticks, summed (ms). */
  stallMsTotal: number;
  stallMsMax: number;
  /** CPU time of the main thread during those stalls (ms); null where the thread's counters cannot be read. */
  stallCpuMsTotal: number | null;
}

const TICK_MS = 10; // USER_HZ on Linux: /proc's CPU counters count in hundredths of a second

/** The main thread's CPU time so far (ms), or null where /proc does not give it. */
function mainThreadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

export interface EventLoopWatch {
  read: () => EventLoopStalls;
  stop: () => void;
}

/** Starts counting stalls; the timer never keeps the process alive. */
export function watchEventLoop({ everyMs = 20, thresholdMs = 50 }: { everyMs?: number; thresholdMs?: number } = {}): EventLoopWatch {
  let cpuBefore = mainThreadCpuMs();
  const counters: EventLoopStalls = { stalls: 0, stallMsTotal: 0, stallMsMax: 0, stallCpuMsTotal: cpuBefore === null ? null : 0 };
  let due = performance.now() + everyMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - due;
    due = now + everyMs;
    const cpuNow = counters.stallCpuMsTotal === null ? null : mainThreadCpuMs();
    const cpuDuring = cpuNow === null || cpuBefore === null ? null : cpuNow - cpuBefore;
    cpuBefore = cpuNow;
    if (late < thresholdMs) return;
    counters.stalls += 1;
    counters.stallMsTotal += late;
    counters.stallMsMax = Math.max(counters.stallMsMax, late);
    // The interval since the previous tick is the stall plus one period; the CPU is capped at the stall.
    if (counters.stallCpuMsTotal !== null && cpuDuring !== null) counters.stallCpuMsTotal += Math.min(cpuDuring, late);
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
