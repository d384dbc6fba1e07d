// The text a campaign audits for each of its criteria: the criterion revision recorded when the campaign took
// it (campaign_criteria.revision), not the criterion's current text, which moves on when a decision revises it.
// Experts see it, their proposed revisions and the reviewer's gold text are compared with it.
import type { prisma } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Tier } from '@/lib/vocabulary/enums';

export interface AuditedText {
  criterionId: number;
  revision: number;
  title: string;
  description: string;
  /** The column is the tier enum, read as text. */
  tier: Tier;
  points: number;
}

export async function findAuditedTexts({
  db,
  campaignId,
  criterionIds,
}: {
  db: typeof prisma | Prisma.TransactionClient;
  campaignId: number;
  criterionIds: number[];
}): Promise<Map<number, AuditedText>> {
  const rows = await db.$queryRaw<AuditedText[]>`
    SELECT r.criterion_id AS "criterionId", r.revision, r.title, r.description, r.tier::text AS tier, r.points
      FROM campaign_criteria cc
      JOIN criterion_revisions r ON r.criterion_id = cc.criterion_id AND r.revision = cc.revision
     WHERE cc.campaign_id = ${campaignId} AND cc.criterion_id = ANY(${criterionIds}::int[])`;
  return new Map(rows.map((row) => [row.criterionId, row]));
}
