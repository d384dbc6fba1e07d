// Asks for a frozen release's files: one ReleaseFile row per format (and the formats it is assembled from),
// then one export job. A file already exported is kept: the same release always gives the same bytes.
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { FORMAT_DEPENDENCIES, releaseFileName } from '@/lib/export/export-formats';
import { conflict, notFound } from '@/lib/errors';
import { enqueue } from '@/lib/jobs/boss';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/releases/schemas';

export async function requestExport({
  actor,
  releaseId,
  formats,
  enqueueJob = true,
  send = (id) => enqueue('export', { releaseId: id }),
}: {
  /** Null for the command line. */
  actor: Pick<SessionUser, 'id'> | null;
  releaseId: number;
  formats: readonly ExportFormat[];
  enqueueJob?: boolean;
  /** Queues the export job (tests stand in a failing queue). */
  send?: (releaseId: number) => Promise<unknown>;
}): Promise<{ queued: string[] }> {
  const release = await prisma.release.findUnique({ where: { id: releaseId }, include: { files: true } });
  if (!release) throw notFound('The release');
  if (release.status !== 'FROZEN') throw conflict('Only a frozen release can be exported; freeze it first.');
  const wanted = new Set<ExportFormat>();
  for (const format of formats) {
    for (const dependency of FORMAT_DEPENDENCIES[format] ?? []) wanted.add(dependency);
    wanted.add(format);
  }
  const queued: string[] = [];
  for (const format of EXPORT_FORMATS.filter((f) => wanted.has(f))) {
    const existing = release.files.find((file) => file.format === format);
    if (existing?.status === 'SUCCEEDED' || existing?.status === 'RUNNING') continue;
    const fileName = releaseFileName(release, format);
    await prisma.releaseFile.upsert({
      where: { releaseId_format_fileName: { releaseId, format, fileName } },
      create: { releaseId, format, fileName },
      update: { status: 'QUEUED', progress: 0, error: null, finishedAt: null },
    });
    queued.push(fileName);
  }
  if (queued.length) {
    await recordEvent(prisma, {
      actorId: actor?.id ?? null,
      action: 'release.export',
      entityType: 'Release',
      entityId: releaseId,
      after: { files: queued },
    });
    if (enqueueJob) {
      try {
        await send(releaseId);
      } catch (error) {
        // No job will pick these files up: mark them failed, so the release page offers to export them again.
        const reason = error instanceof Error ? error.message : String(error);
        await prisma.releaseFile.updateMany({
          where: { releaseId, fileName: { in: queued }, status: 'QUEUED' },
          data: { status: 'FAILED', error: `The export could not be queued (${reason}); export again.`, finishedAt: new Date() },
        });
        throw error;
      }
    }
  }
  return { queued };
}
