import { cohenKappaFromTable } from '@/lib/stats/cohen-kappa';

export interface MajorityConfusion {
  /** [judge met, judge not met] × [majority met, majority not met]. */
  table: [[number, number], [number, number]];
  /** Items whose clinicians split evenly: no majority, left out of the table and κ. */
  ties: number;
  /** Cohen's κ of the judge against the clinicians' majority over the table; NaN when undefined. */
  kappa: number;
  /** Share of the table's items on which the judge agrees with the majority. */
  agreement: number;
}

/**
 * The judge's label against the majority of the clinicians' labels on each item (strict majority; an even
 * split is a tie and is counted apart), as a 2 × 2 confusion matrix with Cohen's κ (lib/stats/cohen-kappa).
 */
export function majorityConfusion(items: readonly { judge: boolean; clinicians: readonly boolean[] }[]): MajorityConfusion {
  const table: [[number, number], [number, number]] = [
    [0, 0],
    [0, 0],
  ];
  let ties = 0;
  for (const { judge, clinicians } of items) {
    const met = clinicians.filter(Boolean).length;
    const notMet = clinicians.length - met;
    if (met === notMet) {
      ties++;
      continue;
    }
    table[judge ? 0 : 1][met > notMet ? 0 : 1]++;
  }
  return confusionFromTable(table, ties);
}

/** The same from a table already counted (in SQL). */
export function confusionFromTable(table: [[number, number], [number, number]], ties: number): MajorityConfusion {
  const n = table[0][0] + table[0][1] + table[1][0] + table[1][1];
  return {
    table,
    ties,
    kappa: cohenKappaFromTable(table).kappa,
    agreement: n === 0 ? Number.NaN : (table[0][0] + table[1][1]) / n,
  };
}
