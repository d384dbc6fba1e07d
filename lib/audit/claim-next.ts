// "Next": reserves the next query of a campaign for an expert. The whole claim is one PL/pgSQL function,
// manual_claim_next (prisma/migrations/20261121164000_claim_next_function), called in one round trip:
//  - Never a query the expert already submitted, and never more than k holders on a query (a CHECK
//    constraint backs the counter: holders <= overlap_k).
//  - Concurrent claims never over-assign: candidate rows are locked with FOR UPDATE SKIP LOCKED, so two
//    experts never take the same last slot, and one expert's parallel clicks are serialised by an advisory
//    lock (no second reservation).
//  - Expired reservations are released first; an expert who comes back to a query they had let expire gets
//    the same assignment back, drafts and all.
//  - An expert with a live reservation resumes it instead of getting a new one.
// `npm run bench` (claim-next) compares it with the same statements sent one by one from Node.
import { createHash } from 'node:crypto';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { pgPool, prisma } from '@/lib/db';
import { DomainError, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

export type ClaimResult = { kind: 'claimed' | 'resumed'; assignmentId: number } | { kind: 'none'; reason: 'done' | 'waiting' };

/**
 * A per-expert shuffle of the criteria, so order effects differ between experts (and are recorded). The
 * claim computes the same order in SQL: criteria sorted by the SHA-256 hex of "<seed>:<id>".
 */
export function shuffledOrder(ids: number[], seed: string): number[] {
  return ids
    .map((id) => ({ id, key: createHash('sha256').update(`${seed}:${id}`).digest('hex') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ id }) => id);
}

/**
 * Calls one of the claim functions (manual_claim_next for audits, manual_grading_claim_next for grading
 * campaigns: same algorithm, same locks, same answers) and maps its answer and errors.
 */
export async function callClaimFunction(
  fn: 'manual_claim_next' | 'manual_grading_claim_next',
  { campaignId, expertId }: { campaignId: number; expertId: string },
): Promise<ClaimResult> {
  let row: { kind: string; assignment_id: number | null; reason: string | null } | undefined;
  try {
    // A named statement: each pooled connection parses and plans the call once, not on every claim.
    const result = await pgPool().query<{ kind: string; assignment_id: number | null; reason: string | null }>({
      name: fn,
      text: `SELECT kind, assignment_id, reason FROM ${fn}($1::int, $2::text)`,
      values: [campaignId, expertId],
    });
    row = result.rows[0];
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'P0002') throw notFound('The campaign');
    if (code === 'P0001') throw new DomainError('CONFLICT', 'This campaign is closed.');
    throw error;
  }
  if (row?.kind === 'none') return { kind: 'none', reason: row.reason === 'waiting' ? 'waiting' : 'done' };
  if ((row?.kind === 'claimed' || row?.kind === 'resumed') && row.assignment_id !== null) {
    return { kind: row.kind, assignmentId: row.assignment_id };
  }
  throw new Error(`${fn} returned ${JSON.stringify(row)}`);
}

export async function claimNext(options: { campaignId: number; expertId: string }): Promise<ClaimResult> {
  return callClaimFunction('manual_claim_next', options);
}

/** Where each campaign kind keeps its reservations and the units they hold. */
export const HELD = {
  audit: { table: 'assignments', units: 'campaign_queries', unit: 'query_id', event: 'assignment.release', entity: 'assignment' },
  grading: {
    table: 'grading_assignments',
    units: 'grading_units',
    unit: 'response_id',
    event: 'grading.release',
    entity: 'grading_assignment',
  },
} as const;

/**
 * Hands a reservation back (audit: a query; grading: a response): the holder's drafts are kept for if they take
 * it again, and the unit's holders counter gives the slot back.
 */
export async function releaseHeld({
  kind,
  assignmentId,
  expertId,
}: {
  kind: keyof typeof HELD;
  assignmentId: number;
  expertId: string;
}): Promise<void> {
  const held = HELD[kind];
  await prisma.$transaction(async (tx) => {
    const released = await tx.$queryRaw<{ campaign_id: number; unit_id: number }[]>`
      UPDATE ${Prisma.raw(held.table)} SET state = 'RELEASED', updated_at = now(), row_version = row_version + 1
      WHERE id = ${assignmentId} AND expert_id = ${expertId} AND state = 'RESERVED'
      RETURNING campaign_id, ${Prisma.raw(held.unit)} AS unit_id`;
    const row = released[0];
    if (!row) throw notFound(kind === 'audit' ? 'A reserved query with this id' : 'A reserved response with this id');
    await tx.$executeRaw`UPDATE ${Prisma.raw(held.units)} SET holders = holders - 1
      WHERE campaign_id = ${row.campaign_id} AND ${Prisma.raw(held.unit)} = ${row.unit_id}`;
    await recordEvent(tx, { actorId: expertId, action: held.event, entityType: held.entity, entityId: assignmentId });
  });
}

/** The expert hands a reserved query back (drafts are kept for if they take it again). */
export async function releaseAssignment({ assignmentId, expertId }: { assignmentId: number; expertId: string }): Promise<void> {
  await releaseHeld({ kind: 'audit', assignmentId, expertId });
}
