// A proportion as every page shows it: the estimate, its 95% interval with queries as clusters (criteria,
// verdicts and pairs of one query are not independent), the design effect that widened it, and the plain
// Wilson interval as a secondary figure. One shape for the dashboard, releases, pairwise and judge pages.
import {
  type ClusterMoments,
  type ClusterWilsonResult,
  clusterWilsonFromMoments,
  clusterWilsonInterval,
  wilsonInterval,
} from '@/lib/stats';

export interface Rate {
  count: number;
  n: number;
  /** count / n; NaN (shown as "—") when n = 0. */
  rate: number;
  /** The 95% interval with queries as clusters (Korn & Graubard, lib/stats clusterWilsonInterval). */
  low: number;
  high: number;
  /** Queries the n units fall in. */
  clusters: number;
  /** How much clustering inflates the variance (≥ 1); NaN when n = 0. */
  designEffect: number;
  /** n / designEffect. */
  effectiveN: number;
  /** Secondary: the Wilson 95% interval as if the n units were independent (too narrow when they cluster). */
  plain: [number, number];
}

/** A Rate from the clusters' moments (what the maintained counts and SQL aggregates give). */
export function rateFromMoments(moments: ClusterMoments): Rate {
  return toRate(moments.successes, moments.trials, moments.clusters, clusterWilsonFromMoments(moments));
}

function toRate(count: number, n: number, clusters: number, result: ClusterWilsonResult): Rate {
  return {
    count,
    n,
    rate: n === 0 ? Number.NaN : count / n,
    low: result.lower,
    high: result.upper,
    clusters,
    designEffect: result.designEffect,
    effectiveN: result.effectiveN,
    plain: wilsonInterval(count, n),
  };
}

/**
 * A Rate over units that each belong to a cluster (a query id): one (cluster, success) per unit. Clusters
 * count when they hold a unit.
 */
export function clusteredRate(units: readonly { cluster: number | string; success: boolean }[]): Rate {
  const byCluster = new Map<number | string, { successes: number; trials: number }>();
  for (const unit of units) {
    const cluster = byCluster.get(unit.cluster) ?? { successes: 0, trials: 0 };
    cluster.trials += 1;
    if (unit.success) cluster.successes += 1;
    byCluster.set(unit.cluster, cluster);
  }
  const clusters = [...byCluster.values()];
  return toRate(
    clusters.reduce((sum, c) => sum + c.successes, 0),
    units.length,
    clusters.length,
    clusterWilsonInterval(clusters),
  );
}
