// The import benchmark is only fair if raw COPY stores exactly what the app's import stores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { copyRawDataset } from '@/tools/bench/copy-raw-dataset';
import { compareFingerprints, datasetFingerprint } from '@/tools/bench/dataset-fingerprint';
import { syntheticTotals, writeSyntheticDataset } from '@/tools/fixtures/synthetic';
import { importFile } from '@/lib/import/import-file';
import { diskSource } from '@/lib/import/read-lines';
import { createDatabase, dropDatabase } from '@/tools/testing/test-database';

const adminUrl = inject('pgAdminUrl');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-bench-test-'));
let rawUrl: string | undefined;

afterAll(async () => {
  if (rawUrl) await dropDatabase(adminUrl, rawUrl);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('copyRawDataset', () => {
  it('stores the same queries, criteria and provenance as importFile does for the synthetic file', async () => {
    const scale = 0.002;
    const files = await writeSyntheticDataset({
      scale,
      jsonlPath: path.join(tmp, 's.jsonl'),
      csv: { prefix: path.join(tmp, 's'), datasetId: 1 },
    });
    const summary = await importFile({ source: await diskSource(files.jsonl.path), datasetName: 'synthetic', format: 'native' });
    expect(summary.ok).toBe(true);
    expect(summary.criteria.added).toBe(syntheticTotals(scale).criteria);

    rawUrl = await createDatabase(adminUrl, inject('pgTemplateDb'));
    await copyRawDataset({ databaseUrl: rawUrl, files, datasetId: 1, datasetName: 'synthetic' });

    const app = await datasetFingerprint(process.env.DATABASE_URL ?? '', 'synthetic');
    const raw = await datasetFingerprint(rawUrl, 'synthetic');
    expect(app.criteria.rows).toBe(syntheticTotals(scale).criteria);
    expect(app.criterion_provenance.rows).toBe(app.criteria.rows);
    expect(compareFingerprints(app, raw)).toEqual([]);
  });

  it('reports a difference in content, not only in row counts', () => {
    const same = { rows: 3, hash: '1' };
    const fingerprint = { queries: same, criteria: same, criterion_provenance: same, responses: { rows: 0, hash: '0' } };
    expect(compareFingerprints(fingerprint, { ...fingerprint, criteria: { rows: 3, hash: '2' } })).toEqual([
      'criteria: same row count (3) but different content',
    ]);
    expect(compareFingerprints(fingerprint, { ...fingerprint, queries: { rows: 2, hash: '1' } })).toEqual([
      'queries: app stored 3 rows, raw COPY 2',
    ]);
  });
});
