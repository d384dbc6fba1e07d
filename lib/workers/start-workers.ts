// Registers every queue's handler. Runs inside the web process (instrumentation.ts, the default) and/or in
// separate `npm run worker` processes; any number of them can share the queues. Here, not in lib/jobs: the
// areas start their jobs through lib/jobs, and this is the one place that knows every area's handler.
import type { PgBoss } from 'pg-boss';
import { getBoss } from '@/lib/jobs/boss';
import { QUEUE_OPTIONS, type QueueName, type QueuePayloads } from '@/lib/jobs/queues';
import { runImportJob } from '@/lib/import/run-import-job';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { runReleaseJob } from '@/lib/releases/run-release-job';

const holder = globalThis as unknown as { __rubricAuditWorkers?: Promise<void> };

type Handler<Q extends QueueName> = (payload: QueuePayloads[Q], finalAttempt: boolean) => Promise<unknown>;

const HANDLERS: { [Q in QueueName]: Handler<Q> } = {
  import: ({ importJobId }, finalAttempt) => runImportJob({ importJobId, finalAttempt }),
  judge: ({ runId }, finalAttempt) => runJudgeRun({ runId, finalAttempt }),
  release: ({ releaseId }, finalAttempt) => runReleaseJob({ releaseId, finalAttempt }),
  // Jobs older versions queued under the release job's former name.
  export: ({ releaseId }, finalAttempt) => runReleaseJob({ releaseId, finalAttempt }),
};

async function work<Q extends QueueName>(boss: PgBoss, queue: Q): Promise<void> {
  const handle: Handler<Q> = HANDLERS[queue];
  await boss.work<QueuePayloads[Q]>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await handle(job.data, job.retryCount >= QUEUE_OPTIONS[queue].retryLimit);
  });
}

export function startWorkers(): Promise<void> {
  holder.__rubricAuditWorkers ??= (async () => {
    const boss = await getBoss();
    for (const queue of Object.keys(HANDLERS) as QueueName[]) await work(boss, queue);
  })().catch((error: unknown) => {
    holder.__rubricAuditWorkers = undefined;
    throw error;
  });
  return holder.__rubricAuditWorkers;
}
