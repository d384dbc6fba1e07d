import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from '@/lib/zod';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { JOB_STATUSES, isActive } from '@/components/judge/labels';
import { RunDashboard } from '@/components/judge/run-dashboard';
import { ModelScoresCard } from '@/components/model-scores/model-scores-card';
import { TieredScoresCard } from '@/components/model-scores/tiered-scores-card';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getRunResults } from '@/lib/judge/run-results';
import { computeRunModelScores } from '@/lib/model-scores/compute-run-model-scores';
import { getRunSummary, listRunTasks } from '@/lib/judge/run-view';

export const metadata: Metadata = { title: 'Judge run' };

const PAGE_SIZE = 50;
const filterSchema = z.object({
  status: z.enum(JOB_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  ideal: z.literal('1').optional().catch(undefined),
});

export default async function RunPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSection('judge');
  const runId = parseRouteId((await params).id);
  if (runId === null) notFound();
  const raw = await searchParams;
  const filter = filterSchema.parse({ status: raw.status, page: raw.page, ideal: raw.ideal });
  const run = await getRunSummary(runId);
  if (!run) notFound();
  // A running run's page refreshes every 1.5 s: its results and scores (every grade of the run, bootstrap
  // intervals) are computed once it has finished, not on each refresh of partial data.
  const finished = !isActive(run.status);
  const [tasks, results, modelScores] = await Promise.all([
    listRunTasks({ runId, status: filter.status, page: filter.page, pageSize: PAGE_SIZE }),
    finished ? getRunResults({ runId, kind: run.kind, params: run.params }) : null,
    finished && run.kind === 'GRADE' ? computeRunModelScores({ runId, includeIdeal: filter.ideal === '1' }) : null,
  ]);
  return (
    <div>
      <JudgeBreadcrumb current={`Run #${run.id}`} />
      {run.kind === 'GRADE' ? (
        <p className="mb-3 text-sm">
          <Link className="font-medium text-brand-600 hover:underline" href={`/judge/runs/${run.id}/agreement`}>
            Agreement with clinicians (HealthBench meta-evaluation)
          </Link>
        </p>
      ) : null}
      <RunDashboard run={run} tasks={tasks} filter={{ status: filter.status, page: filter.page, pageSize: PAGE_SIZE }} results={results} />
      {modelScores ? (
        <div className="mt-6">
          <ModelScoresCard scores={modelScores} toggleHref={`/judge/runs/${run.id}${filter.ideal ? '' : '?ideal=1'}`} />
        </div>
      ) : null}
      {modelScores ? (
        <div className="mt-6">
          <TieredScoresCard tiered={modelScores.tiered} />
        </div>
      ) : null}
    </div>
  );
}
