// The product's words, one home: the values every area, form and screen uses for categories, tiers, audit
// decisions, error dimensions and audit modes. Imports nothing, so every lib area may depend on it and no
// cycle can pass through it. Labels for people are in lib/vocabulary/labels.ts.

export const CATEGORIES = ['CLINICAL_CARE', 'WELLNESS_HEALTH', 'PROFESSIONAL_INQUIRY'] as const;
export type Category = (typeof CATEGORIES)[number];
export const TIERS = ['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL'] as const;
export type Tier = (typeof TIERS)[number];

export const DECISIONS = ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR', 'REJECT'] as const;
export type Decision = (typeof DECISIONS)[number];
export const DIMENSIONS = ['CORRECTNESS', 'COMPREHENSIVENESS', 'RELEVANCE', 'WEIGHT'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const WEIGHT_DIRECTIONS = ['OVER', 'UNDER', 'REDUNDANT'] as const;
export const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;

/** Which criteria a campaign takes (lib/audit/audit-eligibility.ts): never audited, revised since, or all. */
export const AUDIT_MODES = ['new', 'revised', 'all'] as const;
export type AuditMode = (typeof AUDIT_MODES)[number];
