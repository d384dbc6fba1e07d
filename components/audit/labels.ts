// How audit enums read on screen, and the keys that set them.
import { DECISION_NAMES, DIMENSION_NAMES } from '@/lib/vocabulary/labels';
import type { BadgeTone } from '@/components/ui/badge';

export const DECISION_LABELS = {
  ACCEPT: { label: DECISION_NAMES.ACCEPT, key: '1', tone: 'green' as BadgeTone, active: 'bg-emerald-600 text-white ring-emerald-600' },
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
    active: 'bg-amber-500 text-white ring-amber-500',
  },
  REJECT: { label: DECISION_NAMES.REJECT, key: '4', tone: 'red' as BadgeTone, active: 'bg-red-600 text-white ring-red-600' },
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
