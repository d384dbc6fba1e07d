// How audit enums read on screen, and the keys that set them. A pressed decision is white text on its colour, so
// each colour is a 700 shade: at least 4.5:1 against white (WCAG 1.4.3; amber-500 was 2.1:1).
import { DECISION_NAMES, DIMENSION_NAMES } from '@/lib/vocabulary/labels';
import type { BadgeTone } from '@/components/ui/badge';

export const DECISION_LABELS = {
  ACCEPT: { label: DECISION_NAMES.ACCEPT, key: '1', tone: 'green' as BadgeTone, active: 'bg-emerald-700 text-white ring-emerald-700' },
  REVISE_MINOR: {
    label: DECISION_NAMES.REVISE_MINOR,
    key: '2',
    tone: 'blue' as BadgeTone,
    active: 'bg-brand-600 text-white ring-brand-600',
  },
  REVISE_MAJOR: {
    label: DECISION_NAMES.REVISE_MAJOR,
    key: '3',
    tone: 'amber' as BadgeTone,
    active: 'bg-amber-700 text-white ring-amber-700',
  },
  REJECT: { label: DECISION_NAMES.REJECT, key: '4', tone: 'red' as BadgeTone, active: 'bg-red-700 text-white ring-red-700' },
} as const;
export type DecisionKey = keyof typeof DECISION_LABELS;
export const DECISION_KEYS = Object.keys(DECISION_LABELS) as DecisionKey[];

export const DIMENSION_LABELS: Record<string, string> = DIMENSION_NAMES;

export const WEIGHT_DIRECTION_LABELS: Record<string, string> = { OVER: 'Over-weighted', UNDER: 'Under-weighted', REDUNDANT: 'Redundant' };
export const SEVERITY_LABELS: Record<string, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', CRITICAL: 'Critical' };

export const COMPREHENSIVENESS_LABELS: Record<number, string> = {
  1: 'Many essential points missing',
  2: 'Important gaps',
  3: 'Some gaps',
  4: 'Nearly complete',
  5: 'Complete',
};
