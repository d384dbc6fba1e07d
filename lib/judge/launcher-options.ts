// The choices the run launcher offers: active endpoints, datasets (with their query counts) and meta-rubric
// versions (the active one of each meta-rubric first; drafts and retired ones stay choosable for re-runs).
import { prisma } from '@/lib/db';
import type { JudgeOutputMode } from '@/lib/generated/prisma/enums';
import { listEndpoints } from '@/lib/judge/endpoints';

export interface LauncherOptions {
  /** outputMode: what a run started now uses; null: none yet (the run is refused until Test connection). */
  endpoints: { id: number; name: string; model: string; apiKeyPresent: boolean; outputMode: JudgeOutputMode | null }[];
  datasets: { id: number; name: string; queries: number }[];
  metaRubricVersions: { id: number; label: string; status: 'DRAFT' | 'ACTIVE' | 'RETIRED' }[];
}

export async function getLauncherOptions(): Promise<LauncherOptions> {
  const [endpoints, datasets, versions] = await Promise.all([
    listEndpoints(),
    prisma.$queryRaw<{ id: number; name: string; queries: number }[]>`
      SELECT d.id, d.name, (SELECT count(*)::int FROM queries q WHERE q.dataset_id = d.id) AS queries
        FROM datasets d ORDER BY d.name`,
    prisma.metaRubricVersion.findMany({
      orderBy: [{ metaRubric: { name: 'asc' } }, { number: 'desc' }],
      select: { id: true, number: true, status: true, metaRubric: { select: { name: true } } },
    }),
  ]);
  const statusOrder = { ACTIVE: 0, DRAFT: 1, RETIRED: 2 } as const;
  return {
    endpoints: endpoints
      .filter((endpoint) => endpoint.active)
      .map(({ id, name, model, apiKeyPresent, effectiveOutputMode }) => ({
        id,
        name,
        model,
        apiKeyPresent,
        outputMode: effectiveOutputMode,
      })),
    datasets,
    metaRubricVersions: versions
      .map((version) => ({
        id: version.id,
        label: `${version.metaRubric.name} v${version.number}`,
        status: version.status,
      }))
      .sort((a, b) => statusOrder[a.status] - statusOrder[b.status]),
  };
}
