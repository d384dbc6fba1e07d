import { describe, expect, it } from 'vitest';
import { bootstrapInterval, clusterBootstrapIntervals } from '@/lib/stats';

describe('clusterBootstrapIntervals', () => {
  it('equals bootstrapInterval over the clusters for a statistic of their sums (same seed, same resamples)', () => {
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
    const [interval] = clusterBootstrapIntervals(clusters, [share], { seed: 9, resamples: 500 });
    expect(interval).toEqual(bootstrapInterval(clusters, (sample) => share(sum(sample)), { seed: 9, resamples: 500 }));
  });

  it('gives the same intervals when many clusters are alike (they are summed once per resample, by multiplicity)', () => {
    // One judgement per query: a few one-hot vectors, repeated, as the judge bias figures have them.
    const clusters = Array.from({ length: 300 }, (_, index) => [index % 3 === 0 ? 1 : 0, index % 3 === 1 ? 1 : 0, index % 7 === 0 ? 2 : 0]);
    const share = (sums: ArrayLike<number>) => ((sums[0] as number) + (sums[2] as number)) / ((sums[1] as number) + 1);
    const sum = (sample: number[][]) => sample.reduce((acc, row) => acc.map((value, c) => value + (row[c] ?? 0)), [0, 0, 0]);
    const [interval] = clusterBootstrapIntervals(clusters, [share], { seed: 4, resamples: 300 });
    expect(interval).toEqual(bootstrapInterval(clusters, (sample) => share(sum(sample)), { seed: 4, resamples: 300 }));
  });

  it('leaves undefined values out and is [NaN, NaN] with no cluster', () => {
    expect(clusterBootstrapIntervals([], [() => 1], { seed: 1 })).toEqual([[Number.NaN, Number.NaN]]);
    expect(clusterBootstrapIntervals([[1], [2]], [() => Number.NaN], { seed: 1 })).toEqual([[Number.NaN, Number.NaN]]);
  });
});
