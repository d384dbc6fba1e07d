// Background job queues (pg-boss, in its own `pgboss` schema of the same PostgreSQL). Each job's payload
// only points at a row (ImportJob, JudgeRun, Release) that holds the real state, so a handler can be
// re-run after a crash: it reads the row and continues or starts over without duplicating anything.

export interface QueuePayloads {
  import: { importJobId: number };
  judge: { runId: number };
  /** Freezes a release queued for freezing, then exports its requested files (lib/releases/run-release-job.ts). */
  release: { releaseId: number };
  /**
   * The release job's name until the release queue existed. Nothing sends to it any more; the workers still
   * drain it with the release job, so a job an installed database holds under this name still runs.
   */
  export: { releaseId: number };
}

export type QueueName = keyof QueuePayloads;

/** The queues jobs are started on (lib/jobs/start-job.ts); `export` only drains what older versions queued. */
export type StartableQueue = Exclude<QueueName, 'export'>;

const RELEASE_OPTIONS = { retryLimit: 3, retryDelay: 5, expireInSeconds: 2 * 60 * 60, heartbeatSeconds: 30 };

export const QUEUE_OPTIONS: Record<
  QueueName,
  { retryLimit: number; retryDelay: number; expireInSeconds: number; heartbeatSeconds: number }
> = {
  // A crashed worker is noticed after the heartbeat window; the job then runs again from its row.
  import: { retryLimit: 3, retryDelay: 5, expireInSeconds: 2 * 60 * 60, heartbeatSeconds: 30 },
  // A judge run resumes where it stopped (finished tasks are skipped), so retrying after a crash is cheap.
  judge: { retryLimit: 10, retryDelay: 5, expireInSeconds: 12 * 60 * 60, heartbeatSeconds: 30 },
  // A freeze is one transaction and an export skips the files it already finished, so a retry continues
  // after the last complete step.
  release: RELEASE_OPTIONS,
  export: RELEASE_OPTIONS,
};
