/**
 * The plug-in (maximum-likelihood) estimate of the mutual information of two discrete variables from their
 * contingency table, in bits: Î = Σᵢⱼ p̂ᵢⱼ · log₂(p̂ᵢⱼ / (p̂ᵢ· p̂·ⱼ)), p̂ᵢⱼ = nᵢⱼ / N; 0·log 0 = 0. NaN when N = 0.
 * A continuous variable enters binned, so Î measures the information in the bins, not in the variable. The plug-in
 * estimate is biased upwards; to first order (Miller–Madow) by (R − 1)(C − 1) / (2N ln 2) bits, R and C the rows and
 * columns with at least one count: `bias` is that figure. Example: [[10, 0], [0, 10]] → 1 bit (bias 1/(40 ln 2)).
 */
export function binnedMutualInformation(table: readonly (readonly number[])[]): { bits: number; bias: number } {
  const rows = table.map((row) => row.reduce((sum, value) => sum + value, 0));
  const columns = (table[0] ?? []).map((_, column) => table.reduce((sum, row) => sum + (row[column] ?? 0), 0));
  const total = rows.reduce((sum, value) => sum + value, 0);
  if (total === 0) return { bits: Number.NaN, bias: Number.NaN };
  let bits = 0;
  table.forEach((row, r) => {
    row.forEach((count, c) => {
      if (count > 0) bits += (count / total) * Math.log2((count * total) / ((rows[r] as number) * (columns[c] as number)));
    });
  });
  const occupied = (values: number[]) => values.filter((value) => value > 0).length;
  const bias = ((occupied(rows) - 1) * (occupied(columns) - 1)) / (2 * total * Math.LN2);
  return { bits: Math.max(0, bits), bias };
}
