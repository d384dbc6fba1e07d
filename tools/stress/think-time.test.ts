// The realistic pace: `--think-ms T` pauses uniform in [0.5 T, 1.5 T], mean T.
import { describe, expect, it } from 'vitest';
import { createRandom } from '@/tools/fixtures/prng';
import { drawThinkTimeMs } from '@/tools/stress/think-time';

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
