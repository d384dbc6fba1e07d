// Closing a campaign ends it: no more claims or amendments; live reservations are released (of queries in an
// audit, of responses in a grading campaign).
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { conflict, notFound } from '@/lib/errors';

export async function closeCampaign({ actorId, campaignId }: { actorId: string; campaignId: number }) {
  return await prisma.$transaction(
    async (tx) => {
      const campaign = await tx.auditCampaign.findUnique({ where: { id: campaignId }, select: { status: true } });
      if (!campaign) throw notFound('The campaign');
      if (campaign.status === 'CLOSED') throw conflict('The campaign is already closed.');
      let released = await tx.$executeRaw`
      UPDATE assignments SET state = 'RELEASED', updated_at = now(), row_version = row_version + 1
      WHERE campaign_id = ${campaignId} AND state = 'RESERVED'`;
      await tx.$executeRaw`
      UPDATE campaign_queries cq SET holders = (SELECT count(*) FROM assignments a
        WHERE a.campaign_id = cq.campaign_id AND a.query_id = cq.query_id AND a.state = 'SUBMITTED')
      WHERE cq.campaign_id = ${campaignId}`;
      const releasedGradings = await tx.$executeRaw`
      UPDATE grading_assignments SET state = 'RELEASED', updated_at = now(), row_version = row_version + 1
      WHERE campaign_id = ${campaignId} AND state = 'RESERVED'`;
      await tx.$executeRaw`
      UPDATE grading_units gu SET holders = (SELECT count(*) FROM grading_assignments a
        WHERE a.campaign_id = gu.campaign_id AND a.response_id = gu.response_id AND a.state = 'SUBMITTED')
      WHERE gu.campaign_id = ${campaignId}`;
      released += releasedGradings;
      await tx.auditCampaign.update({ where: { id: campaignId }, data: { status: 'CLOSED', closedAt: new Date() } });
      await recordEvent(tx, {
        actorId,
        action: 'campaign.close',
        entityType: 'campaign',
        entityId: campaignId,
        after: { releasedReservations: released },
      });
      return { releasedReservations: released };
      // Closing completes every criterion with a verdict: the analytics triggers refresh all of the campaign's
      // outcomes in this transaction (about 20 s at 220,000 criteria).
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
