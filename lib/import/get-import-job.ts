// One import job as its page and GET /api/imports/[id] show it: status, progress and (when finished) the
// summary, byte counts as numbers.
import { prisma } from '@/lib/db';

export async function getImportJob(id: number) {
  const job = await prisma.importJob.findUnique({
    where: { id },
    select: {
      id: true,
      datasetName: true,
      datasetId: true,
      fileName: true,
      format: true,
      status: true,
      skipInvalid: true,
      totalBytes: true,
      processedBytes: true,
      summary: true,
      error: true,
      errorCount: true,
      createdAt: true,
      finishedAt: true,
    },
  });
  return job ? { ...job, totalBytes: Number(job.totalBytes), processedBytes: Number(job.processedBytes) } : null;
}
