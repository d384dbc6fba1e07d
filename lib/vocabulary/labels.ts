import type { Category, Tier } from '@/lib/vocabulary/enums';
// How criterion enums read, in one table: the screens (components/criteria/labels.ts adds badge tones and
// colours) and the figures computed on the server (analytics breakdowns) must print the same words. A second
// hand-written table once turned "Wellness & health" into "Wellness health" on the dashboard; labels.test.ts
// fails if another file spells the enum out again.

export const CATEGORY_LABELS: Record<Category, string> = {
  CLINICAL_CARE: 'Clinical care',
  WELLNESS_HEALTH: 'Wellness & health',
  PROFESSIONAL_INQUIRY: 'Professional inquiry',
};

export const TIER_NAMES: Record<Tier, string> = {
  ESSENTIAL: 'Essential',
  IMPORTANT: 'Important',
  HIGHLIGHT: 'Highlight',
  PITFALL: 'Pitfall',
};

export const RED_LINE_NAMES = { true: 'Red line', false: 'Not a red line' } as const;
