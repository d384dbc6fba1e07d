'use server';
// Server actions of the pairwise review. Reviewers and admins (the section's roles) claim pairs, give their
// blind preference, then audit the judge's verdict, always on their own judgments (the domain functions
// filter by the caller's id).
import { defineAction } from '@/lib/auth/action';
import { claimNextPair, giveBackPair } from '@/lib/pairwise/claim-next';
import { saveDraftMark, savePreference, submitReview } from '@/lib/pairwise/judgments';
import { claimSchema, draftMarkSchema, giveBackSchema, preferenceSchema, submitReviewSchema } from '@/lib/pairwise/schemas';

const REVIEWERS = ['ADMIN', 'REVIEWER'] as const;

export const claimNextPairAction = defineAction(
  { name: 'pairwise.claimNext', roles: REVIEWERS, input: claimSchema },
  // No revalidation here or below: the screens navigate or refresh themselves (see lib/audit/actions.ts).
  async (input, { user }) => claimNextPair({ runId: input.runId, reviewerId: user.id }),
);

export const giveBackPairAction = defineAction(
  { name: 'pairwise.giveBack', roles: REVIEWERS, input: giveBackSchema },
  async (input, { user }) => {
    await giveBackPair({ judgmentId: input.judgmentId, reviewerId: user.id });
    return { released: input.judgmentId };
  },
);

export const savePreferenceAction = defineAction(
  { name: 'pairwise.savePreference', roles: REVIEWERS, input: preferenceSchema },
  async (input, { user }) => await savePreference({ reviewerId: user.id, input }),
);

export const saveDraftMarkAction = defineAction(
  { name: 'pairwise.saveMark', roles: REVIEWERS, input: draftMarkSchema },
  async (input, { user }) => await saveDraftMark({ reviewerId: user.id, input }),
);

export const submitReviewAction = defineAction(
  { name: 'pairwise.submit', roles: REVIEWERS, input: submitReviewSchema },
  async (input, { user }) => {
    const submitted = await submitReview({ reviewerId: user.id, input });
    return { data: submitted, message: 'Submitted. Thank you.' };
  },
);
