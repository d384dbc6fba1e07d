import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { storeFile } from '@/lib/files/stored-file';
import { runImportJob } from '@/lib/import/run-import-job';
import { uploadParamsSchema } from '@/lib/import/upload-params';
import { findUnstorableText } from '@/lib/security/unstorable-text';
import { NUL_LED_HEALTHBENCH } from '@/tools/fixtures/hostile-inputs';

async function uploadedJob(file: string, datasetName: string, skipInvalid = false, content?: Uint8Array) {
  const bytes = content ?? fs.readFileSync(path.join(process.cwd(), 'e2e/fixtures/import', file));
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

const nulLed = Buffer.from(NUL_LED_HEALTHBENCH);

describe('what the job row says is what the database holds (issue 16, finding 6)', () => {
  const stored = async (jobId: number) => {
    const row = await prisma.importJob.findUniqueOrThrow({ where: { id: jobId } });
    const queries = await prisma.query.count({ where: { dataset: { name: row.datasetName } } });
    const datasets = await prisma.dataset.count({ where: { name: row.datasetName } });
    return { row, queries, datasets };
  };

  it('an error message quoting U+0000, with skipInvalid: imported, and the row lists the skipped line with the NUL made visible', async () => {
    const job = await uploadedJob('nul.jsonl', 'nul skipped', true, nulLed);
    const summary = await runImportJob({ importJobId: job.id });
    const { row, queries, datasets } = await stored(job.id);
    expect({ status: row.status, queries, datasets }).toEqual({ status: 'SUCCEEDED', queries: 2, datasets: 1 });
    expect(summary).toMatchObject({ ok: true, skippedLines: [1], queries: { added: 2 } });
    expect(row.summary).toEqual(JSON.parse(JSON.stringify(summary)));
    const errors = row.errors as { line: number; field: string; reason: string }[];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 1, field: '(line)' });
    expect(errors[0]?.reason).toContain('\\u0000');
    expect(findUnstorableText([row.summary, row.errors, row.error])).toBeNull();
  });

  it('the same file without skipInvalid: refused, nothing written, the row says so', async () => {
    const job = await uploadedJob('nul.jsonl', 'nul refused', false, nulLed);
    expect(await runImportJob({ importJobId: job.id })).toMatchObject({ ok: false, issueCount: 1 });
    const { row, queries, datasets } = await stored(job.id);
    expect({ status: row.status, queries, datasets, errorCount: row.errorCount }).toEqual({
      status: 'FAILED',
      queries: 0,
      datasets: 0,
      errorCount: 1,
    });
    expect((row.errors as { reason: string }[])[0]?.reason).toMatch(/not valid JSON.*\\u0000/);
  });

  it('an unexpected error whose message holds U+0000: a clear message on the row, the detail logged, nothing written', async () => {
    const job = await uploadedJob('native.jsonl', 'unexpected', false);
    const logged: unknown[] = [];
    const source = {
      name: 'native.jsonl',
      size: 100,
      open: () => {
        throw new Error('disk read failed at \u0000 sector 7');
      },
    };
    await expect(runImportJob({ importJobId: job.id, source, logError: (detail) => logged.push(detail) })).rejects.toThrow();
    const { row, datasets } = await stored(job.id);
    expect(row.status).toBe('FAILED');
    expect(datasets).toBe(0);
    expect(row.error).toMatch(/^the import failed because of an unexpected error and changed nothing/);
    expect(row.error).not.toContain('sector 7');
    expect(row.error).not.toContain('\u0000');
    expect(String(logged[0])).toContain('sector 7');
  });

  it('when the final state cannot be recorded, the data is not committed either', async () => {
    const job = await uploadedJob('native.jsonl', 'unrecordable');
    // The row refuses SUCCEEDED for this job only, as a failing write of the final state would.
    await prisma.$executeRawUnsafe(
      `ALTER TABLE import_jobs ADD CONSTRAINT test_unrecordable CHECK (id <> ${job.id} OR status <> 'SUCCEEDED')`,
    );
    try {
      await expect(runImportJob({ importJobId: job.id, logError: () => {} })).rejects.toThrow();
      const { row, queries, datasets } = await stored(job.id);
      expect({ status: row.status, queries, datasets }).toEqual({ status: 'FAILED', queries: 0, datasets: 0 });
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE import_jobs DROP CONSTRAINT test_unrecordable');
    }
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
