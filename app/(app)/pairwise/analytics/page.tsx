import type { Metadata } from 'next';
import { formatDate } from '@/components/ui/format';
import Link from 'next/link';
import { DisputedVerdicts } from '@/components/pairwise/disputed-verdicts';
import { PairwiseAnalyticsView } from '@/components/pairwise/pairwise-analytics';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { prisma } from '@/lib/db';
import { computePairwiseAnalytics } from '@/lib/pairwise/compute-pairwise-analytics';
import { listDisputedVerdicts } from '@/lib/pairwise/list-disputed-verdicts';

export const metadata: Metadata = { title: 'Pairwise analytics' };

export default async function PairwiseAnalyticsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireSection('pairwise');
  const runId = parseRouteId((await searchParams).run) ?? undefined;
  const [analytics, runs, disputed] = await Promise.all([
    computePairwiseAnalytics({ runId }),
    prisma.judgeRun.findMany({ where: { kind: 'PAIRWISE' }, select: { id: true, createdAt: true }, orderBy: { id: 'desc' } }),
    user.role === 'ADMIN' ? listDisputedVerdicts({ runId }) : Promise.resolve(null),
  ]);
  return (
    <>
      <PageHeader
        title="Pairwise analytics"
        description="How often reviewers agree with the judge (MT-Bench: with ties over every vote, without ties over votes where neither said tie; Cohen’s kappa over A / tie / B), with each other, whether the judge keeps its verdict when the responses swap places, whether it favours longer responses, and which of its criteria reviewers reject."
        actions={
          <>
            <Link href="/pairwise" className={buttonClasses('secondary')}>
              Back to the queues
            </Link>
            {user.role === 'ADMIN' ? (
              <a href={`/api/pairwise/export${runId ? `?run=${runId}` : ''}`} className={buttonClasses('secondary')} download>
                Export verified pairs (JSONL)
              </a>
            ) : null}
          </>
        }
      />
      <form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Scope">
        <label className="text-sm font-medium text-slate-700">
          Run
          <select
            name="run"
            defaultValue={runId ?? ''}
            className="mt-1 block w-64 rounded-md border-slate-300 text-sm shadow-sm focus:border-brand-500 focus:ring-brand-500"
          >
            <option value="">All pairwise runs</option>
            {runs.map((run) => (
              <option key={run.id} value={run.id}>
                Run {run.id} · {formatDate(run.createdAt)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses()}>
          Apply
        </button>
      </form>
      <PairwiseAnalyticsView analytics={analytics} />
      {disputed ? (
        <div className="mt-6">
          <DisputedVerdicts rows={disputed} />
        </div>
      ) : null}
    </>
  );
}
