// The choices the "New campaign" form offers: datasets (with how many criteria are still pending, the only
// ones a campaign can take), departments and tags for the filters, and the active experts with their
// specialties (matched to query departments when the campaign matches by specialty).
import { prisma } from '@/lib/db';
import { formatAllowedTime } from '@/lib/db/bulk-transaction';
import { env } from '@/lib/env';

export interface CampaignFormOptions {
  datasets: { id: number; name: string; pendingCriteria: number }[];
  departments: string[];
  tags: string[];
  experts: { id: string; name: string; email: string; specialties: string[] }[];
  /** How long creating a campaign may take before it is undone (BULK_CHANGE_TIMEOUT_SECONDS), as its error says it. */
  createTimeLimit: string;
}

export async function getCampaignFormOptions(): Promise<CampaignFormOptions> {
  const [datasets, departments, tags, experts] = await Promise.all([
    prisma.$queryRaw<{ id: number; name: string; pending: number }[]>`
      SELECT d.id, d.name, (SELECT count(*)::int FROM criteria c WHERE c.dataset_id = d.id AND c.status = 'PENDING') AS pending
      FROM datasets d ORDER BY d.name`,
    prisma.$queryRaw<{ department: string }[]>`
      SELECT DISTINCT department FROM queries WHERE department IS NOT NULL ORDER BY department LIMIT 500`,
    prisma.$queryRaw<{ tag: string }[]>`
      SELECT tag FROM criteria, unnest(tags) AS tag GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 200`,
    prisma.user.findMany({
      where: { role: 'EXPERT', active: true },
      orderBy: [{ name: 'asc' }, { email: 'asc' }],
      select: { id: true, name: true, email: true, specialties: true },
    }),
  ]);
  return {
    datasets: datasets.map((row) => ({ id: row.id, name: row.name, pendingCriteria: row.pending })),
    departments: departments.map((row) => row.department),
    tags: tags.map((row) => row.tag),
    experts,
    createTimeLimit: formatAllowedTime(env().BULK_CHANGE_TIMEOUT_SECONDS),
  };
}
