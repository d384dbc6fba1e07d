// Registers every queue's handler. Runs inside the web process (instrumentation.ts, the default) and/or in
// separate `npm run worker` processes; any number of them can share the queues.
import { getBoss } from '@/lib/jobs/boss';
import { QUEUE_OPTIONS, type QueuePayloads } from '@/lib/jobs/queues';
import { runExport } from '@/lib/export/run-export';
import { runImportJob } from '@/lib/import/run-import-job';
import { runJudgeRun } from '@/lib/judge/run-judge-run';

const holder = globalThis as unknown as { __rubricAuditWorkers?: Promise<void> };

export function startWorkers(): Promise<void> {
  holder.__rubricAuditWorkers ??= (async () => {
    const boss = await getBoss();
    await boss.work<QueuePayloads['import']>('import', { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      await runImportJob({ importJobId: job.data.importJobId, finalAttempt: job.retryCount >= QUEUE_OPTIONS.import.retryLimit });
    });
    await boss.work<QueuePayloads['judge']>('judge', { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      await runJudgeRun({ runId: job.data.runId, finalAttempt: job.retryCount >= QUEUE_OPTIONS.judge.retryLimit });
    });
    await boss.work<QueuePayloads['export']>('export', { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      await runExport({ releaseId: job.data.releaseId, finalAttempt: job.retryCount >= QUEUE_OPTIONS.export.retryLimit });
    });
  })().catch((error: unknown) => {
    holder.__rubricAuditWorkers = undefined;
    throw error;
  });
  return holder.__rubricAuditWorkers;
}
