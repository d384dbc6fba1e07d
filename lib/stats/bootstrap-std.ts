import { mulberry32 } from '@/lib/stats/mulberry32';

/**
 * Bootstrap standard deviation of a statistic, as simple-evals reports HealthBench's bootstrap_std: draw B resamples
 * of size n with replacement (seeded mulberry32), θ*_b = statistic(resample_b), and return the population standard
 * deviation √((1/B) Σ (θ*_b − mean θ*)²) (numpy's np.std, ddof = 0). NaN for empty input.
 */
export function bootstrapStd<T>(
  values: readonly T[],
  statistic: (sample: T[]) => number,
  { resamples = 1000, seed }: { resamples?: number; seed: number },
): number {
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new Error(`bootstrapStd: resamples must be a positive integer (got ${resamples}).`);
  if (!Number.isInteger(seed)) throw new Error(`bootstrapStd: seed must be an integer (got ${seed}).`);
  const n = values.length;
  if (n === 0) return Number.NaN;
  const random = mulberry32(seed);
  const estimates: number[] = [];
  for (let b = 0; b < resamples; b++) {
    estimates.push(statistic(Array.from({ length: n }, () => values[Math.floor(random() * n)] as T)));
  }
  const mean = estimates.reduce((sum, value) => sum + value, 0) / resamples;
  return Math.sqrt(estimates.reduce((sum, value) => sum + (value - mean) ** 2, 0) / resamples);
}
