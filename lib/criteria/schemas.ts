// What the criteria browser's bulk actions take (zod, shared by the browser's forms and the server actions):
// the selected criteria, and per action its own fields.
import { AUDIT_MODES } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { dbId } from '@/lib/http/db-id';

/** More than a few pages of the browser; the bulk actions work on what a person selected, not on a whole dataset. */
export const MAX_SELECTION = 5_000;

const selection = z
  .array(dbId)
  .min(1, 'Select at least one criterion')
  .max(MAX_SELECTION, `Select at most ${MAX_SELECTION.toLocaleString('en')} criteria`)
  .transform((ids) => [...new Set(ids)]);

export const CRITERIA_EXPORT_FORMATS = ['csv', 'jsonl'] as const;

export const exportCriteriaSchema = z.strictObject({ criterionIds: selection, format: z.enum(CRITERIA_EXPORT_FORMATS) });

export const tagCriteriaSchema = z.strictObject({
  criterionIds: selection,
  tag: z
    .string()
    .trim()
    .min(1, 'Write a tag')
    .max(100, 'At most 100 characters')
    .regex(/^[^\s,]+$/, 'One tag: no spaces or commas (use a colon or a dash, e.g. theme:dosing)'),
  /** Take the tag off instead of adding it. */
  remove: z.boolean().default(false),
});

export const addToCampaignSchema = z.strictObject({
  criterionIds: selection,
  campaignId: dbId,
  /** Which criteria the campaign may take (lib/audit/audit-eligibility.ts), as in the campaign form. */
  audit: z.enum(AUDIT_MODES).default('new'),
});

export type ExportCriteriaInput = z.infer<typeof exportCriteriaSchema>;
export type TagCriteriaInput = z.infer<typeof tagCriteriaSchema>;
export type AddToCampaignInput = z.infer<typeof addToCampaignSchema>;
