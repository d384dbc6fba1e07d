// The clinician's own grading assignment, locked for a write, if they may still change it: theirs (another
// clinician's id is simply "not found"), a live reservation, in an open campaign. Marks and submission share it.
import 'server-only';
import { DomainError, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface LockedGradingAssignment {
  id: number;
  campaignId: number;
  responseId: number;
  criterionOrder: number[];
  reservationMinutes: number;
}

export async function lockGradingAssignment(
  tx: Prisma.TransactionClient,
  assignmentId: number,
  expertId: string,
): Promise<LockedGradingAssignment> {
  const [row] = await tx.$queryRaw<
    {
      id: number;
      campaign_id: number;
      response_id: number;
      state: string;
      expired: boolean;
      criterion_order: number[];
      status: string;
      reservation_minutes: number;
    }[]
  >`
    SELECT a.id, a.campaign_id, a.response_id, a.state::text AS state, a.expires_at <= timezone('UTC', now()) AS expired,
           a.criterion_order, c.status::text AS status, c.reservation_minutes
      FROM grading_assignments a JOIN audit_campaigns c ON c.id = a.campaign_id
     WHERE a.id = ${assignmentId} AND a.expert_id = ${expertId}
       FOR UPDATE OF a`;
  if (!row) throw notFound('This grading assignment');
  if (row.status !== 'OPEN') throw new DomainError('CONFLICT', 'The campaign is closed; grades can no longer change.');
  if (row.state === 'SUBMITTED') throw new DomainError('CONFLICT', 'You have already submitted this response; its grades are final.');
  if (row.state !== 'RESERVED' || row.expired) {
    throw new DomainError('CONFLICT', 'Your reservation of this response expired. Your marks are kept: take it again from “My audits”.');
  }
  return {
    id: row.id,
    campaignId: row.campaign_id,
    responseId: row.response_id,
    criterionOrder: row.criterion_order,
    reservationMinutes: row.reservation_minutes,
  };
}
