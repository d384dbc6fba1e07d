import { describe, expect, it } from 'vitest';
import { bootstrapInterval, clusterBootstrapIntervals } from '@/lib/stats';

describe('clusterBootstrapIntervals', () => {
  // Drawing how often each distinct cluster is drawn at once (a multinomial draw) is the same distribution as drawing
  // n clusters one by one, not the same numbers: the intervals agree with bootstrapInterval's within Monte Carlo error.
  it('agrees with bootstrapInterval over the clusters for a statistic of their sums', () => {
    const clusters = [
      [3, 1],
      [0, 4],
      [5, 5],
      [2, 0],
      [1, 1],
      [4, 2],
    ];
    const share = (sums: ArrayLike<number>) => (sums[0] as number) / ((sums[0] as number) + (sums[1] as number));
    const sum = (sample: number[][]) => sample.reduce((acc, row) => [(acc[0] ?? 0) + (row[0] ?? 0), (acc[1] ?? 0) + (row[1] ?? 0)], [0, 0]);
    const [interval] = clusterBootstrapIntervals(clusters, [share], { seed: 9, resamples: 20_000 });
    const [low, high] = bootstrapInterval(clusters, (sample) => share(sum(sample)), { seed: 9, resamples: 20_000 });
    expect(interval?.[0]).toBeCloseTo(low, 2);
    expect(interval?.[1]).toBeCloseTo(high, 2);
  });

  it('agrees with bootstrapInterval when many clusters are alike (one judgement per query, as the bias figures have them)', () => {
    const clusters = Array.from({ length: 300 }, (_, index) => [index % 3 === 0 ? 1 : 0, index % 3 === 1 ? 1 : 0, index % 7 === 0 ? 2 : 0]);
    const share = (sums: ArrayLike<number>) => ((sums[0] as number) + (sums[2] as number)) / ((sums[1] as number) + 1);
    const sum = (sample: number[][]) => sample.reduce((acc, row) => acc.map((value, c) => value + (row[c] ?? 0)), [0, 0, 0]);
    const [interval] = clusterBootstrapIntervals(clusters, [share], { seed: 4, resamples: 20_000 });
    const [low, high] = bootstrapInterval(clusters, (sample) => share(sum(sample)), { seed: 4, resamples: 4000 });
    // Width of the interval ≈ 0.55; the two percentile estimates agree to a few hundredths.
    expect(Math.abs((interval?.[0] as number) - low)).toBeLessThan(0.03);
    expect(Math.abs((interval?.[1] as number) - high)).toBeLessThan(0.03);
  });

  it('gives the same intervals for the same seed and clusters in any order, when most clusters differ too', () => {
    const distinct = Array.from({ length: 120 }, (_, index) => [index % 11, (index * 7) % 13]);
    const ratio = (sums: ArrayLike<number>) => (sums[0] as number) / ((sums[1] as number) + 1);
    const once = clusterBootstrapIntervals(distinct, [ratio], { seed: 5, resamples: 300 });
    expect(clusterBootstrapIntervals([...distinct].reverse(), [ratio], { seed: 5, resamples: 300 })).toEqual(once);
    expect(clusterBootstrapIntervals(distinct, [ratio], { seed: 6, resamples: 300 })).not.toEqual(once);
  });

  it('gives the same intervals for the same seed and clusters in any order', () => {
    const clusters = Array.from({ length: 200 }, (_, index) => [index % 5 === 0 ? 1 : 0, index % 2]);
    const share = (sums: ArrayLike<number>) => (sums[0] as number) / ((sums[1] as number) + 1);
    const once = clusterBootstrapIntervals(clusters, [share], { seed: 2, resamples: 500 });
    expect(clusterBootstrapIntervals(clusters, [share], { seed: 2, resamples: 500 })).toEqual(once);
    expect(clusterBootstrapIntervals([...clusters].reverse(), [share], { seed: 2, resamples: 500 })).toEqual(once);
    expect(clusterBootstrapIntervals([...clusters.slice(77), ...clusters.slice(0, 77)], [share], { seed: 2, resamples: 500 })).toEqual(
      once,
    );
    expect(clusterBootstrapIntervals(clusters, [share], { seed: 3, resamples: 500 })).not.toEqual(once);
  });

  it('leaves undefined values out and is [NaN, NaN] with no cluster', () => {
    expect(clusterBootstrapIntervals([], [() => 1], { seed: 1 })).toEqual([[Number.NaN, Number.NaN]]);
    expect(clusterBootstrapIntervals([[1], [2]], [() => Number.NaN], { seed: 1 })).toEqual([[Number.NaN, Number.NaN]]);
  });
});
