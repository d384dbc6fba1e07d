// The release job (pg-boss queue `release`): a release queued for freezing is frozen first
// (lib/releases/freeze-job.ts), then each requested ReleaseFile row is generated in turn by lib/export and
// streamed into a stored file (DB chunks, SHA-256 computed while writing), with its progress on the row for
// the release page and the CLI. Resumable: files already SUCCEEDED are skipped, so a retried job continues
// after the last finished file; the files are deterministic, so redoing one gives the same bytes and checksum.
import { progressWriter } from '@/lib/jobs/progress-writer';
import { type ExportFormat, EXPORT_FORMATS } from '@/lib/export/format-names';
import { prisma } from '@/lib/db';
import { FORMAT_FILES, formatBytes } from '@/lib/export/export-formats';
import { tarBytes } from '@/lib/export/formats/hf-folder';
import { datasetCard } from '@/lib/releases/dataset-card';
import { countCriteria } from '@/lib/export/release-rows';
import { readStoredFile, storeFile } from '@/lib/files/stored-file';
import { runFreeze } from '@/lib/releases/freeze-job';
import type { ReleaseManifest } from '@/lib/releases/freeze-release';
import { requestExport } from '@/lib/releases/request-export';

const orderOf = (format: string) => EXPORT_FORMATS.indexOf(format as ExportFormat);

export async function runReleaseJob({
  releaseId,
  finalAttempt = true,
  onProgress,
}: {
  releaseId: number;
  finalAttempt?: boolean;
  /** Called with (file name, 0..1) as files progress (the CLI's bars). */
  onProgress?: (fileName: string, fraction: number) => void;
}): Promise<void> {
  const state = await prisma.release.findUnique({
    where: { id: releaseId },
    select: { status: true, _count: { select: { files: true } } },
  });
  // A release queued for freezing is frozen first (lib/releases/freeze-job.ts), then its files exported.
  if (state?.status === 'FREEZING' && (await runFreeze({ releaseId, finalAttempt })) === 'failed') return;
  // Frozen but no file asked for: the job stopped between freezing and asking; ask now.
  if (state?.status === 'FROZEN' && state._count.files === 0)
    await requestExport({ actor: null, releaseId, formats: EXPORT_FORMATS, enqueueJob: false }).catch(() => {});
  const release = await prisma.release.findUnique({ where: { id: releaseId }, include: { files: true } });
  if (release?.status !== 'FROZEN' || !release.manifest || !release.frozenAt) return;
  const manifest = release.manifest as unknown as ReleaseManifest;
  const pending = release.files.filter((file) => file.status !== 'SUCCEEDED').sort((a, b) => orderOf(a.format) - orderOf(b.format));
  const total = Math.max(1, await countCriteria({ kind: 'release', releaseId }));

  for (const file of pending) {
    const format = file.format as ExportFormat;
    await prisma.releaseFile.update({ where: { id: file.id }, data: { status: 'RUNNING', progress: 0, error: null } });
    const writer = progressWriter<number>(
      (fraction) => prisma.releaseFile.update({ where: { id: file.id }, data: { progress: fraction } }),
      { everyMs: 400 },
    );
    const progress = (fraction: number) => {
      onProgress?.(file.fileName, fraction);
      writer.report(fraction);
    };
    try {
      let body: AsyncIterable<Uint8Array>;
      if (format === 'hf') {
        body = await hfBody(releaseId, manifest, release.frozenAt, progress);
      } else {
        let rows = 0;
        body = formatBytes(format, { kind: 'release', releaseId }, (n) => {
          rows = n;
          progress(Math.min(0.99, rows / total));
        });
      }
      const stored = await storeFile({
        name: file.fileName,
        contentType: FORMAT_FILES[format].contentType,
        body,
        createdById: release.createdById,
      });
      await writer.settled();
      await prisma.$transaction(async (tx) => {
        await tx.releaseFile.update({
          where: { id: file.id },
          data: { status: 'SUCCEEDED', progress: 1, storedFileId: stored.id, finishedAt: new Date(), error: null },
        });
        // Merge under a row lock: two release jobs of one release may finish files at the same time.
        await tx.$executeRaw`UPDATE releases SET checksums = coalesce(checksums, '{}'::jsonb) || jsonb_build_object(${file.fileName}::text, ${stored.sha256}::text) WHERE id = ${releaseId}`;
      });
      onProgress?.(file.fileName, 1);
    } catch (error) {
      await writer.settled();
      const message = error instanceof Error ? error.message : String(error);
      await prisma.releaseFile
        .update({
          where: { id: file.id },
          data: finalAttempt
            ? { status: 'FAILED', error: message, finishedAt: new Date() }
            : { status: 'QUEUED', error: `retrying after: ${message}` },
        })
        .catch(() => {});
      throw error;
    }
  }
}

/** The HF folder from the stored parquet and HealthBench files, plus the card and the manifest. */
async function hfBody(releaseId: number, manifest: ReleaseManifest, frozenAt: Date, progress: (fraction: number) => void) {
  const files = await prisma.releaseFile.findMany({
    where: { releaseId, format: { in: ['parquet', 'healthbench'] }, status: 'SUCCEEDED' },
    include: { storedFile: { select: { id: true, size: true, sha256: true } } },
  });
  const stored = (format: string) => {
    const file = files.find((f) => f.format === format)?.storedFile;
    if (!file) throw new Error(`the ${format} file must be exported before the Hugging Face folder`);
    return { id: file.id, size: Number(file.size), sha256: file.sha256 ?? '' };
  };
  const parquet = stored('parquet');
  const healthbench = stored('healthbench');
  const checksums = { 'data/criteria.parquet': parquet.sha256, 'data/healthbench.jsonl': healthbench.sha256 };
  const card = Buffer.from(datasetCard(manifest, checksums), 'utf8');
  const manifestJson = Buffer.from(`${JSON.stringify({ ...manifest, files: checksums }, null, 2)}\n`, 'utf8');
  const totalBytes = parquet.size + healthbench.size;
  let done = 0;
  const counted = (id: number) =>
    async function* () {
      for await (const chunk of readStoredFile(id)) {
        done += chunk.length;
        progress(Math.min(0.99, done / Math.max(1, totalBytes)));
        yield chunk;
      }
    };
  return tarBytes(
    [
      {
        name: 'README.md',
        size: card.length,
        open: async function* () {
          yield card;
        },
      },
      {
        name: 'manifest.json',
        size: manifestJson.length,
        open: async function* () {
          yield manifestJson;
        },
      },
      { name: 'data/criteria.parquet', size: parquet.size, open: counted(parquet.id) },
      { name: 'data/healthbench.jsonl', size: healthbench.size, open: counted(healthbench.id) },
    ],
    frozenAt,
  );
}
