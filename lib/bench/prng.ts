// A small seeded PRNG for reproducible synthetic data: mulberry32 (32-bit state, period 2^32), which is
// plenty for generating a few million choices and, unlike Math.random, gives the same bytes on every run.

export interface Random {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max] (inclusive). */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct items in random order (count is clamped to the list's length). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** Number of successes in `trials` draws with `probability` each. */
  binomial: (trials: number, probability: number) => number;
}

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      const taken: T[] = [];
      for (let i = 0; i < Math.min(count, pool.length); i++) {
        const j = i + Math.floor(next() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
        taken.push(pool[i] as T);
      }
      return taken;
    },
    binomial: (trials, probability) => {
      let successes = 0;
      for (let i = 0; i < trials; i++) if (next() < probability) successes += 1;
      return successes;
    },
  };
}
