// What a judge run is asked to do (the launcher's form and the server action share it).
import { PROBE_VARIANT_KINDS } from '@/lib/judge/probe-variants';
import { z } from '@/lib/zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** "12, 15 40" → [12, 15, 40]; empty → undefined. */
const idList = z
  .union([z.string(), z.array(z.coerce.number())])
  .optional()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    const parts = Array.isArray(value) ? value.map(String) : value.split(/[\s,]+/).filter(Boolean);
    if (parts.length === 0) return undefined;
    const ids: number[] = [];
    for (const part of parts) {
      if (!/^\d{1,9}$/.test(part) || Number(part) === 0) {
        context.addIssue({ code: 'custom', message: `"${part}" is not a query id` });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return [...new Set(ids)];
  });

/** "walk-hb-1, walk-hb-2" → the queries' ids as their file gave them (what users know); empty → undefined. */
const externalIdList = z
  .string()
  .max(20_000)
  .optional()
  .transform((value) => {
    const parts = [...new Set((value ?? '').split(/[\s,]+/).filter(Boolean))];
    return parts.length ? parts : undefined;
  });

const scope = {
  datasetId: id,
  queryIds: idList,
  queryExternalIds: externalIdList,
  category: z.enum(['CLINICAL_CARE', 'WELLNESS_HEALTH', 'PROFESSIONAL_INQUIRY']).optional(),
  maxQueries: z.coerce.number().int().min(1).max(100_000).optional(),
};

export const runInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('GRADE'),
    endpointIds: z.array(id).length(1, 'Grading uses one endpoint.'),
    ...scope,
    includeIdeal: z.coerce.boolean().default(false),
    /** Whose scoring profile the tiered score uses; the app's default profile when absent. */
    metaRubricVersionId: id.optional(),
  }),
  z.object({
    kind: z.literal('GENERATE'),
    endpointIds: z.array(id).min(1, 'Choose at least one endpoint.').max(8),
    ...scope,
    metaRubricVersionId: id,
    /** A merged criterion is kept when at least this many of the endpoints proposed it. */
    minVotes: z.coerce.number().int().min(1).max(8).default(1),
  }),
  z.object({
    kind: z.literal('PAIRWISE'),
    endpointIds: z.array(id).length(1, 'A pairwise run uses one endpoint.'),
    ...scope,
    metaRubricVersionId: id,
  }),
  z.object({
    kind: z.literal('PROBE'),
    endpointIds: z.array(id).length(1, 'A probe run uses one endpoint.'),
    ...scope,
    /** The content-preserving change graded beside each original (lib/judge/probe-variants.ts). */
    variant: z.enum(PROBE_VARIANT_KINDS, 'Choose a probe.'),
    includeIdeal: z.coerce.boolean().default(false),
  }),
  z.object({
    kind: z.literal('PROXY'),
    endpointIds: z.array(id).length(1, 'A proxy run uses one endpoint.'),
    ...scope,
    /** The rubric: the criteria generated under this version; absent, every criterion of the query not rejected. */
    metaRubricVersionId: id.optional(),
    /** The smallest difference of clinician-graded scores that verifies a pair (lib/discriminability/verified-pairs.ts). */
    minGradeDifference: z.coerce.number().gt(0, 'Must be above 0.').max(2, 'At most 2.').optional(),
  }),
]);

export type RunInput = z.output<typeof runInputSchema>;
