// "Next" in a grading campaign: reserves the next response for a clinician through manual_grading_claim_next
// (prisma/migrations/20261124211413_grading_campaigns), the audit claim's algorithm on the response unit, called
// through the audit claim's own caller (lib/audit/claim-next.ts) so answers and errors are the same: never more
// than k holders, never a response the clinician already holds or submitted, no over-assignment under
// concurrency (FOR UPDATE SKIP LOCKED, one advisory lock per clinician), expired reservations released first.
import 'server-only';
import { type ClaimResult, callClaimFunction, releaseHeld } from '@/lib/audit/claim-next';

export async function claimGradingResponse(options: { campaignId: number; expertId: string }): Promise<ClaimResult> {
  return callClaimFunction('manual_grading_claim_next', options);
}

/** The clinician hands a reserved response back (their marks are kept for if they take it again). */
export async function releaseGradingAssignment({ assignmentId, expertId }: { assignmentId: number; expertId: string }): Promise<void> {
  await releaseHeld({ kind: 'grading', assignmentId, expertId });
}
