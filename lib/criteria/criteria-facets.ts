// Choices for the criteria browser's filters: datasets, departments and the most used tags.
import { prisma } from '@/lib/db';

export interface CriteriaFacets {
  datasets: { id: number; name: string }[];
  departments: string[];
  tags: { tag: string; count: number }[];
}

export async function getCriteriaFacets(): Promise<CriteriaFacets> {
  const [datasets, departments, tags] = await Promise.all([
    prisma.dataset.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } }),
    prisma.$queryRaw<{ department: string }[]>`
      SELECT DISTINCT department FROM queries WHERE department IS NOT NULL ORDER BY department LIMIT 500`,
    prisma.$queryRaw<{ tag: string; count: number }[]>`
      SELECT tag, count(*)::int AS count FROM criteria, unnest(tags) AS tag GROUP BY tag ORDER BY count DESC, tag LIMIT 200`,
  ]);
  return { datasets, departments: departments.map((row) => row.department), tags };
}
