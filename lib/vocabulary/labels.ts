import type { Category, Decision, Dimension, Tier } from '@/lib/vocabulary/enums';
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

/** The audit decisions as every screen names them (experts, reviewers and admins alike). */
export const DECISION_NAMES: Record<Decision, string> = {
  ACCEPT: 'Accept',
  REVISE_MINOR: 'Minor revision',
  REVISE_MAJOR: 'Major revision',
  REJECT: 'Reject',
};

/** QuarkMedBench's four error dimensions, one wording for experts and admins. */
export const DIMENSION_NAMES: Record<Dimension, string> = {
  CORRECTNESS: 'Correctness',
  COMPREHENSIVENESS: 'Comprehensiveness',
  RELEVANCE: 'Relevance',
  WEIGHT: 'Weight rationality',
};
