// "Next pair" of a pairwise run's reviewer queue, as one call of the PL/pgSQL function
// manual_pairwise_claim_next (prisma/migrations/20261121190000_pairwise_claim_function):
//  - the queue unit is a pair as the judge compared it in the run: its comparison in presented order AB (the
//    BA twin is the same two responses and is never queued on its own);
//  - a reviewer never gets a pair they hold or submitted, and a pair never has more than review_overlap
//    holders (FOR UPDATE SKIP LOCKED on the candidate, a CHECK on the counter);
//  - one reviewer's parallel clicks are serialised by an advisory lock, and a live reservation is resumed;
//  - expired reservations are given back to the pool first.
import { recordEvent } from '@/lib/audit-trail/record-event';
import { pgPool, prisma } from '@/lib/db';
import { conflict, notFound } from '@/lib/errors';
import { RESERVATION_MINUTES } from '@/lib/pairwise/schemas';

export type PairClaimResult = { kind: 'claimed' | 'resumed'; judgmentId: number } | { kind: 'none'; reason: 'done' | 'waiting' };

export async function claimNextPair({ runId, reviewerId }: { runId: number; reviewerId: string }): Promise<PairClaimResult> {
  type Row = { kind: string; judgment_id: number | null; reason: string | null };
  let row: Row | undefined;
  try {
    const result = await pgPool().query<Row>(
      'SELECT kind, judgment_id, reason FROM manual_pairwise_claim_next($1::int, $2::text, $3::int)',
      [runId, reviewerId, RESERVATION_MINUTES],
    );
    row = result.rows[0];
  } catch (error) {
    if ((error as { code?: unknown }).code === 'P0002') throw notFound('The pairwise run');
    throw error;
  }
  if (row?.kind === 'none') return { kind: 'none', reason: row.reason === 'waiting' ? 'waiting' : 'done' };
  if ((row?.kind === 'claimed' || row?.kind === 'resumed') && row.judgment_id !== null) {
    return { kind: row.kind, judgmentId: row.judgment_id };
  }
  throw new Error(`manual_pairwise_claim_next returned ${JSON.stringify(row)}`);
}

/** The reviewer hands a pair back before submitting: its slot returns to the pool (a preference stays stored). */
export async function giveBackPair({ judgmentId, reviewerId }: { judgmentId: number; reviewerId: string }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const released = await tx.$queryRaw<{ comparison_id: number }[]>`
      UPDATE reviewer_judgments
         SET state = 'EXPIRED', expires_at = timezone('UTC', now()), updated_at = timezone('UTC', now()), row_version = row_version + 1
       WHERE id = ${judgmentId} AND reviewer_id = ${reviewerId} AND state IN ('RESERVED', 'PREFERENCE_GIVEN')
       RETURNING comparison_id`;
    const row = released[0];
    if (!row) {
      const exists = await tx.reviewerJudgment.findFirst({ where: { id: judgmentId, reviewerId }, select: { state: true } });
      if (!exists) throw notFound('A pair reserved for you with this id');
      throw conflict('This pair is no longer reserved for you.');
    }
    await tx.$executeRaw`UPDATE pairwise_comparisons SET review_holders = review_holders - 1 WHERE id = ${row.comparison_id}`;
    await recordEvent(tx, { actorId: reviewerId, action: 'pairwise.giveBack', entityType: 'reviewer_judgment', entityId: judgmentId });
  });
}
