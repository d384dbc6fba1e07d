// How often each of a few kinds of cluster is drawn when a bootstrap draws n clusters with replacement: one multinomial
// draw instead of n uniform ones, so a resample of 10,000 alike clusters costs a handful of binomial draws.
import binomial from '@stdlib/random-base-binomial';

/**
 * A sampler of Multinomial(n, counts / n), n = Σ counts, from the uniform generator `random`: the counts drawn for
 * each kind, written into `drawn` (same length as counts). Exact, by conditional binomials: the first kind is drawn
 * Binomial(n, p₁) times, the next Binomial(n − x₁, p₂ / (1 − p₁)), and so on (stdlib's binomial: inversion for
 * small means, Hörmann's BTRD otherwise); the last kind takes what remains.
 */
export function multinomialCounts(counts: ArrayLike<number>, random: () => number): (drawn: Float64Array) => void {
  const kinds = counts.length;
  let n = 0;
  for (let k = 0; k < kinds; k++) {
    const count = counts[k] as number;
    if (!Number.isInteger(count) || count < 0) throw new Error(`multinomialCounts: counts must be whole numbers ≥ 0 (got ${count}).`);
    n += count;
  }
  // p of each kind given that the kinds before it were not drawn: counts[k] / (counts[k] + counts after k).
  const conditional = new Float64Array(kinds);
  let remaining = n;
  for (let k = 0; k < kinds; k++) {
    conditional[k] = remaining > 0 ? (counts[k] as number) / remaining : 0;
    remaining -= counts[k] as number;
  }
  const draw = binomial.factory({ prng: random });
  return (drawn) => {
    let left = n;
    for (let k = 0; k < kinds; k++) {
      const p = conditional[k] as number;
      const x = left === 0 || p <= 0 ? 0 : p >= 1 ? left : draw(left, p);
      drawn[k] = x;
      left -= x;
    }
  };
}
