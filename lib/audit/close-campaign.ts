// Closing a campaign ends it: no more claims or amendments; live reservations are released (of queries in an
// audit, of responses in a grading campaign).
import { recordEvent } from '@/lib/audit-trail/record-event';
import { bulkTransaction } from '@/lib/db/bulk-transaction';
import { HELD } from '@/lib/audit/claim-next';
import { conflict, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

export async function closeCampaign({
  actorId,
  campaignId,
  timeoutSeconds,
}: {
  actorId: string;
  campaignId: number;
  /** How long the one transaction may take before it is undone (BULK_CHANGE_TIMEOUT_SECONDS). */
  timeoutSeconds?: number;
}) {
  return await bulkTransaction(
    {
      doing: 'Closing this campaign',
      undone: 'the campaign is still open and nothing changed',
      advice: 'Try again when the server is less busy',
      timeoutSeconds,
    },
    async (tx) => {
      const campaign = await tx.auditCampaign.findUnique({ where: { id: campaignId }, select: { status: true, kind: true } });
      if (!campaign) throw notFound('The campaign');
      if (campaign.status === 'CLOSED') throw conflict('The campaign is already closed.');
      const held = HELD[campaign.kind === 'GRADING' ? 'grading' : 'audit'];
      const released = await tx.$executeRaw`
      UPDATE ${Prisma.raw(held.table)} SET state = 'RELEASED', updated_at = now(), row_version = row_version + 1
      WHERE campaign_id = ${campaignId} AND state = 'RESERVED'`;
      await tx.$executeRaw`
      UPDATE ${Prisma.raw(held.units)} u SET holders = (SELECT count(*) FROM ${Prisma.raw(held.table)} a
        WHERE a.campaign_id = u.campaign_id AND a.${Prisma.raw(held.unit)} = u.${Prisma.raw(held.unit)} AND a.state = 'SUBMITTED')
      WHERE u.campaign_id = ${campaignId}`;
      await tx.auditCampaign.update({ where: { id: campaignId }, data: { status: 'CLOSED', closedAt: new Date() } });
      await recordEvent(tx, {
        actorId,
        action: 'campaign.close',
        entityType: 'campaign',
        entityId: campaignId,
        after: { releasedReservations: released },
      });
      return { releasedReservations: released };
      // Closing completes every criterion with a verdict and sets every other back to pending: the analytics
      // triggers refresh all of the campaign's outcomes and criteria in this transaction.
    },
  );
}
