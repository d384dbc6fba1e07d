// Runs one ImportJob (from an upload or the CLI) and records progress and the result on its row, which is
// what the upload page and `npm run import` show. The final state of a successful import is written in the
// import's own transaction (lib/import/record-import-outcome.ts), so the row and the data always agree. Safe
// to run again after a crash: a killed run left nothing behind and simply starts over.
import { prisma } from '@/lib/db';
import { storedFileInfo, storedFileSource } from '@/lib/files/stored-file';
import { describeImportFailure } from '@/lib/import/describe-import-failure';
import type { ImportFormat } from '@/lib/import/formats/detect';
import { type ImportSummary, importFile } from '@/lib/import/import-file';
import type { FileSource } from '@/lib/files/file-source';
import { recordImportOutcome, storableSummary } from '@/lib/import/record-import-outcome';
import { pgPool } from '@/lib/db';

const FINISHED = ['SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export async function runImportJob({
  importJobId,
  source: givenSource,
  finalAttempt = true,
  logError = (detail) => console.error(`[import job ${importJobId}]`, detail),
  logName,
}: {
  importJobId: number;
  /** The file, when the caller has it (CLI); otherwise the job's stored upload is read. */
  source?: FileSource;
  /** False while the queue will retry an unexpected failure; the row then stays open for the retry. */
  finalAttempt?: boolean;
  /** Where an unexpected error's detail goes (the user only sees a plain message naming `logName`). */
  logError?: (detail: unknown) => void;
  logName?: string;
}): Promise<ImportSummary | null> {
  const job = await prisma.importJob.findUnique({ where: { id: importJobId } });
  if (!job || (FINISHED as readonly string[]).includes(job.status)) return null;

  let source = givenSource;
  if (!source) {
    const info = job.storedFileId ? await storedFileInfo(job.storedFileId) : null;
    if (!info) {
      await prisma.importJob.update({
        where: { id: job.id },
        data: { status: 'FAILED', error: 'the uploaded file is missing', finishedAt: new Date() },
      });
      return null;
    }
    source = storedFileSource(info);
  }

  await prisma.importJob.update({
    where: { id: job.id },
    data: { status: 'RUNNING', startedAt: job.startedAt ?? new Date(), error: null, processedBytes: 0, summary: { phase: 'validating' } },
  });
  let lastWrite = 0;
  try {
    const summary = await importFile({
      source,
      datasetName: job.datasetName,
      format: job.format === 'auto' ? undefined : (job.format as ImportFormat),
      skipInvalid: job.skipInvalid,
      actorId: job.createdById,
      importJobId: job.id,
      onProgress: async ({ phase, fraction }) => {
        const now = Date.now();
        if (now - lastWrite < 400) return;
        lastWrite = now;
        await prisma.importJob.update({
          where: { id: job.id },
          data: { processedBytes: BigInt(Math.round(fraction * source.size)), summary: { phase } },
        });
      },
      beforeCommit: async (client, final) => {
        if (!(await recordImportOutcome({ db: client, importJobId: job.id, summary: final, totalBytes: source.size })))
          throw new Error(`import job ${job.id} was finished by another run meanwhile`);
      },
    });
    // A refused file wrote nothing, so its row is written on its own.
    if (!summary.ok) await recordImportOutcome({ db: pgPool(), importJobId: job.id, summary, totalBytes: source.size });
    return storableSummary(summary);
  } catch (error) {
    logError(error);
    const message = describeImportFailure(error, logName);
    await prisma.importJob
      .update({
        where: { id: job.id },
        data: finalAttempt
          ? { status: 'FAILED', error: message, finishedAt: new Date() }
          : { status: 'QUEUED', error: `retrying after: ${message}` },
      })
      .catch(() => {});
    throw error;
  }
}
