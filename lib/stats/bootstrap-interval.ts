import { mulberry32 } from '@/lib/stats/mulberry32';

export interface BootstrapOptions {
  /** Number of bootstrap resamples (default 2000). */
  resamples?: number;
  /** Seed of the mulberry32 PRNG (a 32-bit integer): the same seed gives the same interval. */
  seed: number;
  /** Confidence level in (0, 1) (default 0.95). */
  level?: number;
}

/**
 * Percentile bootstrap confidence interval: draw B resamples of size n with replacement (seeded mulberry32),
 * compute θ*_b = statistic(resample_b), sort them, and return the empirical quantiles at α/2 and 1 − α/2
 * with α = 1 − level (quantile at p = linear interpolation between order statistics at position p·(m − 1), as R's type 7).
 * Resamples whose statistic is NaN (undefined on that resample) are left out; [NaN, NaN] if the input is empty
 * or every resample is NaN.
 */
export function bootstrapInterval<T>(
  values: T[],
  statistic: (sample: T[]) => number,
  { resamples = 2000, seed, level = 0.95 }: BootstrapOptions,
): [number, number] {
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new Error(`bootstrapInterval: resamples must be a positive integer (got ${resamples}).`);
  }
  if (!Number.isInteger(seed)) throw new Error(`bootstrapInterval: seed must be an integer (got ${seed}).`);
  if (!(level > 0 && level < 1)) throw new Error(`bootstrapInterval: level must be in (0, 1) (got ${level}).`);
  const n = values.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const random = mulberry32(seed);
  const estimates: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const sample = Array.from({ length: n }, () => values[Math.floor(random() * n)] as T);
    const estimate = statistic(sample);
    if (!Number.isNaN(estimate)) estimates.push(estimate);
  }
  if (estimates.length === 0) return [Number.NaN, Number.NaN];
  estimates.sort((x, y) => x - y);
  const alpha = 1 - level;
  return [quantile(estimates, alpha / 2), quantile(estimates, 1 - alpha / 2)];
}

/** Quantile of sorted values by linear interpolation between order statistics (R's type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  const position = p * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return lower === upper ? low : low + (high - low) * (position - lower);
}
