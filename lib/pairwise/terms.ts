// Canonical A/B terms versus what one reviewer saw. Everything is stored canonically (A = the comparison's
// response A); a reviewer who was shown the pair in order BA saw response B on the left, labelled "A". These
// pure functions are the only place that flips between the two.
import type { PairChoice, PresentedOrder } from '@/lib/generated/prisma/enums';

export type PreferenceClass = 'A' | 'TIE' | 'B';

const swap = (choice: PairChoice): PairChoice => (choice === 'A' ? 'B' : choice === 'B' ? 'A' : 'TIE');

/** A preference −2..+2 (positive: B better) between display and canonical terms (the map is its own inverse). */
export function flipPreference(preference: number, displayOrder: PresentedOrder): number {
  return displayOrder === 'AB' || preference === 0 ? preference : -preference;
}

/** A judge's choice (A, B or TIE) between canonical and display terms (its own inverse too). */
export function flipChoice(choice: PairChoice, displayOrder: PresentedOrder): PairChoice {
  return displayOrder === 'AB' ? choice : swap(choice);
}

/** MT-Bench's collapse of a 5-point preference to 3 classes: −2/−1 → A, 0 → TIE, +1/+2 → B. */
export function preferenceClass(preference: number): PreferenceClass {
  return preference < 0 ? 'A' : preference > 0 ? 'B' : 'TIE';
}

/**
 * The judge's verdict on a pair for agreement: the winner of the canonical (AB) comparison, except that a pair
 * whose two presented orders disagree counts as TIE (MT-Bench: a win must survive the swap of positions).
 * Without a twin (the BA order failed) the AB winner stands.
 */
export function judgeClass(winner: PairChoice | null, positionConsistent: boolean | null): PreferenceClass | null {
  if (winner === null) return null;
  return positionConsistent === false ? 'TIE' : winner;
}
