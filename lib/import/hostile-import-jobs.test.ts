// Every file of the hostile-input corpus (tools/testing/hostile-inputs.ts) through the job path an upload takes
// (stored file → import job → runImportJob): no file ends in an unexpected error, the job row stores its
// outcome whatever the file quotes (NUL, broken surrogates), and the row says exactly what the database holds.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { storeFile } from '@/lib/files/stored-file';
import { describeImportJob } from '@/lib/import/describe-import-job';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { runImportJob } from '@/lib/import/run-import-job';
import { findUnstorableText } from '@/lib/security/unstorable-text';
import { IMPORT_CASES } from '@/tools/fixtures/hostile-inputs';

/** The 32 MB line case is left to lib/security/hostile-inputs.test.ts: storing it here adds time, not cover. */
const MAX_BYTES = 8 * 1024 * 1024;

describe('hostile import files through an import job', () => {
  for (const entry of IMPORT_CASES) {
    it(entry.name, async () => {
      const content = entry.content();
      const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
      if (bytes.length > MAX_BYTES) return;
      const datasetName = `job ${randomUUID().slice(0, 8)}`;
      if (entry.format === 'csv') {
        const base = `${JSON.stringify({ id: 'hq-1', category: 'CLINICAL_CARE', conversation: [{ role: 'user', content: 'q' }] })}\n`;
        expect((await importFile({ source: bufferSource('base.jsonl', base), datasetName })).ok).toBe(true);
      }
      const queriesBefore = await prisma.query.count({ where: { dataset: { name: datasetName } } });
      const criteriaBefore = await prisma.criterion.count({ where: { query: { dataset: { name: datasetName } } } });
      const stored = await storeFile({
        name: entry.fileName,
        contentType: 'application/octet-stream',
        body: (async function* () {
          yield bytes;
        })(),
        createdById: null,
      });
      const job = await prisma.importJob.create({
        data: { datasetName, fileName: entry.fileName, format: entry.format ?? 'auto', storedFileId: stored.id, totalBytes: stored.size },
      });
      const logged: unknown[] = [];
      const summary = await runImportJob({ importJobId: job.id, logError: (detail) => logged.push(detail) });
      expect(logged, entry.name).toEqual([]);
      const row = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
      expect(row.status).toBe(entry.expect.ok ? 'SUCCEEDED' : 'FAILED');
      expect(row.summary).toEqual(summary);
      expect(findUnstorableText([row.summary, row.errors, row.error])).toBeNull();
      const criteriaAfter = await prisma.criterion.count({ where: { query: { dataset: { name: datasetName } } } });
      if (entry.expect.ok) expect(criteriaAfter).toBeGreaterThan(criteriaBefore);
      else {
        expect(criteriaAfter).toBe(criteriaBefore);
        expect(await prisma.query.count({ where: { dataset: { name: datasetName } } })).toBe(queriesBefore);
        expect(row.datasetId).toBeNull();
      }
      const report = await describeImportJob(job.id);
      expect(report.ok).toBe(entry.expect.ok);
      expect(report.text).toMatch(entry.expect.ok ? /^Imported / : /^Refused /);
    });
  }
});
