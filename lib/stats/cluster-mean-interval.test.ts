import { describe, expect, it } from 'vitest';
import { clusterMeanInterval } from '@/lib/stats';

describe('clusterMeanInterval', () => {
  it('gives the cluster-robust interval by hand', () => {
    // Clusters (values): {1, 1/3}, {1}, {0, 1/3, 1/3}: y = 4/3, 1, 2/3; t = 2, 1, 3; m = 3/6 = 0.5.
    // e = 4/3 − 1 = 1/3, 1 − 0.5 = 1/2, 2/3 − 3/2 = −5/6 → Σe² = 1/9 + 1/4 + 25/36 = 38/36;
    // var = 3/2 · (38/36) / 36 = 0.0439815; half = 1.959964 · 0.2097177 = 0.4110393 → [0.0889607, 0.9110393].
    const clusters = [[1, 1 / 3], [1], [0, 1 / 3, 1 / 3]];
    const ys = clusters.map((c) => c.reduce((a, b) => a + b, 0));
    const ts = clusters.map((c) => c.length);
    const result = clusterMeanInterval({
      clusters: 3,
      sum: ys.reduce((a, b) => a + b, 0),
      units: 6,
      sumSquared: ys.reduce((a, y) => a + y * y, 0),
      sumTimesUnits: ys.reduce((a, y, i) => a + y * (ts[i] ?? 0), 0),
      unitsSquared: ts.reduce((a, t) => a + t * t, 0),
    });
    expect(result.mean).toBeCloseTo(0.5, 12);
    expect(result.interval?.[0]).toBeCloseTo(0.0889607, 6);
    expect(result.interval?.[1]).toBeCloseTo(0.9110393, 6);
  });

  it('has no interval below two clusters and clamps to the range', () => {
    expect(clusterMeanInterval({ clusters: 1, sum: 2, units: 3, sumSquared: 4, sumTimesUnits: 6, unitsSquared: 9 }).interval).toBeNull();
    expect(clusterMeanInterval({ clusters: 0, sum: 0, units: 0, sumSquared: 0, sumTimesUnits: 0, unitsSquared: 0 }).mean).toBeNaN();
    const wide = clusterMeanInterval(
      { clusters: 2, sum: 1, units: 2, sumSquared: 1, sumTimesUnits: 1, unitsSquared: 2 },
      { lowest: 0, highest: 1 },
    );
    expect(wide.interval).toEqual([0, 1]);
  });
});
