import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterWilsonFromMoments, clusterWilsonInterval, normalQuantile, wilsonInterval } from '@/lib/stats';

// Expected values were computed outside this code: exact fractions for p, Σe², the variances and the design
// effect (Python's fractions.Fraction, the cluster formula written out again), z from Python's
// statistics.NormalDist().inv_cdf, and each Wilson bound found by bisection on the score equation
// (p − π)² = z²·π(1 − π)/effectiveN (200 halvings), not with the closed form this code uses.

const clusters = (list: [number, number][]) => list.map(([successes, trials]) => ({ successes, trials }));

describe('clusterWilsonInterval', () => {
  it('small worked example by hand: design effect 3/2, effective n 4', () => {
    // s/t = 2/3, 1/1, 0/2: p = 3/6 = 0.5; residuals 0.5, 0.5, −1 → Σe² = 1.5;
    // varCluster = 3/2 · 1.5 / 36 = 0.0625; varSimple = 0.25 / 6 = 1/24; DE = 0.0625 · 24 = 1.5; effectiveN = 6 / 1.5 = 4.
    // Wilson(p = 0.5, n = 4): centre 0.5, half-width = z/(1 + z²/4) · √(1/16 + z²/64) = 0.349961 → [0.150039, 0.849961].
    const result = clusterWilsonInterval(
      clusters([
        [2, 3],
        [1, 1],
        [0, 2],
      ]),
    );
    expect(result.estimate).toBe(0.5);
    expect(result.designEffect).toBeCloseTo(1.5, 12);
    expect(result.effectiveN).toBeCloseTo(4, 12);
    expect(result.lower).toBeCloseTo(0.150038989152, 10);
    expect(result.upper).toBeCloseTo(0.849961010848, 10);
  });

  it('918 of 1,000 criteria accepted in 100 queries of 10 is wider than the plain Wilson interval', () => {
    // 60 queries 10/10, 20 queries 9/10, 18 queries 7/10, 2 queries 6/10: p = 0.918.
    // Σe² = 60·0.82² + 20·0.18² + 18·2.18² + 2·3.18² = 40.344 + 0.648 + 85.5432 + 20.2248 = 146.76;
    // varCluster = 100/99 · 146.76 / 10⁶ = 1.482424e-4; varSimple = 0.918 · 0.082 / 1000 = 7.5276e-5;
    // DE = 1223000/621027 = 1.969318564249; effectiveN = 1000 / DE = 507.789860997547.
    const list = clusters([
      ...Array.from({ length: 60 }, (): [number, number] => [10, 10]),
      ...Array.from({ length: 20 }, (): [number, number] => [9, 10]),
      ...Array.from({ length: 18 }, (): [number, number] => [7, 10]),
      ...Array.from({ length: 2 }, (): [number, number] => [6, 10]),
    ]);
    const result = clusterWilsonInterval(list);
    expect(result.estimate).toBeCloseTo(0.918, 15);
    expect(result.designEffect).toBeCloseTo(1.969318564249219, 12);
    expect(result.effectiveN).toBeCloseTo(507.789860997547, 9);
    expect(result.lower).toBeCloseTo(0.890881529537, 10);
    expect(result.upper).toBeCloseTo(0.938841568621, 10);
    // Treated as independent, the same 918/1000 gives the narrower (0.89935, 0.93345).
    const [plainLow, plainHigh] = wilsonInterval(918, 1000);
    expect(plainLow).toBeCloseTo(0.89935, 5);
    expect(plainHigh).toBeCloseTo(0.93345, 5);
    expect(result.upper - result.lower).toBeGreaterThan(plainHigh - plainLow);
  });

  it('one trial per cluster: design effect n/(n − 1), effective n = n − 1', () => {
    // 918 ones and 82 zeros as 1,000 clusters: DE = 1000/999, effectiveN = 999 → [0.899342615858, 0.933455023943].
    const result = clusterWilsonInterval([
      ...Array.from({ length: 918 }, () => ({ successes: 1, trials: 1 })),
      ...Array.from({ length: 82 }, () => ({ successes: 0, trials: 1 })),
    ]);
    expect(result.designEffect).toBeCloseTo(1000 / 999, 14);
    expect(result.effectiveN).toBeCloseTo(999, 9);
    expect(result.lower).toBeCloseTo(0.899342615858, 10);
    expect(result.upper).toBeCloseTo(0.933455023943, 10);
  });

  it('uneven clusters at level 0.90', () => {
    // 3/4, 0/1, 5/5, 1/3, 2/2, 0/2: p = 11/17; DE = 1954/935 = 2.089839572193; effectiveN = 8.134595701126;
    // z = Φ⁻¹(0.95) = 1.644853626951 → [0.368805938927, 0.851904156500].
    const result = clusterWilsonInterval(
      clusters([
        [3, 4],
        [0, 1],
        [5, 5],
        [1, 3],
        [2, 2],
        [0, 2],
      ]),
      0.9,
    );
    expect(result.estimate).toBeCloseTo(11 / 17, 15);
    expect(result.designEffect).toBeCloseTo(2.089839572192513, 12);
    expect(result.effectiveN).toBeCloseTo(8.134595701125896, 10);
    expect(result.lower).toBeCloseTo(0.368805938927, 10);
    expect(result.upper).toBeCloseTo(0.8519041565, 10);
  });

  it('design effect 1 when clusters vary less than independent trials, with one cluster, or without variance', () => {
    // 1/2 three times: Σe² = 0, DE = max(1, 0) = 1, effectiveN 6 → Wilson(3, 6) = [0.187616306483, 0.812383693517].
    const even = clusterWilsonInterval(
      clusters([
        [1, 2],
        [1, 2],
        [1, 2],
      ]),
    );
    expect(even.designEffect).toBe(1);
    expect(even.effectiveN).toBe(6);
    expect(even.lower).toBeCloseTo(0.187616306483, 10);
    expect(even.upper).toBeCloseTo(0.812383693517, 10);
    // One cluster of 7/10: n < 2, DE = 1 → Wilson(7, 10) = [0.396778147461, 0.892208732594].
    const one = clusterWilsonInterval(clusters([[7, 10]]));
    expect(one.designEffect).toBe(1);
    expect(one.lower).toBeCloseTo(0.396778147461, 10);
    expect(one.upper).toBeCloseTo(0.892208732594, 10);
    // All successes: varSimple = 0, DE = 1, effectiveN 5 → [0.565517535217, 1].
    const all = clusterWilsonInterval(
      clusters([
        [3, 3],
        [2, 2],
      ]),
    );
    expect(all.designEffect).toBe(1);
    expect(all.lower).toBeCloseTo(0.565517535217, 10);
    expect(all.upper).toBe(1);
  });

  it('is undefined (NaN) without trials and refuses impossible input', () => {
    const empty = clusterWilsonInterval([]);
    expect(empty.estimate).toBeNaN();
    expect(empty.lower).toBeNaN();
    expect(empty.effectiveN).toBe(0);
    expect(clusterWilsonInterval(clusters([[0, 0]])).upper).toBeNaN();
    expect(() => clusterWilsonInterval(clusters([[3, 2]]))).toThrow(/more successes/);
    expect(() => clusterWilsonInterval(clusters([[-1, 2]]))).toThrow(/non-negative/);
    expect(() => clusterWilsonInterval(clusters([[1, 2]]), 1)).toThrow(/level/);
  });
});

describe('normalQuantile', () => {
  it('matches published quantiles', () => {
    // Φ⁻¹(0.975) = 1.959963984540054, Φ⁻¹(0.995) = 2.575829303548901, Φ⁻¹(0.95) = 1.644853626951472 (Python
    // NormalDist), Φ⁻¹(1e−10) = −6.361340902404056 (tail branch).
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829303548901, 14);
    expect(normalQuantile(0.05)).toBeCloseTo(-1.644853626951472, 14);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(() => normalQuantile(1.5)).toThrow();
  });
});

const clusterList = fc.array(
  fc
    .integer({ min: 0, max: 12 })
    .chain((trials) => fc.record({ successes: fc.integer({ min: 0, max: trials }), trials: fc.constant(trials) })),
  { minLength: 1, maxLength: 60 },
);

describe('clusterWilsonInterval properties', () => {
  it('the interval contains the estimate and the design effect never falls below 1', () => {
    fc.assert(
      fc.property(clusterList, fc.double({ min: 0.5, max: 0.999, noNaN: true }), (list, level) => {
        const result = clusterWilsonInterval(list, level);
        if (list.every((c) => c.trials === 0)) return;
        expect(result.lower).toBeLessThanOrEqual(result.estimate);
        expect(result.upper).toBeGreaterThanOrEqual(result.estimate);
        expect(result.designEffect).toBeGreaterThanOrEqual(1);
        expect(result.effectiveN).toBeLessThanOrEqual(list.reduce((sum, c) => sum + c.trials, 0) + 1e-9);
      }),
    );
  });

  it('with one trial per cluster the effective n is n − 1 (when both outcomes occur)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 2, maxLength: 500 }), (outcomes) => {
        fc.pre(outcomes.includes(true) && outcomes.includes(false));
        const result = clusterWilsonInterval(outcomes.map((ok) => ({ successes: ok ? 1 : 0, trials: 1 })));
        expect(result.effectiveN).toBeCloseTo(outcomes.length - 1, 8);
      }),
    );
  });

  it('the moments form equals the cluster form', () => {
    fc.assert(
      fc.property(clusterList, (list) => {
        const direct = clusterWilsonInterval(list);
        const moments = clusterWilsonFromMoments({
          clusters: list.length,
          successes: list.reduce((sum, c) => sum + c.successes, 0),
          trials: list.reduce((sum, c) => sum + c.trials, 0),
          successesSquared: list.reduce((sum, c) => sum + c.successes ** 2, 0),
          successesTimesTrials: list.reduce((sum, c) => sum + c.successes * c.trials, 0),
          trialsSquared: list.reduce((sum, c) => sum + c.trials ** 2, 0),
        });
        for (const key of ['estimate', 'lower', 'upper', 'designEffect', 'effectiveN'] as const) {
          if (Number.isNaN(direct[key])) expect(moments[key]).toBeNaN();
          else expect(moments[key]).toBeCloseTo(direct[key], 9);
        }
      }),
    );
  });
});
