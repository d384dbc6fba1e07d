// Each background job interrupted for real, mid-way, against a real PostgreSQL: the server terminates the
// job's connections while it works (as when its worker dies or the database restarts), the queue's attempt
// fails, and the next attempt must finish with exactly the expected rows, nothing written twice, and no
// half-written import or file ever visible. (`npm run faults` does the same with kill -9 of the app.)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageEverything } from '@/tools/fixtures/stage-everything';
import { gradingShape, seedGradingDataset } from '@/tools/fixtures/grading-dataset';
import { writeSyntheticDataset } from '@/tools/fixtures/synthetic';
import { pgPool, prisma } from '@/lib/db';
import { formatBytes } from '@/lib/export/export-formats';
import { runReleaseJob } from '@/lib/releases/run-release-job';
import { gradeLedger } from '@/tools/faults/scenarios/judge-kill';
import { storeFile } from '@/lib/files/stored-file';
import { importFile } from '@/lib/import/import-file';
import { diskSource } from '@/lib/import/read-lines';
import { runImportJob } from '@/lib/import/run-import-job';
import { createRun } from '@/lib/judge/create-run';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { createRelease } from '@/lib/releases/create-release';
import { requestExport } from '@/lib/releases/request-export';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';
import { seedDemo } from '@/lib/seed/seed-demo';
import { FAST_CALLS } from '@/tools/fixtures/judge-fixtures';

let tmp: string;
let watcher: pg.Client;
let double: JudgeTestDouble;
let adminId: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-interrupted-'));
  watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await watcher.connect();
  await seedDemo({ log: () => {} });
  adminId = (await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } })).id;
  double = await startJudgeTestDouble({ seed: 11, latencyMs: 20 });
});

afterAll(async () => {
  await double?.close();
  await watcher?.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Runs `job` and, once `ready` holds, has the server terminate every other connection to this database that is
 * running a statement (or holds a transaction) whose text matches `query` (ILIKE), again every few ms until
 * the job gives up. Returns the job's error and how many connections were cut.
 */
async function interrupt(job: Promise<unknown>, ready: () => Promise<boolean>, query = '%', timeoutMs = 60_000) {
  let settled: { error: unknown } | null = null;
  job.then(
    () => {
      settled = { error: null };
    },
    (error: unknown) => {
      settled = { error };
    },
  );
  let cut = 0;
  const deadline = Date.now() + timeoutMs;
  while (!settled && Date.now() < deadline) {
    if (cut > 0 || (await ready())) {
      const killed = await watcher.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            AND state <> 'idle' AND query ILIKE $1`,
        [query],
      );
      cut += killed.rowCount ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await job.catch(() => {});
  const outcome = settled as { error: unknown } | null;
  if (!outcome) throw new Error(`the job did not end within ${timeoutMs / 1000} s`);
  return { error: outcome.error, cut };
}

const count = async (sql: string, values: unknown[] = []) => Number((await watcher.query<{ n: string }>(sql, values)).rows[0]?.n);

describe('a job interrupted mid-way', () => {
  it('an import cut off during its COPY left nothing behind, and its retry imports every row once', async () => {
    const file = path.join(tmp, 'interrupted.jsonl');
    const { totals } = await writeSyntheticDataset({ scale: 0.02, jsonlPath: file });
    const stored = await storeFile({
      name: 'interrupted.jsonl',
      contentType: 'application/x-ndjson',
      body: fs.createReadStream(file),
      createdById: null,
    });
    const job = await prisma.importJob.create({
      data: {
        datasetName: 'interrupted',
        fileName: 'interrupted.jsonl',
        format: 'native',
        storedFileId: stored.id,
        totalBytes: stored.size,
      },
    });

    const { error, cut } = await interrupt(
      runImportJob({ importJobId: job.id, finalAttempt: false }),
      async () => true,
      'COPY import_stage%',
    );
    expect(cut).toBeGreaterThanOrEqual(1);
    expect(String(error)).toMatch(/terminat/i);
    // Nothing of the dataset is visible; the job waits for the queue's retry, saying why.
    expect(await count(`SELECT count(*) AS n FROM datasets WHERE name = 'interrupted'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM queries q JOIN datasets d ON d.id = q.dataset_id WHERE d.name = 'interrupted'`)).toBe(0);
    const waiting = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(waiting.status).toBe('QUEUED');
    expect(waiting.error).toMatch(/^retrying after: /);

    expect(await runImportJob({ importJobId: job.id, finalAttempt: false })).toMatchObject({ ok: true });
    const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: 'interrupted' } });
    expect(await prisma.query.count({ where: { datasetId: dataset.id } })).toBe(totals.queries);
    expect(await prisma.criterion.count({ where: { datasetId: dataset.id } })).toBe(totals.criteria);
    expect(
      await count('SELECT count(*) AS n FROM (SELECT 1 FROM criteria WHERE dataset_id = $1 GROUP BY query_id, key HAVING count(*) > 1) d', [
        dataset.id,
      ]),
    ).toBe(0);
    expect((await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('SUCCEEDED');
  });

  it('a judge run whose connections were dropped resumes with exactly one grade per task, asking again only calls in flight', async () => {
    const shape = gradingShape(0.3);
    const datasetId = await seedGradingDataset(pgPool(), shape, 5);
    const endpoint = await prisma.judgeEndpoint.create({
      data: { name: 'interrupted', baseUrl: double.url, model: 'interrupted-model', maxConcurrency: 4, timeoutSeconds: 5 },
    });
    const admin = { id: adminId, email: 'a@x', name: 'Admin', role: 'ADMIN' as const, specialties: [], active: true };
    const input = runInputSchema.parse({ kind: 'GRADE', endpointIds: [endpoint.id], datasetId });
    const created = await createRun({ actor: admin, input, enqueueJob: false });
    const okBefore = double.stats().byOutcome.ok;

    const first = await interrupt(
      runJudgeRun({ runId: created.id, finalAttempt: false, callOptions: FAST_CALLS }),
      async () =>
        (await count(`SELECT count(*) AS n FROM judge_tasks WHERE run_id = $1 AND status = 'SUCCEEDED'`, [created.id])) >= shape.calls / 4,
    );
    expect(String(first.error)).toMatch(/terminat|connection/i);
    const cut = await gradeLedger(created.id);
    expect(cut.status).toBe('RUNNING');
    expect(cut.succeeded).toBeLessThan(cut.total);
    expect(cut.orphan_grades + cut.tasks_without_one_grade + cut.duplicated).toBe(0);

    await runJudgeRun({ runId: created.id, finalAttempt: false, callOptions: FAST_CALLS });
    const done = await gradeLedger(created.id);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      succeeded: shape.calls,
      grades: shape.calls,
      duplicated: 0,
      tasks_without_one_grade: 0,
      orphan_grades: 0,
    });
    const asked = double.stats().byOutcome.ok - okBefore;
    expect(asked).toBeGreaterThanOrEqual(shape.calls);
    // Asked again at most for the tasks that were in flight (two per call slot: claimed, then calling).
    expect(asked - shape.calls).toBeLessThanOrEqual(2 * 4);
  });

  it('an export cut off while storing a file shows no partial file, and its retry gives the same bytes as a clean export', async () => {
    // The import test's dataset, or the same file imported here when that test did not run.
    const dataset =
      (await prisma.dataset.findUnique({ where: { name: 'interrupted' } })) ??
      (await (async () => {
        const file = path.join(tmp, 'export.jsonl');
        await writeSyntheticDataset({ scale: 0.02, jsonlPath: file });
        await importFile({ source: await diskSource(file), datasetName: 'interrupted', format: 'native' });
        return await prisma.dataset.findUniqueOrThrow({ where: { name: 'interrupted' } });
      })());
    const rules = rulesSchema.parse({ datasetIds: [dataset.id], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const release = await createRelease({ actor: { id: adminId }, input: { name: 'Interrupted', rules } });
    await freezeRelease({ actor: { id: adminId }, releaseId: release.id, stage: (client) => stageEverything(client, dataset.id) });
    await requestExport({ actor: null, releaseId: release.id, formats: ['native', 'csv', 'parquet'], enqueueJob: false });

    // The file being stored holds its transaction open between chunks: cut it off there.
    const first = await interrupt(
      runReleaseJob({ releaseId: release.id, finalAttempt: false }),
      async () =>
        (await count(`SELECT count(*) AS n FROM release_files WHERE release_id = $1 AND status = 'SUCCEEDED'`, [release.id])) >= 1,
      '%stored_file%',
    );
    expect(String(first.error)).toMatch(/terminat|connection/i);
    const cut = await prisma.releaseFile.findMany({ where: { releaseId: release.id }, orderBy: { id: 'asc' } });
    const finished = cut.filter((file) => file.status === 'SUCCEEDED');
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(finished.length).toBeLessThan(cut.length);
    for (const file of cut.filter((f) => f.status !== 'SUCCEEDED')) expect(file.storedFileId).toBeNull();
    expect(await count('SELECT count(*) AS n FROM stored_files WHERE NOT complete')).toBe(0);

    await runReleaseJob({ releaseId: release.id, finalAttempt: false });
    const files = await prisma.releaseFile.findMany({ where: { releaseId: release.id }, include: { storedFile: true } });
    expect(files.map((file) => file.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    // Files finished before the interruption were kept, not written again.
    for (const before of finished) expect(files.find((file) => file.id === before.id)?.storedFileId).toBe(before.storedFileId);
    for (const file of files) {
      const hash = createHash('sha256');
      for await (const chunk of formatBytes(file.format as 'native' | 'csv' | 'parquet', { kind: 'release', releaseId: release.id }))
        hash.update(chunk);
      expect(file.storedFile?.sha256, file.fileName).toBe(hash.digest('hex'));
    }
  });
});
