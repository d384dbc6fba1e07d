import type { Metadata } from 'next';
import { formatDate } from '@/components/ui/format';
import { ImportForm } from '@/components/imports/import-form';
import { ImportJob } from '@/components/imports/import-job';
import { Badge } from '@/components/ui/badge';
import { Card, Notice, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { prisma } from '@/lib/db';
import { getImportJob } from '@/lib/import/get-import-job';
import { listImportJobs } from '@/lib/import/list-import-jobs';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Import' };

const STATUS_TONE = { QUEUED: 'slate', RUNNING: 'blue', SUCCEEDED: 'green', FAILED: 'red', CANCELLED: 'slate' } as const;

/** `?job=` is the import just started from this page (or any import, by id): its progress, then its summary. */
export default async function ImportPage({ searchParams }: { searchParams: Promise<{ job?: string | string[] }> }) {
  await requireSection('admin');
  const { job: jobParam } = await searchParams;
  const jobId = typeof jobParam === 'string' ? parseRouteId(jobParam) : null;
  const [datasets, recent, job] = await Promise.all([
    prisma.dataset.findMany({ orderBy: { name: 'asc' }, select: { name: true } }),
    listImportJobs(15),
    jobId === null ? null : getImportJob(jobId),
  ]);
  const jobRunning = job?.status === 'QUEUED' || job?.status === 'RUNNING';
  return (
    <>
      <PageHeader
        title="Import a benchmark file"
        description="Native JSON Lines, HealthBench-style JSON Lines, QuarkMedBench-style rubric JSON, or a CSV of criteria. Every problem is reported with its line and field."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <div className="space-y-6">
            <ImportForm datasets={datasets.map((dataset) => dataset.name)} jobRunning={jobRunning} />
            {job ? <ImportJob job={job} /> : jobParam !== undefined ? <Notice tone="error">No such import.</Notice> : null}
          </div>
        </Card>
        <Card title="Recent imports">
          {recent.length === 0 ? (
            <p className="text-sm text-slate-500">No imports yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {recent.map((job) => (
                <li key={job.id} className="flex items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <div className="truncate font-medium text-slate-900">{job.fileName}</div>
                    <div className="text-xs text-slate-500">
                      {job.datasetName} · {job.format} · {formatDate(job.createdAt, true)}
                      {job.createdBy ? ` · ${job.createdBy.name}` : ' · command line'}
                    </div>
                  </div>
                  <Badge tone={STATUS_TONE[job.status]}>
                    {job.status === 'FAILED' && job.errorCount ? `refused (${job.errorCount})` : job.status.toLowerCase()}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
