// Runs one ImportJob (from an upload or the CLI) and records progress and the result on its row, which is
// what the upload page and `npm run import` watch. Safe to run again after a crash: the import is a single
// transaction, so a killed run left nothing behind and simply starts over.
import { prisma } from '@/lib/db';
import { storedFileInfo, storedFileSource } from '@/lib/files/stored-file';
import type { ImportFormat } from '@/lib/import/formats/detect';
import { type ImportSummary, importFile } from '@/lib/import/import-file';
import type { FileSource } from '@/lib/import/read-lines';

const FINISHED = ['SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export async function runImportJob({
  importJobId,
  source: givenSource,
  finalAttempt = true,
}: {
  importJobId: number;
  /** The file, when the caller has it (CLI); otherwise the job's stored upload is read. */
  source?: FileSource;
  /** False while the queue will retry an unexpected failure; the row then stays open for the retry. */
  finalAttempt?: boolean;
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
        if (now - lastWrite < 400 && phase !== 'done') return;
        lastWrite = now;
        await prisma.importJob.update({
          where: { id: job.id },
          data: { processedBytes: BigInt(Math.round(fraction * source.size)), summary: { phase } },
        });
      },
    });
    await prisma.importJob.update({
      where: { id: job.id },
      data: {
        status: summary.ok ? 'SUCCEEDED' : 'FAILED',
        datasetId: summary.datasetId,
        format: summary.format ?? job.format,
        processedBytes: BigInt(source.size),
        summary: JSON.parse(JSON.stringify(summary)),
        errors: JSON.parse(JSON.stringify(summary.issues)),
        errorCount: summary.issueCount,
        error: summary.ok ? null : `refused: ${summary.issueCount} problem${summary.issueCount === 1 ? '' : 's'}, nothing was changed`,
        finishedAt: new Date(),
      },
    });
    return summary;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await prisma.importJob
      .update({
        where: { id: job.id },
        data: finalAttempt
          ? { status: 'FAILED', error: `the import failed and changed nothing: ${message}`, finishedAt: new Date() }
          : { status: 'QUEUED', error: `retrying after: ${message}` },
      })
      .catch(() => {});
    throw error;
  }
}
