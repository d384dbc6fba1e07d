import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@/lib/stats/mulberry32';
import { multinomialCounts } from '@/lib/stats/multinomial-counts';

/** Draws `times` samples and returns them. */
function sample(counts: number[], times: number, seed: number): Float64Array[] {
  const draw = multinomialCounts(counts, mulberry32(seed));
  return Array.from({ length: times }, () => {
    const drawn = new Float64Array(counts.length);
    draw(drawn);
    return drawn;
  });
}

describe('multinomialCounts', () => {
  it('draws n in all, each kind between 0 and n, never a kind that has no cluster', () => {
    for (const drawn of sample([5, 0, 3, 1, 0, 11], 2000, 3)) {
      expect(drawn.reduce((sum, x) => sum + x, 0)).toBe(20);
      expect(drawn[1]).toBe(0);
      expect(drawn[4]).toBe(0);
      for (const x of drawn) expect(Number.isInteger(x) && x >= 0 && x <= 20).toBe(true);
    }
  });

  it('has the multinomial means, variances and covariances (large n: the BTRD branch)', () => {
    const counts = [4000, 2500, 2000, 1000, 500];
    const n = 10_000;
    const times = 4000;
    const draws = sample(counts, times, 11);
    const p = counts.map((count) => count / n);
    const mean = (k: number) => draws.reduce((sum, d) => sum + (d[k] as number), 0) / times;
    const cov = (j: number, k: number) => {
      const mj = mean(j);
      const mk = mean(k);
      return draws.reduce((sum, d) => sum + ((d[j] as number) - mj) * ((d[k] as number) - mk), 0) / (times - 1);
    };
    p.forEach((pk, k) => {
      const variance = n * pk * (1 - pk);
      // The sample mean is within 5 standard errors; the sample variance within 15% (its relative SE is about 2%).
      expect(Math.abs(mean(k) - n * pk)).toBeLessThan(5 * Math.sqrt(variance / times));
      expect(cov(k, k) / variance).toBeGreaterThan(0.85);
      expect(cov(k, k) / variance).toBeLessThan(1.15);
    });
    // Kinds compete for the same n draws: cov = −n pⱼ pₖ.
    expect(cov(0, 1) / (-n * (p[0] as number) * (p[1] as number))).toBeGreaterThan(0.8);
    expect(cov(0, 1) / (-n * (p[0] as number) * (p[1] as number))).toBeLessThan(1.2);
  });

  it('gives each outcome its multinomial probability (small n: the inversion branch; chi-square over all outcomes)', () => {
    // n = 4 draws of 3 kinds with p = (1/4, 1/4, 1/2): 15 outcomes with known probabilities.
    const counts = [1, 1, 2];
    const times = 40_000;
    const seen = new Map<string, number>();
    for (const drawn of sample(counts, times, 5)) seen.set(drawn.join(','), (seen.get(drawn.join(',')) ?? 0) + 1);
    const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));
    let chiSquare = 0;
    let outcomes = 0;
    for (let a = 0; a <= 4; a++)
      for (let b = 0; a + b <= 4; b++) {
        const c = 4 - a - b;
        const probability = (factorial(4) / (factorial(a) * factorial(b) * factorial(c))) * 0.25 ** a * 0.25 ** b * 0.5 ** c;
        const expected = probability * times;
        chiSquare += ((seen.get(`${a},${b},${c}`) ?? 0) - expected) ** 2 / expected;
        outcomes++;
      }
    expect(outcomes).toBe(15);
    expect([...seen.keys()].length).toBeLessThanOrEqual(15);
    // 14 degrees of freedom: P(χ² > 36.1) = 0.001.
    expect(chiSquare).toBeLessThan(36.1);
  });

  it('is the same sequence for the same seed and another for another seed', () => {
    const first = sample([30, 20, 50], 5, 7).map((d) => [...d]);
    expect(sample([30, 20, 50], 5, 7).map((d) => [...d])).toEqual(first);
    expect(sample([30, 20, 50], 5, 8).map((d) => [...d])).not.toEqual(first);
  });

  it('refuses counts that are not whole numbers', () => {
    expect(() => multinomialCounts([1, 2.5], Math.random)).toThrow(/whole numbers/);
    expect(() => multinomialCounts([1, -1], Math.random)).toThrow(/whole numbers/);
  });
});
