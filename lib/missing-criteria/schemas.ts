// Input schemas of a reviewer's decision on a missing-criterion proposal: accept (with the reviewer's edits,
// checked by the very schema the expert's form uses), or reject with a note. Shared by the form and the actions.
import { z } from '@/lib/zod';
import { missingCriterionFieldsSchema } from '@/lib/audit/schemas';
import { dbId, dbInt } from '@/lib/http/db-id';

const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Which proposals the queue lists (its sub-tabs), pending first. */
export const PROPOSAL_FILTERS = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ProposalFilter = (typeof PROPOSAL_FILTERS)[number];

const decisionBase = {
  proposalId: dbId,
  /** The proposal's rowVersion the reviewer read: a decision or an expert's edit since then is a conflict. */
  expectedRowVersion: dbInt(1),
};

export const acceptProposalSchema = missingCriterionFieldsSchema.extend({
  ...decisionBase,
  note: z.preprocess(blankAsUndefined, z.string().trim().max(10_000).optional()),
});
export type AcceptProposalInput = z.output<typeof acceptProposalSchema>;

export const rejectProposalSchema = z.object({
  ...decisionBase,
  note: z.string('Say why the proposal is rejected').trim().min(1, 'Say why the proposal is rejected').max(10_000),
  /** The query's criterion it duplicates, when that is the reason. */
  duplicateOfCriterionId: z.preprocess(blankAsUndefined, dbId.optional()),
});
export type RejectProposalInput = z.output<typeof rejectProposalSchema>;

/** The check the server makes, as field errors for the form to show before it sends (empty when valid). */
export function decisionErrors(decision: 'accept' | 'reject', input: unknown): Record<string, string[]> {
  const parsed = (decision === 'accept' ? acceptProposalSchema : rejectProposalSchema).safeParse(input);
  const errors: Record<string, string[]> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
