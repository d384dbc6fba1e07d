// "Next": reserves the next query of a campaign for an expert, inside one transaction.
//  - Never a query the expert already submitted, and never more than k holders on a query (a CHECK
//    constraint backs the counter: holders <= overlap_k).
//  - Concurrent claims never over-assign: candidate rows are locked with FOR UPDATE SKIP LOCKED, so two
//    experts never take the same last slot, and one expert's parallel clicks are serialised by an advisory
//    lock (no second reservation).
//  - Expired reservations are released first; an expert who comes back to a query they had let expire gets
//    the same assignment back, drafts and all.
//  - An expert with a live reservation resumes it instead of getting a new one.
import { createHash } from 'node:crypto';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { DomainError, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

export type ClaimResult = { kind: 'claimed' | 'resumed'; assignmentId: number } | { kind: 'none'; reason: 'done' | 'waiting' };

/** A stable 64-bit advisory-lock key for (campaign, expert). */
function lockKey(campaignId: number, expertId: string): bigint {
  return createHash('sha256').update(`claim:${campaignId}:${expertId}`).digest().readBigInt64BE(0);
}

/** A per-expert shuffle of the criteria, so order effects differ between experts (and are recorded). */
export function shuffledOrder(ids: number[], seed: string): number[] {
  return ids
    .map((id) => ({ id, key: createHash('sha256').update(`${seed}:${id}`).digest('hex') }))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ id }) => id);
}

/** Releases reservations past their expiry in a campaign; returns how many. */
export async function expireReservations(tx: Prisma.TransactionClient, campaignId: number): Promise<number> {
  const expired = await tx.$queryRaw<{ query_id: number; n: number }[]>`
    WITH gone AS (
      UPDATE assignments SET state = 'EXPIRED', updated_at = now()
      WHERE campaign_id = ${campaignId} AND state = 'RESERVED' AND expires_at < now()
      RETURNING query_id)
    SELECT query_id, count(*)::int AS n FROM gone GROUP BY query_id`;
  for (const row of expired) {
    await tx.$executeRaw`
      UPDATE campaign_queries SET holders = holders - ${row.n} WHERE campaign_id = ${campaignId} AND query_id = ${row.query_id}`;
  }
  return expired.reduce((sum, row) => sum + row.n, 0);
}

export async function claimNext({ campaignId, expertId }: { campaignId: number; expertId: string }): Promise<ClaimResult> {
  return await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockKey(campaignId, expertId)})`;
    const campaign = await tx.auditCampaign.findFirst({
      where: { id: campaignId, experts: { some: { userId: expertId } } },
      select: { status: true, overlapK: true, reservationMinutes: true, matchSpecialty: true, deadline: true },
    });
    if (!campaign) throw notFound('The campaign');
    if (campaign.status !== 'OPEN') throw new DomainError('CONFLICT', 'This campaign is closed.');

    const live = await tx.assignment.findFirst({
      where: { campaignId, expertId, state: 'RESERVED', expiresAt: { gt: new Date() } },
      select: { id: true },
    });
    if (live) return { kind: 'resumed', assignmentId: live.id };

    await expireReservations(tx, campaignId);

    const specialties = campaign.matchSpecialty
      ? (await tx.user.findUniqueOrThrow({ where: { id: expertId }, select: { specialties: true } })).specialties.map((s) =>
          s.toLowerCase(),
        )
      : null;
    // Fill queries that others have started first (they complete sooner), then in the campaign's order.
    const eligible = Prisma.sql`
      cq.campaign_id = ${campaignId} AND cq.holders < ${campaign.overlapK}
      AND NOT EXISTS (
        SELECT 1 FROM assignments a
        WHERE a.campaign_id = ${campaignId} AND a.query_id = cq.query_id AND a.expert_id = ${expertId}
          AND a.state IN ('RESERVED', 'SUBMITTED'))
      AND (${specialties === null} OR cq.department IS NULL OR lower(cq.department) = ANY(${specialties ?? []}::text[]))`;
    let candidates: { query_id: number }[] = [];
    const giveUpAt = Date.now() + 3000;
    while (Date.now() < giveUpAt) {
      candidates = await tx.$queryRaw<{ query_id: number }[]>`
        SELECT cq.query_id FROM campaign_queries cq WHERE ${eligible}
        ORDER BY cq.holders DESC, cq.sort_key DESC LIMIT 1 FOR UPDATE OF cq SKIP LOCKED`;
      if (candidates.length > 0) break;
      // Every eligible row is locked by someone else's claim at this instant. If rows are still eligible,
      // their claims may leave slots free: look again shortly instead of answering "nothing free".
      const locked = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM campaign_queries cq WHERE ${eligible}`;
      if ((locked[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));
    }
    const queryId = candidates[0]?.query_id;
    if (queryId === undefined) {
      // Nothing free right now: either everything is done, or the remaining slots are reserved by others.
      const open = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM campaign_queries cq
        WHERE cq.campaign_id = ${campaignId} AND cq.submitted_count < cq.overlap_k
          AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.campaign_id = ${campaignId} AND a.query_id = cq.query_id
                          AND a.expert_id = ${expertId} AND a.state = 'SUBMITTED')`;
      return { kind: 'none', reason: (open[0]?.n ?? 0) > 0 ? 'waiting' : 'done' };
    }

    const criteria = await tx.campaignCriterion.findMany({
      where: { campaignId, queryId },
      select: { criterionId: true },
      orderBy: { criterionId: 'asc' },
    });
    const expiresAt = new Date(Date.now() + campaign.reservationMinutes * 60_000);
    const previous = await tx.assignment.findUnique({
      where: { campaignId_expertId_queryId: { campaignId, expertId, queryId } },
      select: { id: true },
    });
    const assignment = previous
      ? await tx.assignment.update({
          where: { id: previous.id },
          data: { state: 'RESERVED', reservedAt: new Date(), expiresAt, lastActivityAt: new Date(), rowVersion: { increment: 1 } },
          select: { id: true },
        })
      : await tx.assignment.create({
          data: {
            campaignId,
            expertId,
            queryId,
            expiresAt,
            criterionOrder: shuffledOrder(
              criteria.map((row) => row.criterionId),
              `${campaignId}:${expertId}`,
            ),
          },
          select: { id: true },
        });
    await tx.$executeRaw`UPDATE campaign_queries SET holders = holders + 1 WHERE campaign_id = ${campaignId} AND query_id = ${queryId}`;
    await recordEvent(tx, {
      actorId: expertId,
      action: previous ? 'assignment.reclaim' : 'assignment.claim',
      entityType: 'assignment',
      entityId: assignment.id,
      after: { campaignId, queryId, expiresAt },
    });
    return { kind: 'claimed', assignmentId: assignment.id };
  });
}

/** The expert hands a reserved query back (drafts are kept for if they take it again). */
export async function releaseAssignment({ assignmentId, expertId }: { assignmentId: number; expertId: string }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const released = await tx.$queryRaw<{ campaign_id: number; query_id: number }[]>`
      UPDATE assignments SET state = 'RELEASED', updated_at = now(), row_version = row_version + 1
      WHERE id = ${assignmentId} AND expert_id = ${expertId} AND state = 'RESERVED'
      RETURNING campaign_id, query_id`;
    const row = released[0];
    if (!row) throw notFound('A reserved query with this id');
    await tx.$executeRaw`UPDATE campaign_queries SET holders = holders - 1 WHERE campaign_id = ${row.campaign_id} AND query_id = ${row.query_id}`;
    await recordEvent(tx, { actorId: expertId, action: 'assignment.release', entityType: 'assignment', entityId: assignmentId });
  });
}
