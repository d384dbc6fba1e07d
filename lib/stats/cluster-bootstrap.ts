import { quantile } from '@/lib/stats/bootstrap-interval';
import { mulberry32 } from '@/lib/stats/mulberry32';

/**
 * Percentile bootstrap intervals of statistics of summed counts, resampling clusters: each cluster is a vector of
 * counts (e.g. one query's pair counts); a resample draws n clusters with replacement (seeded mulberry32), sums their
 * vectors, and evaluates every statistic on the sums, so all statistics share the resamples. Each interval is the
 * type-7 quantiles at α/2 and 1 − α/2 of that statistic's defined (non-NaN) values, as bootstrapInterval;
 * [NaN, NaN] when there is no cluster or no defined value.
 */
export function clusterBootstrapIntervals(
  clusters: readonly ArrayLike<number>[],
  statistics: readonly ((sums: Float64Array) => number)[],
  { resamples = 1000, seed, level = 0.95 }: { resamples?: number; seed: number; level?: number },
): [number, number][] {
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new Error(`clusterBootstrapIntervals: resamples must be a positive integer (got ${resamples}).`);
  if (!Number.isInteger(seed)) throw new Error(`clusterBootstrapIntervals: seed must be an integer (got ${seed}).`);
  const n = clusters.length;
  if (n === 0) return statistics.map(() => [Number.NaN, Number.NaN]);
  const width = clusters[0]?.length ?? 0;
  // Identical clusters are summed once per resample, times how often the resample drew them: clusters are mostly
  // alike (one judgement per query is one of a few one-hot vectors), so a resample costs n draws plus types × width
  // additions instead of n × width. The draws are the same, so the sums, and the intervals, are too.
  const typeOf = new Int32Array(n);
  const types: ArrayLike<number>[] = [];
  const typeIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const cluster = clusters[i] as ArrayLike<number>;
    const key = Array.prototype.join.call(cluster, ',');
    let type = typeIndex.get(key);
    if (type === undefined) {
      type = types.length;
      typeIndex.set(key, type);
      types.push(cluster);
    }
    typeOf[i] = type;
  }
  const drawn = new Float64Array(types.length);
  const random = mulberry32(seed);
  const sums = new Float64Array(width);
  const estimates = statistics.map(() => [] as number[]);
  for (let b = 0; b < resamples; b++) {
    drawn.fill(0);
    for (let i = 0; i < n; i++) {
      const type = typeOf[Math.floor(random() * n)] as number;
      drawn[type] = (drawn[type] as number) + 1;
    }
    sums.fill(0);
    for (let t = 0; t < types.length; t++) {
      const times = drawn[t] as number;
      if (times === 0) continue;
      const cluster = types[t] as ArrayLike<number>;
      for (let c = 0; c < width; c++) sums[c] = (sums[c] as number) + times * (cluster[c] as number);
    }
    statistics.forEach((statistic, s) => {
      const value = statistic(sums);
      if (!Number.isNaN(value)) estimates[s]?.push(value);
    });
  }
  const alpha = 1 - level;
  return estimates.map((values) => {
    if (values.length === 0) return [Number.NaN, Number.NaN];
    values.sort((x, y) => x - y);
    return [quantile(values, alpha / 2), quantile(values, 1 - alpha / 2)];
  });
}
