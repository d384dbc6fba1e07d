import { describe, expect, it } from 'vitest';
import { concurrentLoops, forEachConcurrently, timeIt } from '@/tools/bench/concurrent-loops';

const tick = (ms = 1) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrentLoops', () => {
  it('runs every loop at once and the steps of one loop one after another', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const busy = new Set<number>();
    const results = await concurrentLoops(5, 4, async (worker, iteration) => {
      // A loop never has two steps in flight.
      expect(busy.has(worker)).toBe(false);
      busy.add(worker);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await tick(worker + 1);
      inFlight--;
      busy.delete(worker);
      return `${worker}:${iteration}`;
    });
    expect(maxInFlight).toBe(5);
    expect(results).toHaveLength(5);
    expect(results[3]).toEqual(['3:0', '3:1', '3:2', '3:3']);
  });

  it('does not make fast loops wait for slow ones', async () => {
    const finished: number[] = [];
    await concurrentLoops(2, 3, async (worker, iteration) => {
      await tick(worker === 0 ? 1 : 15);
      if (iteration === 2) finished.push(worker);
    });
    expect(finished).toEqual([0, 1]);
  });

  it('stops every loop after the first failure and rethrows it once the steps in flight settle', async () => {
    let started = 0;
    let settledAfterFailure = false;
    const run = concurrentLoops(3, 100, async (worker, iteration) => {
      started++;
      if (worker === 1 && iteration === 2) throw new Error('boom');
      await tick(worker === 2 ? 20 : 1);
      if (worker === 2 && iteration === 0) settledAfterFailure = true;
    });
    await expect(run).rejects.toThrow('boom');
    expect(settledAfterFailure).toBe(true);
    expect(started).toBeLessThan(20);
  });

  it('refuses nonsense sizes and does nothing for zero iterations', async () => {
    await expect(concurrentLoops(0, 1, async () => {})).rejects.toThrow(/workers/);
    await expect(concurrentLoops(2, -1, async () => {})).rejects.toThrow(/iterations/);
    expect(await concurrentLoops(2, 0, async () => 1)).toEqual([[], []]);
  });
});

describe('forEachConcurrently', () => {
  it('works on every item once, at most `concurrency` at a time, a free worker taking the next item', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const seen: number[] = [];
    const items = Array.from({ length: 10 }, (_, index) => index);
    // Item 0 is slow: it waits until the other workers have gone through every other item (no timer decides it).
    let releaseSlow = () => {};
    const othersDone = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    await forEachConcurrently(items, 3, async (item, index) => {
      expect(index).toBe(item);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await (item === 0 ? othersDone : tick(1));
      inFlight--;
      seen.push(item);
      if (seen.length === items.length - 1 && !seen.includes(0)) releaseSlow();
    });
    expect(maxInFlight).toBe(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(items);
    expect(seen.at(-1)).toBe(0);
  });

  it('starts nothing after the first failure and rethrows it once the items in flight settle', async () => {
    let started = 0;
    let slowSettled = false;
    const run = forEachConcurrently(
      Array.from({ length: 100 }, (_, index) => index),
      2,
      async (item) => {
        started++;
        if (item === 3) throw new Error('boom');
        await tick(item === 0 ? 20 : 1);
        if (item === 0) slowSettled = true;
      },
    );
    await expect(run).rejects.toThrow('boom');
    expect(slowSettled).toBe(true);
    expect(started).toBeLessThan(10);
  });

  it('refuses a nonsense concurrency and does nothing for no items', async () => {
    await expect(forEachConcurrently([1], 0, async () => {})).rejects.toThrow(/concurrency/);
    await forEachConcurrently([], 4, async () => {
      throw new Error('never');
    });
  });
});

describe('timeIt', () => {
  it('returns the value and the elapsed milliseconds', async () => {
    const { value, ms } = await timeIt(async () => {
      await tick(10);
      return 42;
    });
    expect(value).toBe(42);
    expect(ms).toBeGreaterThanOrEqual(9);
  });
});
