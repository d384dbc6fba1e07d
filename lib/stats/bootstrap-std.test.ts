import { describe, expect, it } from 'vitest';
import { bootstrapStd } from '@/lib/stats';

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('bootstrapStd', () => {
  it('is 0 for a constant sample and NaN for an empty one', () => {
    expect(bootstrapStd([0.4, 0.4, 0.4], mean, { seed: 1 })).toBeCloseTo(0, 12);
    expect(bootstrapStd([], mean, { seed: 1 })).toBeNaN();
  });

  it('approaches the standard error of the mean, σ/√n with the population σ (seeded, reproducible)', () => {
    // Values 0 and 1, half each: population σ = 0.5, n = 100 → σ/√n = 0.05.
    const values = Array.from({ length: 100 }, (_, i) => i % 2);
    const std = bootstrapStd(values, mean, { seed: 7, resamples: 4000 });
    expect(std).toBeGreaterThan(0.045);
    expect(std).toBeLessThan(0.055);
    expect(bootstrapStd(values, mean, { seed: 7, resamples: 4000 })).toBe(std);
  });
});
