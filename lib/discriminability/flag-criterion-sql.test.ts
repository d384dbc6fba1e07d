// The criterion flags and separation bins as the figures statement computes them in SQL (criterionFlagsSql) equal the
// functions of lib/discriminability/flag-criterion.ts on every combination of counts up to 7 pairs, pitfalls and
// criteria of 0 points included, and a fractional weight: one definition, checked in both languages.
import { expect, it } from 'vitest';
import { pgPool } from '@/lib/db';
import { criterionFlagsSql, criterionSeparation, flagCriterion, separationBin } from '@/lib/discriminability/flag-criterion';

it('flags and bins every combination of counts as flagCriterion and separationBin do', async () => {
  const flags = criterionFlagsSql({ points: 'points', pairs: 'n', metByPreferred: 'mp', metByOther: 'mo', minPairs: 'min_pairs' });
  const { rows } = await pgPool().query<{
    points: number;
    n: number;
    mp: number;
    mo: number;
    min_pairs: number;
    nd: boolean;
    inv: boolean;
    bin: number;
  }>(
    `SELECT points, n, mp, mo, min_pairs, ${flags.nonDiscriminating} AS nd, ${flags.inverted} AS inv, ${flags.bin} AS bin
       FROM unnest(ARRAY[-5, -0.5, 0, 1, 2.5, 10]::float8[]) AS points, generate_series(1, 7) AS n, generate_series(0, 7) AS mp,
            generate_series(0, 7) AS mo, generate_series(1, 3) AS min_pairs
      WHERE mp <= n AND mo <= n`,
  );
  expect(rows.length).toBeGreaterThan(2000);
  const differences = rows.filter((row) => {
    const counts = { points: row.points, pairs: row.n, metByPreferred: row.mp, metByOther: row.mo };
    const expected = flagCriterion(counts, row.min_pairs);
    return row.nd !== expected.nonDiscriminating || row.inv !== expected.inverted || row.bin !== separationBin(criterionSeparation(counts));
  });
  expect(differences).toEqual([]);
  // Every bin is reached, so the bins' edges are compared too.
  expect(new Set(rows.map((row) => row.bin)).size).toBe(10);
});
