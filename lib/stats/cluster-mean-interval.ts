// An interval for a mean over units that cluster (per-criterion agreement, criteria within queries): the ratio
// estimator's linearized variance, as clusterWilsonInterval uses for proportions, with a normal interval.
import { normalQuantile } from '@/lib/stats/normal-quantile';

/** Per cluster i: yᵢ the sum of the values, tᵢ the number of units; summed over the n clusters. */
export interface ClusterMeanMoments {
  clusters: number;
  /** Σ yᵢ */
  sum: number;
  /** Σ tᵢ */
  units: number;
  /** Σ yᵢ² */
  sumSquared: number;
  /** Σ yᵢ·tᵢ */
  sumTimesUnits: number;
  /** Σ tᵢ² */
  unitsSquared: number;
}

/**
 * m = Σy / Σt; eᵢ = yᵢ − m·tᵢ; var = n/(n−1) · Σeᵢ² / (Σt)²; [m − z·√var, m + z·√var] with
 * z = Φ⁻¹(1 − (1 − level)/2), clamped to [lowest, highest] (the values' possible range). The interval is null
 * with fewer than two clusters (no variance to estimate); the mean is NaN without units.
 */
export function clusterMeanInterval(
  moments: ClusterMeanMoments,
  { level = 0.95, lowest = Number.NEGATIVE_INFINITY, highest = Number.POSITIVE_INFINITY } = {},
): { mean: number; interval: [number, number] | null } {
  if (moments.units === 0) return { mean: Number.NaN, interval: null };
  const mean = moments.sum / moments.units;
  const n = moments.clusters;
  if (n < 2) return { mean, interval: null };
  const squaredResiduals = Math.max(0, moments.sumSquared - 2 * mean * moments.sumTimesUnits + mean * mean * moments.unitsSquared);
  const half = normalQuantile(1 - (1 - level) / 2) * Math.sqrt(((n / (n - 1)) * squaredResiduals) / moments.units ** 2);
  return { mean, interval: [Math.max(lowest, mean - half), Math.min(highest, mean + half)] };
}
