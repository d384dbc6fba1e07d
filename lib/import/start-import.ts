// Starts the import of an uploaded file: its ImportJob row and its queued job in one step
// (lib/jobs/start-job.ts). When the job cannot be queued the upload is deleted too, so a refused start leaves
// nothing behind.
import 'server-only';
import { prisma } from '@/lib/db';
import type { StoredFileInfo } from '@/lib/files/stored-file';
import { startJob } from '@/lib/jobs/start-job';
import type { UploadParams } from '@/lib/import/upload-params';

export async function startImport({
  stored,
  params,
  actorId,
}: {
  stored: Pick<StoredFileInfo, 'id' | 'size'>;
  params: UploadParams;
  actorId: string;
}): Promise<{ id: number }> {
  const { dataset, format, skipInvalid, fileName } = params;
  try {
    return await startJob({ queue: 'import', what: 'The import' }, async (tx) => {
      const job = await tx.importJob.create({
        data: {
          datasetName: dataset,
          fileName,
          format,
          skipInvalid,
          storedFileId: stored.id,
          totalBytes: stored.size,
          createdById: actorId,
        },
        select: { id: true },
      });
      return { result: job, payload: { importJobId: job.id } };
    });
  } catch (error) {
    await prisma.storedFile.delete({ where: { id: stored.id } }).catch(() => {});
    throw error;
  }
}
