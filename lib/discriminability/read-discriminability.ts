// The discriminability figures as the pages show them: computed once per setting and stored until a statement changes
// a table they read (lib/analytics/snapshots.ts; the tables are the migration analytics_snapshots' triggers).
import 'server-only';
import { type Snapshotted, withSnapshot } from '@/lib/analytics/snapshots';
import {
  computeDiscriminability,
  type Discriminability,
  type DiscriminabilityOptions,
} from '@/lib/discriminability/compute-discriminability';
import { DEFAULT_MIN_GRADE_DIFFERENCE } from '@/lib/discriminability/constants';
import { DEFAULT_MIN_PAIRS_TO_FLAG } from '@/lib/discriminability/flag-criterion';

export async function readDiscriminability(options: DiscriminabilityOptions = {}): Promise<Snapshotted<Discriminability>> {
  const settings = {
    datasetId: options.datasetId ?? null,
    gradeRunId: options.gradeRunId ?? null,
    proxyRunId: options.proxyRunId ?? null,
    minGradeDifference: options.minGradeDifference ?? DEFAULT_MIN_GRADE_DIFFERENCE,
    minPairsToFlag: options.minPairsToFlag ?? DEFAULT_MIN_PAIRS_TO_FLAG,
  };
  return await withSnapshot(`discriminability:${JSON.stringify(settings)}`, () =>
    computeDiscriminability({
      datasetId: settings.datasetId ?? undefined,
      gradeRunId: settings.gradeRunId ?? undefined,
      proxyRunId: settings.proxyRunId ?? undefined,
      minGradeDifference: settings.minGradeDifference,
      minPairsToFlag: settings.minPairsToFlag,
    }),
  );
}
