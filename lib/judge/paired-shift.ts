// The paired score shift of a probe: per response, its score on the variant minus its score on the original, with
// the mean's interval over queries (a query's responses share its criteria) and the distribution for the histogram.
import { clusterMeanInterval } from '@/lib/stats';

export interface ShiftItem {
  queryId: number;
  /** Variant score − original score. */
  shift: number;
}

export interface PairedShift {
  responses: number;
  queries: number;
  mean: number;
  /** 95% interval of the mean, queries as clusters (lib/stats clusterMeanInterval); null below two queries. */
  interval: [number, number] | null;
  /** Counts of shifts per bin of width 0.1 over [−1, 1] (shifts outside are counted in the end bins). */
  histogram: { from: number; to: number; responses: number }[];
}

const BIN_WIDTH = 0.1;
const BIN_COUNT = 20;

export function summarizePairedShift(items: readonly ShiftItem[]): PairedShift {
  const byQuery = new Map<number, { sum: number; units: number }>();
  const histogram = Array.from({ length: BIN_COUNT }, (_, index) => ({
    from: Math.round((-1 + index * BIN_WIDTH) * 10) / 10,
    to: Math.round((-1 + (index + 1) * BIN_WIDTH) * 10) / 10,
    responses: 0,
  }));
  for (const item of items) {
    if (!Number.isFinite(item.shift)) continue;
    const cluster = byQuery.get(item.queryId) ?? { sum: 0, units: 0 };
    cluster.sum += item.shift;
    cluster.units += 1;
    byQuery.set(item.queryId, cluster);
    // A shift of exactly 0 lands in [0, 0.1): the bins are closed on the left.
    const bin = Math.min(BIN_COUNT - 1, Math.max(0, Math.floor((item.shift + 1) / BIN_WIDTH + 1e-9)));
    (histogram[bin] as { responses: number }).responses += 1;
  }
  const clusters = [...byQuery.values()];
  const { mean, interval } = clusterMeanInterval({
    clusters: clusters.length,
    sum: clusters.reduce((total, c) => total + c.sum, 0),
    units: clusters.reduce((total, c) => total + c.units, 0),
    sumSquared: clusters.reduce((total, c) => total + c.sum * c.sum, 0),
    sumTimesUnits: clusters.reduce((total, c) => total + c.sum * c.units, 0),
    unitsSquared: clusters.reduce((total, c) => total + c.units * c.units, 0),
  });
  return { responses: clusters.reduce((total, c) => total + c.units, 0), queries: clusters.length, mean, interval, histogram };
}
