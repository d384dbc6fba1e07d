// "In re-audit": a decided criterion (its status follows a final decision) that a later campaign is auditing
// again, not yet decided there. Its status keeps the earlier decision meanwhile (docs/criterion-lifecycle.md); the
// browser filters and badges on this condition, and the drawer shows it.
import { Prisma } from '@/lib/generated/prisma/client';

/** A SQL condition on criteria alias `c`. */
export function inReauditSql(): Prisma.Sql {
  return Prisma.sql`(c.final_campaign_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM criterion_outcomes ro JOIN audit_campaigns rac ON rac.id = ro.campaign_id
     WHERE ro.criterion_id = c.id AND ro.campaign_id > c.final_campaign_id AND ro.final_decision IS NULL
       AND (rac.status = 'OPEN' OR ro.verdicts > 0)))`;
}
