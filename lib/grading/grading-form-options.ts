// The choices the "New grading campaign" form offers: datasets with their response sources (models) and how
// many responses each has, and the active experts (clinicians).
import 'server-only';
import { prisma } from '@/lib/db';

export interface GradingFormOptions {
  datasets: { id: number; name: string; models: { name: string; responses: number }[] }[];
  experts: { id: string; name: string; email: string }[];
}

export async function getGradingFormOptions(): Promise<GradingFormOptions> {
  const [datasets, models, experts] = await Promise.all([
    prisma.dataset.findMany({ select: { id: true, name: true }, orderBy: { name: 'asc' } }),
    prisma.$queryRaw<{ dataset_id: number; source_label: string; n: number }[]>`
      SELECT q.dataset_id, r.source_label, count(*)::int AS n FROM responses r JOIN queries q ON q.id = r.query_id
      GROUP BY 1, 2 ORDER BY 1, 2`,
    prisma.user.findMany({
      where: { role: 'EXPERT', active: true },
      orderBy: [{ name: 'asc' }, { email: 'asc' }],
      select: { id: true, name: true, email: true },
    }),
  ]);
  return {
    datasets: datasets.map((dataset) => ({
      ...dataset,
      models: models.filter((row) => row.dataset_id === dataset.id).map((row) => ({ name: row.source_label, responses: row.n })),
    })),
    experts,
  };
}
