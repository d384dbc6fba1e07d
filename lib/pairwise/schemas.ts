// Input schemas of the pairwise review: what a reviewer sends (claim, blind preference, audit of the judge's
// criteria, give back). Preferences arrive in the reviewer's display terms (A = the left response as shown to
// them); lib/pairwise/judgments.ts maps them to canonical A/B terms with the recorded display order.
import { z } from '@/lib/zod';
import { dbId, dbInt } from '@/lib/http/db-id';

export const KEY_DIFFERENCES = [
  'ACCURACY',
  'SAFETY',
  'COMPLETENESS',
  'RELEVANCE',
  'CLARITY',
  'CONCISENESS',
  'ACTIONABILITY',
  'EMPATHY',
] as const;
export type KeyDifference = (typeof KEY_DIFFERENCES)[number];

export const REVIEWER_MARKS = ['AGREE', 'DISAGREE', 'NOT_RELEVANT'] as const;
export type ReviewerMarkValue = (typeof REVIEWER_MARKS)[number];

/** How long a claimed pair stays reserved; saving the preference extends it by as much again. */
export const RESERVATION_MINUTES = 30;

const seconds = z.coerce.number().int().min(0).max(3_600).default(0);

export const claimSchema = z.object({ runId: dbId });

export const giveBackSchema = z.object({ judgmentId: dbId });

export const preferenceSchema = z.object({
  judgmentId: dbId,
  rowVersion: dbInt(1),
  /** −2 (A much better) .. +2 (B much better), A and B as this reviewer saw them. */
  preference: z.coerce
    .number('Choose which response is better')
    .int()
    .min(-2, 'Choose which response is better')
    .max(2, 'Choose which response is better'),
  keyDifferences: z
    .object({
      aspects: z.array(z.enum(KEY_DIFFERENCES)).max(KEY_DIFFERENCES.length).default([]),
      note: z.string().trim().max(2_000, 'At most 2,000 characters').nullish(),
    })
    .default({ aspects: [] }),
  secondsDelta: seconds,
});
export type PreferenceInput = z.infer<typeof preferenceSchema>;

/** One mark as the reviewer makes it, kept as a draft until the review is submitted. */
export const draftMarkSchema = z.object({ judgmentId: dbId, criterionId: dbId, mark: z.enum(REVIEWER_MARKS) });
export type DraftMarkInput = z.infer<typeof draftMarkSchema>;

export const submitReviewSchema = z
  .object({
    judgmentId: dbId,
    rowVersion: dbInt(1),
    marks: z.array(z.object({ criterionId: dbId, mark: z.enum(REVIEWER_MARKS) })).max(200),
    verdictCorrect: z.boolean('Say whether the judge’s overall verdict is right'),
    comment: z.string().trim().max(5_000, 'At most 5,000 characters').nullish(),
    secondsDelta: seconds,
  })
  .superRefine((input, ctx) => {
    if (!input.verdictCorrect && !input.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the judge’s verdict is wrong' });
    }
  });
export type SubmitReviewInput = z.infer<typeof submitReviewSchema>;

export const exportQuerySchema = z.object({
  run: dbId.optional(),
  minReviewers: z.coerce.number().int().min(1).max(20).default(1),
});
