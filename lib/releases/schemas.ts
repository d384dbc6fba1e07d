// What a release includes: the rules an admin sets (validated here once, for the form, the action, the CLI
// and the stored Release.rules), and the create/freeze/export inputs.
import { CATEGORIES } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { dbId } from '@/lib/http/db-id';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/export/format-names';

/** A checkbox group posts one value, many, or none; each becomes an array. */
const asArray = (value: unknown) => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const many = <T extends z.ZodType>(list: z.ZodArray<T>) => z.preprocess(asArray, list);

export const INCLUDABLE_DECISIONS = ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] as const;
export const RED_LINE_MODES = ['include', 'exclude', 'only'] as const;
export const TEXT_MODES = ['revised', 'original'] as const;

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  native: 'Native JSONL (re-importable)',
  healthbench: 'HealthBench JSONL',
  quark: 'QuarkMedBench JSON',
  csv: 'CSV (one criterion per row; formulas neutralised)',
  parquet: 'Parquet (one criterion per row)',
  hf: 'Hugging Face dataset folder (.tar)',
};

/**
 * What each format cannot carry of a released criterion (the release page lists it). The native JSON Lines
 * carries everything, the audit outcome and the released revision included.
 */
export const FORMAT_LIMITS: Record<ExportFormat, string[]> = {
  native: [],
  healthbench: [
    'title and description as separate fields (one criterion text: the two composed when they differ)',
    'tier (only the signed points), levels, red-line flag and evidence',
    'query category, department, language and metadata',
    'provenance, the audit outcome and the released revision',
  ],
  quark: [
    'the description of a criterion with levels (composed into its Title)',
    'the sign of points (the tier carries it), red-line flag and evidence',
    'query language, tags and metadata; criterion ids',
    'provenance, the audit outcome and the released revision',
  ],
  csv: ['the conversation, query tags and metadata', 'provenance (generator models, consensus votes, meta-rubric version)'],
  parquet: ['the conversation, query tags and metadata', 'provenance (generator models, consensus votes, meta-rubric version)'],
  hf: ['what its Parquet and HealthBench JSONL files cannot carry (it holds those two)'],
};

export const rulesSchema = z.object({
  datasetIds: many(z.array(dbId).min(1, 'Choose at least one dataset').max(50)).transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  /** Final decisions to include; REJECT is never released. */
  decisions: many(z.array(z.enum(INCLUDABLE_DECISIONS)).min(1, 'Choose at least one final decision')).transform((values) =>
    INCLUDABLE_DECISIONS.filter((d) => values.includes(d)),
  ),
  minVerdicts: z.coerce.number().int().min(1).max(50).default(1),
  allowAdjudicated: z
    .union([z.boolean(), z.enum(['true', 'false', 'on'])])
    .transform((value) => value === true || value === 'true' || value === 'on')
    .default(true),
  /** Fleiss' per-criterion agreement P_i (0..1); 0 = no minimum. A criterion with one verdict has none. */
  minAgreement: z.coerce.number().min(0).max(1).default(0),
  redLines: z.enum(RED_LINE_MODES).default('include'),
  categories: z
    .preprocess(
      (value) => (value === undefined ? [...CATEGORIES] : asArray(value)),
      z.array(z.enum(CATEGORIES)).min(1, 'Choose at least one category'),
    )
    .transform((values) => CATEGORIES.filter((c) => values.includes(c))),
  /** revised: each criterion's current revision (following its final decisions); original: revision 0, as imported. */
  text: z.enum(TEXT_MODES).default('revised'),
});
export type ReleaseRules = z.output<typeof rulesSchema>;

export const releaseNameSchema = z
  .string('Give the release a name')
  .trim()
  .min(1, 'Give the release a name')
  .max(100)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'Letters, digits, spaces, dots, dashes and underscores only');

export const createReleaseSchema = z.object({
  name: releaseNameSchema,
  description: z.string().trim().max(2000).optional(),
  rules: rulesSchema,
});
export type CreateReleaseInput = z.output<typeof createReleaseSchema>;

export const releaseIdSchema = z.object({ releaseId: dbId });
export const exportReleaseSchema = z.object({
  releaseId: dbId,
  formats: many(z.array(z.enum(EXPORT_FORMATS)).min(1, 'Choose at least one format')),
});

/** What the release page says while a release is being frozen (release_freezes.stage). */
export const FREEZE_STAGE_LABELS: Record<string, string> = {
  queued: 'Waiting for a worker',
  selecting: 'Applying the rules',
  snapshot: 'Copying the criteria',
  rendering: 'Writing the native lines',
  manifest: 'Writing the manifest',
  done: 'Frozen',
  failed: 'Failed',
};

export const RELEASE_STATUS_TONES = { DRAFT: 'amber', FREEZING: 'blue', FROZEN: 'green', FAILED: 'red' } as const;
