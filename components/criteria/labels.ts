// How criterion enums read on screen, and their colours. Shared by the criteria browser and the datasets page.
import type { Tier } from '@/lib/vocabulary/enums';
import type { BadgeTone } from '@/components/ui/badge';
import type { CRITERION_STATUSES } from '@/lib/criteria/list-criteria';
import { CATEGORY_LABELS, TIER_NAMES } from '@/lib/vocabulary/labels';

export { CATEGORY_LABELS };

export type CriterionStatus = (typeof CRITERION_STATUSES)[number];

export const TIER_LABELS: Record<Tier, { label: string; tone: BadgeTone; color: string }> = {
  ESSENTIAL: { label: TIER_NAMES.ESSENTIAL, tone: 'blue', color: '#2f6fde' },
  IMPORTANT: { label: TIER_NAMES.IMPORTANT, tone: 'green', color: '#059669' },
  HIGHLIGHT: { label: TIER_NAMES.HIGHLIGHT, tone: 'violet', color: '#7c3aed' },
  PITFALL: { label: TIER_NAMES.PITFALL, tone: 'amber', color: '#d97706' },
};

export const STATUS_LABELS: Record<CriterionStatus, { label: string; tone: BadgeTone; color: string }> = {
  PENDING: { label: 'Pending', tone: 'slate', color: '#94a3b8' },
  IN_AUDIT: { label: 'In audit', tone: 'blue', color: '#2f6fde' },
  VERIFIED: { label: 'Verified', tone: 'green', color: '#059669' },
  REVISED: { label: 'Revised', tone: 'violet', color: '#7c3aed' },
  REJECTED: { label: 'Rejected', tone: 'red', color: '#dc2626' },
};

export const STATUSES = Object.keys(STATUS_LABELS) as CriterionStatus[];

const signed = new Intl.NumberFormat('en', { signDisplay: 'exceptZero', maximumFractionDigits: 2 });

/** Points are signed: +8 for a criterion met, -6 for a pitfall committed. */
export function formatPoints(points: number): string {
  return signed.format(points);
}
