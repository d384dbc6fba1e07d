// Per-dataset counts for the Datasets page: queries by category, criteria by tier and status, red lines,
// multi-turn sessions, responses and the latest import. Aggregated in SQL.
import { CATEGORIES, type Category, TIERS, type Tier } from '@/lib/vocabulary/enums';
import { prisma } from '@/lib/db';
import { CRITERION_STATUSES } from '@/lib/criteria/list-criteria';

export interface DatasetStats {
  id: number;
  name: string;
  description: string | null;
  createdAt: string;
  queries: number;
  multiTurn: number;
  responses: number;
  criteria: number;
  redLines: number;
  byCategory: Record<Category, number>;
  byTier: Record<Tier, number>;
  byStatus: Record<(typeof CRITERION_STATUSES)[number], number>;
  lastImport: { at: string; fileName: string; format: string; status: string } | null;
}

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

export async function listDatasetStats(): Promise<DatasetStats[]> {
  const [datasets, queries, tiers, statuses, responses, imports] = await Promise.all([
    prisma.dataset.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, description: true, createdAt: true } }),
    prisma.$queryRaw<{ dataset_id: number; category: Category; n: number; multi: number }[]>`
      SELECT dataset_id, category, count(*)::int AS n, count(*) FILTER (WHERE turn_count > 1)::int AS multi
      FROM queries GROUP BY dataset_id, category`,
    prisma.$queryRaw<{ dataset_id: number; tier: Tier; n: number; red: number }[]>`
      SELECT dataset_id, tier, count(*)::int AS n, count(*) FILTER (WHERE red_line)::int AS red
      FROM criteria GROUP BY dataset_id, tier`,
    prisma.$queryRaw<{ dataset_id: number; status: (typeof CRITERION_STATUSES)[number]; n: number }[]>`
      SELECT dataset_id, status, count(*)::int AS n FROM criteria GROUP BY dataset_id, status`,
    prisma.$queryRaw<{ dataset_id: number; n: number }[]>`
      SELECT q.dataset_id, count(*)::int AS n FROM responses r JOIN queries q ON q.id = r.query_id GROUP BY q.dataset_id`,
    prisma.$queryRaw<{ dataset_id: number; created_at: Date; file_name: string; format: string; status: string }[]>`
      SELECT DISTINCT ON (dataset_id) dataset_id, created_at, file_name, format, status FROM import_jobs
      WHERE dataset_id IS NOT NULL ORDER BY dataset_id, created_at DESC`,
  ]);
  return datasets.map((dataset) => {
    const stats: DatasetStats = {
      id: dataset.id,
      name: dataset.name,
      description: dataset.description,
      createdAt: dataset.createdAt.toISOString(),
      queries: 0,
      multiTurn: 0,
      responses: responses.find((row) => row.dataset_id === dataset.id)?.n ?? 0,
      criteria: 0,
      redLines: 0,
      byCategory: zeros(CATEGORIES),
      byTier: zeros(TIERS),
      byStatus: zeros(CRITERION_STATUSES),
      lastImport: null,
    };
    for (const row of queries.filter((r) => r.dataset_id === dataset.id)) {
      stats.byCategory[row.category] = row.n;
      stats.queries += row.n;
      stats.multiTurn += row.multi;
    }
    for (const row of tiers.filter((r) => r.dataset_id === dataset.id)) {
      stats.byTier[row.tier] = row.n;
      stats.criteria += row.n;
      stats.redLines += row.red;
    }
    for (const row of statuses.filter((r) => r.dataset_id === dataset.id)) stats.byStatus[row.status] = row.n;
    const last = imports.find((row) => row.dataset_id === dataset.id);
    if (last) stats.lastImport = { at: last.created_at.toISOString(), fileName: last.file_name, format: last.format, status: last.status };
    return stats;
  });
}
