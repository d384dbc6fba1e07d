// Latency statistics for the benchmark. Percentiles interpolate linearly between the two closest ranks
// (Hyndman & Fan type 7: numpy's default and Excel's PERCENTILE.INC): for sorted x[0..n-1] the p-th
// percentile sits at rank h = (n - 1) · p / 100 and is x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋+1] − x[⌊h⌋]).

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0..100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = ((sorted.length - 1) * p) / 100;
  const low = Math.floor(rank);
  const lower = sorted[low] as number;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] as number;
  return lower + (rank - low) * (upper - lower);
}

export interface LatencySummary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function summarizeLatencies(values: readonly number[]): LatencySummary {
  if (values.length === 0) throw new Error('no latencies to summarize');
  return {
    count: values.length,
    min: Math.min(...values),
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: Math.max(...values),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  };
}
