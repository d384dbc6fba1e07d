import { quantile } from '@/lib/stats/bootstrap-interval';
import { mulberry32 } from '@/lib/stats/mulberry32';
import { multinomialCounts } from '@/lib/stats/multinomial-counts';

/**
 * A binomial draw costs about as much as this many uniform draws (stdlib's, measured by the meta-eval and
 * judge-diagnostics benches): below one type per that many clusters the multinomial draw is the cheaper.
 */
const DRAWS_PER_BINOMIAL = 32;

/** How often each type is drawn in n draws of one cluster each, over the types expanded in their canonical order. */
function drawOneByOne(multiplicity: readonly number[], random: () => number): (drawn: Float64Array) => void {
  const n = multiplicity.reduce((sum, times) => sum + times, 0);
  const typeOfSlot = new Int32Array(n);
  let slot = 0;
  multiplicity.forEach((times, type) => {
    typeOfSlot.fill(type, slot, slot + times);
    slot += times;
  });
  return (drawn) => {
    drawn.fill(0);
    for (let i = 0; i < n; i++) {
      const type = typeOfSlot[Math.floor(random() * n)] as number;
      drawn[type] = (drawn[type] as number) + 1;
    }
  };
}

/**
 * Percentile bootstrap intervals of statistics of summed counts, resampling clusters: each cluster is a vector of
 * counts (e.g. one query's pair counts); a resample draws n clusters with replacement (seeded mulberry32; when the
 * distinct clusters are few, how often each is drawn is one multinomial draw, multinomialCounts), sums their vectors,
 * and evaluates every statistic on the sums, so all statistics share the resamples. Each interval is the type-7 quantiles at α/2 and
 * 1 − α/2 of that statistic's defined (non-NaN) values, as bootstrapInterval; [NaN, NaN] when there is no cluster or
 * no defined value.
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
  // Identical clusters are summed once per resample, times how often the resample drew them: the clusters are often
  // alike (one judgement per query is one of a few one-hot vectors), so a resample costs types × width additions
  // instead of n × width. When the types are few, how often each is drawn is one multinomial draw (a binomial per
  // type) instead of n uniform draws.
  // The types in one canonical order (by their values), so that the clusters' order changes no draw.
  const byKey = new Map<string, { cluster: ArrayLike<number>; times: number }>();
  for (const cluster of clusters) {
    const key = Array.prototype.join.call(cluster, ',');
    const type = byKey.get(key);
    if (type) type.times++;
    else byKey.set(key, { cluster, times: 1 });
  }
  const ordered = [...byKey.keys()].sort().map((key) => byKey.get(key) as { cluster: ArrayLike<number>; times: number });
  const types = ordered.map((type) => type.cluster);
  const multiplicity = ordered.map((type) => type.times);
  const drawn = new Float64Array(types.length);
  const random = mulberry32(seed);
  const drawCounts = types.length * DRAWS_PER_BINOMIAL <= n ? multinomialCounts(multiplicity, random) : drawOneByOne(multiplicity, random);
  const sums = new Float64Array(width);
  const estimates = statistics.map(() => [] as number[]);
  for (let b = 0; b < resamples; b++) {
    drawCounts(drawn);
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
