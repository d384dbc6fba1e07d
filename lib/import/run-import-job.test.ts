import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { storeFile } from '@/lib/files/stored-file';
import { runImportJob } from '@/lib/import/run-import-job';
import { uploadParamsSchema } from '@/lib/import/upload-params';

async function uploadedJob(file: string, datasetName: string, skipInvalid = false) {
  const bytes = fs.readFileSync(path.join(process.cwd(), 'e2e/fixtures/import', file));
  const stored = await storeFile({
    name: file,
    contentType: 'application/octet-stream',
    body: (async function* () {
      yield bytes;
    })(),
    createdById: null,
  });
  return await prisma.importJob.create({
    data: { datasetName, fileName: file, format: 'auto', skipInvalid, storedFileId: stored.id, totalBytes: stored.size },
  });
}

describe('import jobs', () => {
  it('imports an uploaded file, records the summary, and does nothing when run again', async () => {
    const job = await uploadedJob('native.jsonl', 'jobs');
    const summary = await runImportJob({ importJobId: job.id });
    expect(summary).toMatchObject({ ok: true, format: 'native', queries: { added: 2 } });
    const row = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: 'SUCCEEDED', format: 'native', errorCount: 0, processedBytes: row.totalBytes });
    expect(row.datasetId).not.toBeNull();
    expect(await runImportJob({ importJobId: job.id })).toBeNull();
    expect(await prisma.query.count({ where: { datasetId: row.datasetId ?? -1 } })).toBe(2);
  });

  it('a job interrupted mid-run (left RUNNING by a killed worker) runs again without duplicates', async () => {
    const job = await uploadedJob('native.jsonl', 'resumed');
    await prisma.importJob.update({ where: { id: job.id }, data: { status: 'RUNNING', startedAt: new Date() } });
    expect(await runImportJob({ importJobId: job.id })).toMatchObject({ ok: true });
    expect(await prisma.query.count({ where: { dataset: { name: 'resumed' } } })).toBe(2);
  });

  it('records a refused file with its problems', async () => {
    const job = await uploadedJob('invalid.jsonl', 'refused');
    await runImportJob({ importJobId: job.id });
    const row = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: 'FAILED', errorCount: 3, datasetId: null });
    expect(row.error).toMatch(/refused: 3 problems, nothing was changed/);
    expect(await prisma.dataset.count({ where: { name: 'refused' } })).toBe(0);
  });
});

describe('upload parameters', () => {
  it('keeps only the base name of the file, without control characters or path parts', () => {
    expect(uploadParamsSchema.parse({ dataset: ' d ', fileName: encodeURIComponent('../../etc/passwd') })).toMatchObject({
      dataset: 'd',
      fileName: 'passwd',
    });
    expect(uploadParamsSchema.parse({ dataset: 'd', fileName: 'C:\\data\\a\u0007b.jsonl' }).fileName).toBe('ab.jsonl');
    expect(uploadParamsSchema.parse({ dataset: 'd', fileName: '%E0%A4%A' }).fileName).toBe('%E0%A4%A');
    expect(uploadParamsSchema.safeParse({ dataset: '', fileName: 'x' }).success).toBe(false);
    expect(uploadParamsSchema.safeParse({ dataset: 'd', fileName: '../' }).success).toBe(false);
  });
});
