// Words for the pairwise review's values, shared by the review screen, the home and the analytics.
import type { KeyDifference, ReviewerMarkValue } from '@/lib/pairwise/schemas';

/** The five-point preference, in the order of the keys 1–5 (value: −2 A much better .. +2 B much better). */
export const PREFERENCE_OPTIONS: readonly (readonly [value: number, label: string])[] = [
  [-2, 'A much better'],
  [-1, 'A better'],
  [0, 'Tie'],
  [1, 'B better'],
  [2, 'B much better'],
];

export function preferenceLabel(value: number | null): string {
  return PREFERENCE_OPTIONS.find(([option]) => option === value)?.[1] ?? '—';
}

/** A judge's score (−2..+2, positive favouring A) in words. */
export function judgeScoreLabel(score: number): string {
  if (score >= 1.5) return 'A much better';
  if (score > 0) return 'A better';
  if (score <= -1.5) return 'B much better';
  if (score < 0) return 'B better';
  return 'Tie';
}

export const KEY_DIFFERENCE_LABELS: Record<KeyDifference, string> = {
  ACCURACY: 'Accuracy',
  SAFETY: 'Safety',
  COMPLETENESS: 'Completeness',
  RELEVANCE: 'Relevance',
  CLARITY: 'Clarity',
  CONCISENESS: 'Conciseness',
  ACTIONABILITY: 'Actionability',
  EMPATHY: 'Empathy',
};

/** Criterion marks in the order of the keys 1–3. */
export const MARK_OPTIONS: readonly (readonly [ReviewerMarkValue, string])[] = [
  ['AGREE', 'Agree'],
  ['DISAGREE', 'Disagree'],
  ['NOT_RELEVANT', 'Not relevant'],
];

export const WEIGHT_CLASS_LABELS: Record<string, string> = { CORE: 'Core', IMPORTANT: 'Important', HIGHLIGHT: 'Highlight' };

export const CLASS_LABELS: Record<'A' | 'TIE' | 'B', string> = { A: 'A', TIE: 'Tie', B: 'B' };
