// Asks for a frozen release's files: one ReleaseFile row per format (and the formats it is assembled from)
// and one release job (lib/releases/run-release-job.ts), in one step (lib/jobs/start-job.ts). A file already
// exported is kept: the same release always gives the same bytes.
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { FORMAT_DEPENDENCIES, releaseFileName } from '@/lib/export/export-formats';
import { conflict, notFound } from '@/lib/errors';
import { startJob } from '@/lib/jobs/start-job';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/export/format-names';

export async function requestExport({
  actor,
  releaseId,
  formats,
  enqueueJob = true,
}: {
  /** Null for the command line. */
  actor: Pick<SessionUser, 'id'> | null;
  releaseId: number;
  formats: readonly ExportFormat[];
  /** False when the caller runs the release job itself (the command line, the release job, tests). */
  enqueueJob?: boolean;
}): Promise<{ queued: string[] }> {
  return await startJob({ queue: 'release', what: 'The export', enqueue: enqueueJob }, async (tx) => {
    const release = await tx.release.findUnique({ where: { id: releaseId }, include: { files: true } });
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
      await tx.releaseFile.upsert({
        where: { releaseId_format_fileName: { releaseId, format, fileName } },
        create: { releaseId, format, fileName },
        update: { status: 'QUEUED', progress: 0, error: null, finishedAt: null },
      });
      queued.push(fileName);
    }
    if (queued.length === 0) return { result: { queued }, payload: null };
    await recordEvent(tx, {
      actorId: actor?.id ?? null,
      action: 'release.export',
      entityType: 'Release',
      entityId: releaseId,
      after: { files: queued },
    });
    return { result: { queued }, payload: { releaseId } };
  });
}
