// How campaign enums and durations read on the admin screens.
import { DECISION_NAMES, DIMENSION_NAMES } from '@/lib/vocabulary/labels';
import type { AuditMode, Decision, Dimension } from '@/lib/vocabulary/enums';
import type { BadgeTone } from '@/components/ui/badge';

export const DIMENSION_LABELS: Record<Dimension, string> = DIMENSION_NAMES;

export const DECISION_LABELS: Record<Decision, { label: string; tone: BadgeTone }> = {
  ACCEPT: { label: DECISION_NAMES.ACCEPT, tone: 'green' },
  REVISE_MINOR: { label: DECISION_NAMES.REVISE_MINOR, tone: 'blue' },
  REVISE_MAJOR: { label: DECISION_NAMES.REVISE_MAJOR, tone: 'amber' },
  REJECT: { label: DECISION_NAMES.REJECT, tone: 'red' },
};

export const CAMPAIGN_STATUS: Record<'OPEN' | 'CLOSED', { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'green' },
  CLOSED: { label: 'Closed', tone: 'slate' },
};

/** 7 s, 1 min 05 s, 2 h 10 min: seconds as a person reads them. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  if (total < 3600) return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
  return `${Math.floor(total / 3600)} h ${String(Math.floor((total % 3600) / 60)).padStart(2, '0')} min`;
}

/** A histogram bucket's range in minutes: "< 1 min", "5–10 min", "≥ 60 min". */
export function bucketLabel(from: number, to: number | null): string {
  const min = (seconds: number) => String(seconds / 60);
  if (from === 0 && to !== null) return `< ${min(to)} min`;
  if (to === null) return `≥ ${min(from)} min`;
  return `${min(from)}–${min(to)} min`;
}

export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.floor(percent)}%`;
}

/** The audit modes as the campaign form and the criteria browser offer them (lib/audit/audit-eligibility.ts says what each takes). */
export const AUDIT_MODE_TEXT: Record<AuditMode, [string, string]> = {
  new: ['Never audited', 'Criteria no campaign has decided or is auditing (also missing criteria a reviewer accepted).'],
  revised: ['Revised since their last audit', 'Criteria whose text a decision changed after their last audit.'],
  all: ['All', 'Every criterion not being audited now, including a second audit of decided ones.'],
};
