// "Discriminability A vs B" of the meta-rubric version comparison: per version, the proxy accuracy of the latest
// PROXY run over its rubric and the judge-graded score separation of the criteria generated under it (the latest
// grading run), so the closed loop compares usefulness beside validity (concordance).
import 'server-only';
import { readDiscriminability } from '@/lib/discriminability/read-discriminability';
import { type LatestProxyAccuracy, latestProxyAccuracy } from '@/lib/discriminability/latest-proxy-accuracy';
import type { Separation } from '@/lib/discriminability/score-separation';

export interface VersionDiscriminability {
  number: number;
  versionId: number;
  proxy: LatestProxyAccuracy | null;
  /** Null when no verified pair is scored on criteria generated under the version. */
  separation: Separation | null;
  gradeRunId: number | null;
}

export async function compareDiscriminability({
  versions,
}: {
  versions: readonly { number: number; versionId: number }[];
}): Promise<VersionDiscriminability[]> {
  const figures = (await readDiscriminability()).value;
  return await Promise.all(
    versions.map(async ({ number, versionId }) => {
      const group = figures.groups.find((candidate) => candidate.key === `version:${versionId}`);
      return {
        number,
        versionId,
        proxy: await latestProxyAccuracy({ metaRubricVersionId: versionId }),
        separation: group && group.judge.correct.n > 0 ? group.judge : null,
        gradeRunId: figures.gradeRun?.id ?? null,
      };
    }),
  );
}
