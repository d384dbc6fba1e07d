// Stalls of the event loop are counted with their length, and a loop left free counts none of its own.
import { describe, expect, it } from 'vitest';
import { watchEventLoop } from '@/lib/http/event-loop-stalls';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the main thread busy, as a long render or a large JSON.stringify would keep it
  }
};
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event loop stalls', () => {
  it('counts a blocked main thread as one stall of about its length', async () => {
    const watch = watchEventLoop({ everyMs: 10, thresholdMs: 50 });
    try {
      await idle(30);
      const before = watch.read();
      block(250);
      await idle(30);
      const after = watch.read();
      expect(after.stalls - before.stalls).toBeGreaterThanOrEqual(1);
      expect(after.stallMsMax).toBeGreaterThanOrEqual(200);
      expect(after.stallMsMax).toBeLessThan(1000);
      expect(after.stallMsTotal - before.stallMsTotal).toBeGreaterThanOrEqual(200);
      // The main thread computed through that stall: its CPU time is counted (in 10 ms ticks, on Linux).
      if (process.platform === 'linux') expect((after.stallCpuMsTotal ?? 0) - (before.stallCpuMsTotal ?? 0)).toBeGreaterThanOrEqual(150);
    } finally {
      watch.stop();
    }
  });

  it.runIf(process.platform === 'linux')('counts a stall spent waiting (the thread asleep) as off the CPU', async () => {
    const watch = watchEventLoop({ everyMs: 10, thresholdMs: 50 });
    try {
      await idle(30);
      const before = watch.read();
      // Atomics.wait sleeps the main thread without using the CPU, as a thread waiting for a core would.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      await idle(30);
      const after = watch.read();
      expect(after.stallMsTotal - before.stallMsTotal).toBeGreaterThanOrEqual(250);
      expect((after.stallCpuMsTotal ?? 0) - (before.stallCpuMsTotal ?? 0)).toBeLessThan(100);
    } finally {
      watch.stop();
    }
  });

  it('does not count a block shorter than the threshold', async () => {
    const watch = watchEventLoop({ everyMs: 10, thresholdMs: 400 });
    try {
      await idle(30);
      block(120);
      await idle(30);
      expect(watch.read()).toMatchObject({ stalls: 0, stallMsTotal: 0, stallMsMax: 0 });
    } finally {
      watch.stop();
    }
  });
});
