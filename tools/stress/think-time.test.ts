// The realistic pace: `--think-ms T` pauses uniform in [0.5 T, 1.5 T], mean T.
import { describe, expect, it } from 'vitest';
import { createRandom } from '@/tools/fixtures/prng';
import { arrivalDelayMs, drawThinkTimeMs } from '@/tools/stress/think-time';

describe('think time', () => {
  it('stays within [0.5, 1.5] × the mean, reaches both ends and averages to the mean', () => {
    const random = createRandom(42);
    const draws = Array.from({ length: 20_000 }, () => drawThinkTimeMs(random, 5000));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(2500);
    expect(Math.max(...draws)).toBeLessThan(7500);
    expect(Math.min(...draws)).toBeLessThan(2510);
    expect(Math.max(...draws)).toBeGreaterThan(7490);
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    // Standard error of the mean: 1000/√12/√20000 ≈ 2 ms; 20 ms is ten of them.
    expect(Math.abs(mean - 5000)).toBeLessThan(20);
    // Uniform: each fifth of the range holds about a fifth of the draws.
    for (let fifth = 0; fifth < 5; fifth++) {
      const share = draws.filter((value) => value >= 2500 + fifth * 1000 && value < 3500 + fifth * 1000).length / draws.length;
      expect(share).toBeGreaterThan(0.18);
      expect(share).toBeLessThan(0.22);
    }
  });

  it('is no pause at all for --think-ms 0', () => {
    expect(drawThinkTimeMs(createRandom(1), 0)).toBe(0);
  });
});

describe('arrivals', () => {
  it('spreads the experts evenly over the ramp, the first at once, never past a fifth of the window', () => {
    const delays = Array.from({ length: 262 }, (_, index) => arrivalDelayMs(index, 262, 60, 300));
    expect(delays[0]).toBe(0);
    expect(Math.max(...delays)).toBeLessThan(60_000);
    expect(Math.max(...delays)).toBeGreaterThan(59_700);
    // Even: each 10 s of the ramp sees about a sixth of the experts.
    for (let slice = 0; slice < 6; slice++) {
      const inSlice = delays.filter((delay) => delay >= slice * 10_000 && delay < (slice + 1) * 10_000).length;
      expect(Math.abs(inSlice - 262 / 6)).toBeLessThanOrEqual(1);
    }
    // A 120 s window ramps over 24 s; --ramp-s 0 starts everyone at once.
    expect(Math.max(...Array.from({ length: 50 }, (_, index) => arrivalDelayMs(index, 50, 60, 120)))).toBeLessThan(24_000);
    expect(Array.from({ length: 50 }, (_, index) => arrivalDelayMs(index, 50, 0, 120)).every((delay) => delay === 0)).toBe(true);
  });
});
