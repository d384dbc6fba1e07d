// Intervals for proportions whose units cluster (criteria within queries): a Wilson interval that treats
// clustered units as independent is too narrow, so the sample size is discounted by the design effect first.
import { normalQuantile } from '@/lib/stats/normal-quantile';
import { wilsonInterval } from '@/lib/stats/wilson-interval';

export interface ClusterWilsonResult {
  /** p = Σs / Σt. */
  estimate: number;
  lower: number;
  upper: number;
  /** max(1, varCluster / varSimple); 1 with fewer than two clusters or no variance. */
  designEffect: number;
  /** Σt / designEffect: the number of independent trials the clustered sample is worth. */
  effectiveN: number;
}

/** The sufficient statistics of a clustered proportion: the n clusters' sums, sums of squares and cross-products. */
export interface ClusterMoments {
  clusters: number;
  successes: number;
  trials: number;
  /** Σ sᵢ² */
  successesSquared: number;
  /** Σ sᵢ·tᵢ */
  successesTimesTrials: number;
  /** Σ tᵢ² */
  trialsSquared: number;
}

function checkCount(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) throw new Error(`clusterWilsonInterval: ${what} must be a non-negative number (got ${value}).`);
}

function zFor(level: number): number {
  if (!Number.isFinite(level) || level <= 0 || level >= 1) {
    throw new Error(`clusterWilsonInterval: level must be between 0 and 1 (got ${level}).`);
  }
  return normalQuantile(1 - (1 - level) / 2);
}

/** The design effect, effective n and Wilson interval from p, the cluster variance and the totals. */
function finish(p: number, varCluster: number, clusters: number, trials: number, z: number): ClusterWilsonResult {
  const varSimple = (p * (1 - p)) / trials;
  const designEffect = varSimple === 0 || clusters < 2 ? 1 : Math.max(1, varCluster / varSimple);
  const effectiveN = trials / designEffect;
  const [lower, upper] = wilsonInterval(p * effectiveN, effectiveN, z);
  return { estimate: p, lower, upper, designEffect, effectiveN };
}

const UNDEFINED: ClusterWilsonResult = {
  estimate: Number.NaN,
  lower: Number.NaN,
  upper: Number.NaN,
  designEffect: Number.NaN,
  effectiveN: 0,
};

/**
 * Korn & Graubard's effective-sample-size interval for a proportion over clusters (successes sᵢ of trials tᵢ
 * in cluster i, n clusters): p = Σs / Σt; residuals eᵢ = sᵢ − p·tᵢ; varCluster = n/(n−1) · Σeᵢ² / (Σt)² (the
 * ratio estimator's linearized variance); varSimple = p(1−p)/Σt; designEffect = max(1, varCluster / varSimple)
 * (1 when varSimple = 0 or n < 2); effectiveN = Σt / designEffect; [lower, upper] = the Wilson score interval
 * for p with effectiveN trials and z = Φ⁻¹(1 − (1 − level)/2). Every cluster given counts in n, also one with
 * no trials (callers pass the clusters that hold units). All NaN (effectiveN 0) when Σt = 0. Throws on
 * negative counts, successes above trials, or a level outside (0, 1).
 */
export function clusterWilsonInterval(clusters: readonly { successes: number; trials: number }[], level = 0.95): ClusterWilsonResult {
  const z = zFor(level);
  let successes = 0;
  let trials = 0;
  for (const cluster of clusters) {
    checkCount(cluster.successes, 'successes');
    checkCount(cluster.trials, 'trials');
    if (cluster.successes > cluster.trials) {
      throw new Error(`clusterWilsonInterval: a cluster has more successes (${cluster.successes}) than trials (${cluster.trials}).`);
    }
    successes += cluster.successes;
    trials += cluster.trials;
  }
  if (trials === 0) return UNDEFINED;
  const p = successes / trials;
  const n = clusters.length;
  let squaredResiduals = 0;
  for (const cluster of clusters) squaredResiduals += (cluster.successes - p * cluster.trials) ** 2;
  const varCluster = n < 2 ? 0 : ((n / (n - 1)) * squaredResiduals) / (trials * trials);
  return finish(p, varCluster, n, trials, z);
}

/**
 * The same interval from the clusters' moments (what SQL can sum and maintain): Σeᵢ² = Σs² − 2p·Σst + p²·Σt²,
 * clamped at 0 against rounding.
 */
export function clusterWilsonFromMoments(moments: ClusterMoments, level = 0.95): ClusterWilsonResult {
  const z = zFor(level);
  const { clusters: n, successes, trials } = moments;
  for (const [what, value] of Object.entries(moments)) checkCount(value, what);
  if (successes > trials) throw new Error(`clusterWilsonInterval: more successes (${successes}) than trials (${trials}).`);
  if (trials === 0) return UNDEFINED;
  const p = successes / trials;
  const squaredResiduals = Math.max(0, moments.successesSquared - 2 * p * moments.successesTimesTrials + p * p * moments.trialsSquared);
  const varCluster = n < 2 ? 0 : ((n / (n - 1)) * squaredResiduals) / (trials * trials);
  return finish(p, varCluster, n, trials, z);
}
