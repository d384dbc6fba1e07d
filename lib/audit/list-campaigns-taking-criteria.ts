// The campaigns the criteria browser offers for "add to a campaign": open, and no query claimed yet (an
// assignment fixes its criteria when claimed, so a started campaign's set must not grow). Admins only.
import 'server-only';
import { prisma } from '@/lib/db';

/** Campaigns that can take criteria now: open, and no query claimed yet. */
export async function listCampaignsTakingCriteria(): Promise<{ id: number; name: string; datasetName: string | null; criteria: number }[]> {
  const rows = await prisma.$queryRaw<{ id: number; name: string; dataset_name: string | null; criteria: number }[]>`
    SELECT ac.id, ac.name, d.name AS dataset_name,
           (SELECT count(*)::int FROM campaign_criteria cc WHERE cc.campaign_id = ac.id) AS criteria
      FROM audit_campaigns ac
      LEFT JOIN datasets d ON d.id = (ac.selection->>'datasetId')::int
     WHERE ac.status = 'OPEN' AND ac.kind = 'AUDIT' AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.campaign_id = ac.id)
     ORDER BY ac.created_at DESC, ac.id DESC`;
  return rows.map((row) => ({ id: row.id, name: row.name, datasetName: row.dataset_name, criteria: row.criteria }));
}
