// The rubric-quality score shown beside concordance (dashboard, meta-rubric comparison, release manifest): the proxy
// accuracy of the latest finished PROXY run of a dataset, or of a meta-rubric version's rubric.
import 'server-only';
import { prisma } from '@/lib/db';
import { listProxyUnits } from '@/lib/judge/list-proxy-units';
import { type ProxyAccuracy, proxyAccuracy } from '@/lib/judge/proxy-accuracy';

export interface LatestProxyAccuracy {
  runId: number;
  metaRubricVersionId: number | null;
  proxy: ProxyAccuracy;
}

export async function latestProxyAccuracy({
  datasetId,
  metaRubricVersionId,
}: {
  datasetId?: number;
  /** Only runs whose rubric is the criteria generated under this version. */
  metaRubricVersionId?: number;
} = {}): Promise<LatestProxyAccuracy | null> {
  const [run] = await prisma.$queryRaw<{ id: number; meta_rubric_version_id: number | null }[]>`
    SELECT id, meta_rubric_version_id FROM judge_runs
     WHERE kind = 'PROXY' AND status = 'SUCCEEDED'
       AND (${datasetId ?? null}::int IS NULL OR (scope->>'datasetId')::int = ${datasetId ?? null}::int)
       AND (${metaRubricVersionId ?? null}::int IS NULL OR meta_rubric_version_id = ${metaRubricVersionId ?? null}::int)
     ORDER BY id DESC LIMIT 1`;
  if (!run) return null;
  return { runId: run.id, metaRubricVersionId: run.meta_rubric_version_id, proxy: proxyAccuracy(await listProxyUnits({ runId: run.id })) };
}
