import { describe, expect, it } from 'vitest';
import { percentile, summarizeLatencies } from '@/tools/bench/percentile';

describe('percentile', () => {
  it('matches numpy.percentile (linear) on worked examples', () => {
    // numpy.percentile([15, 20, 35, 40, 50], [0, 25, 40, 50, 95, 100]) -> [15, 20, 29, 35, 48, 50]
    const values = [50, 15, 40, 20, 35];
    expect(percentile(values, 0)).toBe(15);
    expect(percentile(values, 25)).toBe(20);
    expect(percentile(values, 40)).toBeCloseTo(29, 10);
    expect(percentile(values, 50)).toBe(35);
    expect(percentile(values, 95)).toBeCloseTo(48, 10);
    expect(percentile(values, 100)).toBe(50);
  });

  it('puts the p95 of 1..200 between the 190th and 191st values', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    // rank = 199 · 0.95 = 189.05 -> 190 + 0.05 · (191 − 190)
    expect(percentile(values, 95)).toBeCloseTo(190.05, 10);
    expect(percentile(values, 50)).toBe(100.5);
  });

  it('handles a single value and does not reorder its input', () => {
    expect(percentile([7], 95)).toBe(7);
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses empty lists and out-of-range percentiles', () => {
    expect(() => percentile([], 50)).toThrow(/empty/);
    expect(() => percentile([1], 101)).toThrow(/0\.\.100/);
    expect(() => percentile([1], Number.NaN)).toThrow();
  });

  it('summarizes latencies', () => {
    expect(summarizeLatencies([4, 1, 3, 2])).toEqual({ count: 4, min: 1, p50: 2.5, p95: 3.85, max: 4, mean: 2.5 });
  });
});
