// Which criteria a new campaign may take. A criterion is audited by at most one campaign at a time until its
// decision there is settled: it is busy while an outcome of it is in an open campaign and not adjudicated (an
// open campaign's unanimous decision can still be amended), or unresolved anywhere (awaiting a reviewer). Of
// the others, a campaign takes those never audited, those whose text changed since their last audit, or all
// (a deliberate second audit of verified criteria, for reliability). docs/criterion-lifecycle.md.
import type { AuditMode } from '@/lib/vocabulary/enums';
import { Prisma } from '@/lib/generated/prisma/client';

/** A SQL query: the campaigns (other than `except`) in which the criterion `criterionId` (an SQL expression) is busy. */
export function busyCampaignsSql(criterionId: Prisma.Sql, except = 0): Prisma.Sql {
  return Prisma.sql`
    SELECT o.campaign_id FROM criterion_outcomes o JOIN audit_campaigns ac ON ac.id = o.campaign_id
     WHERE o.criterion_id = ${criterionId} AND o.campaign_id <> ${except}
       AND ((ac.status = 'OPEN' AND o.provenance <> 'ADJUDICATED') OR o.provenance = 'UNRESOLVED')`;
}

/** A SQL condition: the criterion `criterionId` (an SQL expression) is busy in a campaign other than `except`. */
export function busySql(criterionId: Prisma.Sql, except = 0): Prisma.Sql {
  return Prisma.sql`EXISTS (${busyCampaignsSql(criterionId, except)})`;
}

/** A SQL condition on criteria alias `c`: the criterion may join a new campaign in this mode. */
export function eligibilitySql(mode: AuditMode): Prisma.Sql {
  const free = Prisma.sql`NOT ${busySql(Prisma.sql`c.id`)}`;
  if (mode === 'new') return Prisma.sql`c.status = 'PENDING' AND ${free}`;
  if (mode === 'all') return free;
  // The current text differs from the text its latest campaign audited.
  return Prisma.sql`${free} AND EXISTS (
    SELECT 1 FROM (SELECT cc.revision FROM campaign_criteria cc WHERE cc.criterion_id = c.id
                    ORDER BY cc.campaign_id DESC LIMIT 1) last
      JOIN criterion_revisions r ON r.criterion_id = c.id AND r.revision = last.revision
     WHERE (r.title, r.description, r.tier, r.points) IS DISTINCT FROM (c.title, c.description, c.tier, c.points))`;
}
