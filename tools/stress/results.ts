// What a simulated expert reads back from the app, checked with zod: the app is on the other side of a
// network boundary here, so a response of the wrong shape is an error of its own ("unexpected response"),
// never a silently wrong figure. The same schemas serve the HTTP client and the in-process one (tests).
import { DECISIONS, DIMENSIONS, SEVERITIES, WEIGHT_DIRECTIONS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';

/** ActionResult<T> of lib/auth/action.ts. */
export function actionResultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data, message: z.string().optional() }),
    z.object({
      ok: z.literal(false),
      code: z.string(),
      error: z.string(),
      fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    }),
  ]);
}

export type ParsedActionResult<T> = { ok: true; data: T; message?: string | undefined } | { ok: false; code: string; error: string };

/** Dates arrive as ISO strings over HTTP and as Date objects in process. */
const timestamp = z.union([z.string(), z.date()]);

export const claimResult = actionResultSchema(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.enum(['claimed', 'resumed']), assignmentId: z.number().int().positive() }),
    z.object({ kind: z.literal('none'), reason: z.enum(['done', 'waiting']) }),
  ]),
);

const storedVerdict = z.object({
  criterionId: z.number().int(),
  decision: z.enum(DECISIONS).nullable(),
  rowVersion: z.number().int().positive(),
  submittedAt: timestamp.nullable(),
});

export const saveVerdictResult = actionResultSchema(
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('saved'), verdict: storedVerdict }),
    z.object({ status: z.literal('conflict'), current: storedVerdict.nullable() }),
  ]),
);

export const rateResult = actionResultSchema(
  z.object({ status: z.enum(['saved', 'conflict']), current: z.object({ rowVersion: z.number().int().positive() }) }),
);

export const submitResult = actionResultSchema(
  z.object({
    rowVersion: z.number().int().positive(),
    verdicts: z.number().int().min(0),
    versions: z.record(z.string(), z.number().int().positive()),
  }),
);

/** The audit screen's `assignment` prop (lib/audit/expert-view.ts ExpertAssignment), the parts used here. */
export const assignmentView = z.object({
  id: z.number().int().positive(),
  state: z.enum(['RESERVED', 'SUBMITTED', 'EXPIRED', 'RELEASED']),
  rowVersion: z.number().int().positive(),
  editable: z.boolean(),
  campaign: z.object({ id: z.number().int(), dimensions: z.array(z.enum(DIMENSIONS)) }),
  criteria: z
    .array(
      z.object({
        id: z.number().int().positive(),
        title: z.string(),
        description: z.string(),
        tier: z.string(),
        points: z.number(),
      }),
    )
    .min(1),
  verdicts: z.array(z.object({ criterionId: z.number().int(), rowVersion: z.number().int().positive() })),
});
export type AssignmentView = z.infer<typeof assignmentView>;

/** The verdict fields an expert sends and the database must then hold (already normalised as saveVerdict stores them). */
export const verdictFields = z.object({
  decision: z.enum(DECISIONS),
  dimensions: z.array(z.enum(DIMENSIONS)),
  weightDirection: z.enum(WEIGHT_DIRECTIONS).nullable(),
  severity: z.enum(SEVERITIES).nullable(),
  comment: z.string().nullable(),
  proposedRevision: z.object({ title: z.string(), description: z.string(), tier: z.string(), points: z.number() }).nullable(),
});
export type VerdictFields = z.infer<typeof verdictFields>;
