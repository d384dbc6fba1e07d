// The rubric-quality score a release manifest records beside its concordance: per dataset, the proxy accuracy of the
// latest finished PROXY run, as plain JSON (no NaN). Manifests frozen before it existed have no such field.
import 'server-only';
import { latestProxyAccuracy } from '@/lib/discriminability/latest-proxy-accuracy';

export interface ReleaseDiscriminability {
  datasetId: number;
  runId: number;
  metaRubricVersionId: number | null;
  /** Predictions (both presented orders of each verified pair) and those naming the preferred response. */
  predictions: number;
  correct: number;
  ties: number;
  pairs: number;
  orderDisagreements: number;
  accuracy: number | null;
  /** 95% interval with queries as clusters, and its design effect. */
  interval: [number, number] | null;
  designEffect: number | null;
}

const finite = (value: number) => (Number.isFinite(value) ? value : null);

export async function releaseDiscriminability(datasetIds: readonly number[]): Promise<ReleaseDiscriminability[]> {
  const latest = await Promise.all(datasetIds.map(async (datasetId) => ({ datasetId, found: await latestProxyAccuracy({ datasetId }) })));
  return latest.flatMap(({ datasetId, found }) => {
    if (!found) return [];
    const { accuracy, ties } = found.proxy;
    const low = finite(accuracy.low);
    const high = finite(accuracy.high);
    return [
      {
        datasetId,
        runId: found.runId,
        metaRubricVersionId: found.metaRubricVersionId,
        predictions: accuracy.n,
        correct: accuracy.count,
        ties: ties.count,
        pairs: found.proxy.pairs,
        orderDisagreements: found.proxy.orderDisagreements,
        accuracy: finite(accuracy.rate),
        interval: low === null || high === null ? null : [low, high],
        designEffect: finite(accuracy.designEffect),
      },
    ];
  });
}
