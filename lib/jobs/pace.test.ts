import { describe, expect, it } from 'vitest';
import { jobPace, pacedChunks } from '@/lib/jobs/pace';

/** A pace on a clock the test moves: `work(ms)` advances it as a chunk of work would. */
function clocked(duty: number, options: { minWorkMs?: number; maxPauseMs?: number } = {}) {
  let clock = 0;
  const pauses: number[] = [];
  const pace = jobPace(duty, {
    ...options,
    now: () => clock,
    sleep: async (ms) => {
      pauses.push(ms);
      clock += ms;
    },
  });
  const work = (ms: number) => {
    clock += ms;
  };
  return { pace, pauses, work };
}

describe('jobPace', () => {
  it('pauses for the work since the last pause × (1 − duty) / duty', async () => {
    const { pace, pauses, work } = clocked(0.5);
    work(300);
    expect(await pace.breathe()).toBe(300);
    work(120);
    await pace.breathe();
    expect(pauses).toEqual([300, 120]);
    expect(pace.pausedMs).toBe(420);

    const quarter = clocked(0.25);
    quarter.work(200);
    await quarter.pace.breathe();
    expect(quarter.pauses).toEqual([600]);
  });

  it('holds the job to its duty cycle over many small chunks, pausing once enough work has gathered', async () => {
    const { pace, pauses, work } = clocked(0.4, { minWorkMs: 100 });
    for (let i = 0; i < 100; i += 1) {
      work(30);
      await pace.breathe();
    }
    // 3,000 ms of work in pauses of at least 100 ms of work each: worked / (worked + paused) = duty.
    expect(pauses.length).toBeLessThanOrEqual(30);
    expect(pauses.length).toBeGreaterThan(0);
    const paused = pauses.reduce((a, b) => a + b, 0);
    expect(3000 / (3000 + paused)).toBeCloseTo(0.4, 1);
  });

  it('never pauses at duty 1, caps one pause, and refuses a duty outside (0, 1]', async () => {
    const full = clocked(1);
    full.work(5000);
    expect(await full.pace.breathe()).toBe(0);
    expect(full.pauses).toEqual([]);

    const capped = clocked(0.1, { maxPauseMs: 2000 });
    capped.work(1000);
    expect(await capped.pace.breathe()).toBe(2000);

    expect(() => jobPace(0)).toThrow(RangeError);
    expect(() => jobPace(1.5)).toThrow(RangeError);
    expect(() => jobPace(Number.NaN)).toThrow(RangeError);
  });

  it('pacedChunks hands on every chunk in order and breathes before each', async () => {
    const { pace, pauses, work } = clocked(0.5, { minWorkMs: 0 });
    async function* body() {
      for (const chunk of ['a', 'b', 'c']) {
        work(50);
        yield chunk;
      }
    }
    const seen: string[] = [];
    for await (const chunk of pacedChunks(body(), pace)) seen.push(chunk);
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(pauses).toEqual([50, 50, 50]);
  });
});
