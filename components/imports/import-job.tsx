'use client';
// An import job as its row says: waiting or working with its progress, kept current while it runs
// (useLiveJob), then its summary and a link to the imported criteria.
import Link from 'next/link';
import { type ImportJobView, ImportSummaryView } from '@/components/imports/import-summary';
import { useLiveJob } from '@/components/ui/live-job';
import { ProgressBar } from '@/components/ui/progress-bar';

export function ImportJob({ job }: { job: ImportJobView }) {
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  useLiveJob(running);
  if (running) {
    return (
      <div className="space-y-1" aria-live="polite">
        <p className="text-sm text-slate-700">
          {job.status === 'QUEUED'
            ? 'Waiting for a worker…'
            : `Importing: ${(job.summary as { phase?: string } | null)?.phase ?? 'working'}`}
        </p>
        <ProgressBar label="Import" value={job.processedBytes} max={Math.max(1, job.totalBytes)} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ImportSummaryView job={job} />
      {job.status === 'SUCCEEDED' && job.datasetId ? (
        <Link href={`/criteria?dataset=${job.datasetId}`} className="text-sm font-medium text-brand-600 hover:underline">
          Browse the criteria of “{job.datasetName}”
        </Link>
      ) : null}
    </div>
  );
}
