// Starting a job is one atomic step, on a real PostgreSQL with a real pg-boss: a worker sees neither the row
// nor the job before the commit and both after it; when the queue refuses the job, every kind of start
// (an upload's import, a judge run, a freeze, an export) keeps nothing and tells the user so.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as upload } from '@/app/api/imports/route';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { pgPool, prisma } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { startJob } from '@/lib/jobs/start-job';
import { createRun } from '@/lib/judge/create-run';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { createRelease } from '@/lib/releases/create-release';
import { requestFreeze } from '@/lib/releases/freeze-job';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { requestExport } from '@/lib/releases/request-export';
import { rulesSchema } from '@/lib/releases/schemas';
import { seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';
import { stageEverything } from '@/tools/fixtures/stage-everything';
import { holdJobCommits, queuedPayloads, refuseJobs } from '@/tools/testing/job-queue';
import { waitForLockWaiters } from '@/tools/testing/wait-for-lock-waiters';

const NOTHING_SAVED = /could not be queued for the background workers, so nothing was saved/;

let admin: SessionUser;
let datasetId: number;
let endpointId: number;
let undo: (() => Promise<void>) | null = null;

beforeAll(async () => {
  ({ admin, datasetId } = await seedJudgeFixtures());
  endpointId = (await prisma.judgeEndpoint.create({ data: { name: 'unused', baseUrl: 'http://127.0.0.1:9', model: 'none' } })).id;
});

afterEach(async () => {
  await undo?.();
  undo = null;
});

const importRow = (tx: Parameters<Parameters<typeof startJob>[1]>[0]) =>
  tx.importJob.create({ data: { datasetName: `atomic ${randomUUID()}`, fileName: 'a.jsonl', format: 'native', totalBytes: 1 } });

describe('startJob', () => {
  it('commits the row and its job together: a worker sees neither before the commit, both after', async () => {
    const key = 7_000_001;
    const rows = await prisma.importJob.count();
    const holder = await pgPool().connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [key]);
      undo = await holdJobCommits('import', key);
      const started = startJob({ queue: 'import', what: 'The import' }, async (tx) => {
        const job = await importRow(tx);
        return { result: job, payload: { importJobId: job.id } };
      });
      // The transaction has written the row and sent the job, and waits at COMMIT for the test's lock.
      await waitForLockWaiters(pgPool(), { count: 1 });
      expect(await prisma.importJob.count()).toBe(rows);
      expect(await queuedPayloads('import')).toEqual([]);
      await holder.query('SELECT pg_advisory_unlock_all()');
      const job = await started;
      expect(await prisma.importJob.count({ where: { id: job.id } })).toBe(1);
      expect(await queuedPayloads('import')).toEqual([{ importJobId: job.id }]);
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
    }
  });

  it('rolls the row back when the queue refuses the job, and says nothing was saved', async () => {
    undo = await refuseJobs('import');
    const before = await prisma.importJob.count();
    const refused = startJob({ queue: 'import', what: 'The import' }, async (tx) => {
      const job = await importRow(tx);
      return { result: job, payload: { importJobId: job.id } };
    });
    await expect(refused).rejects.toThrow(DomainError);
    await expect(refused).rejects.toThrow(NOTHING_SAVED);
    expect(await prisma.importJob.count()).toBe(before);
  });
});

describe('every kind of job starts atomically', () => {
  it('an upload: the import row, its job, or (refused) nothing, not even the uploaded bytes, and a 503 saying so', async () => {
    const send = (dataset: string) =>
      runAsUser(admin, () =>
        upload(
          new Request(`http://127.0.0.1/api/imports?dataset=${dataset}&format=native`, {
            method: 'POST',
            body: '{"id":"q1"}\n',
            headers: { 'x-file-name': 'q.jsonl' },
          }),
        ),
      );
    const files = await prisma.storedFile.count();
    const jobs = await prisma.importJob.count();
    undo = await refuseJobs('import');
    const refused = await send('refused');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^The import could not be queued.*nothing was saved/);
    expect([await prisma.importJob.count(), await prisma.storedFile.count()]).toEqual([jobs, files]);

    await undo();
    undo = null;
    const accepted = await send('accepted');
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: number };
    expect(await queuedPayloads('import')).toContainEqual({ importJobId: id });
  });

  it('a judge run: its run and tasks with its job, or nothing', async () => {
    const input = runInputSchema.parse({ kind: 'GRADE', datasetId, endpointIds: [endpointId], maxQueries: 1 });
    undo = await refuseJobs('judge');
    await expect(createRun({ actor: admin, input })).rejects.toThrow(/^The judge run could not be queued/);
    expect([await prisma.judgeRun.count(), await prisma.judgeTask.count()]).toEqual([0, 0]);

    await undo();
    undo = null;
    const run = await createRun({ actor: admin, input });
    expect(await prisma.judgeTask.count({ where: { runId: run.id } })).toBe(run.tasks);
    expect(await queuedPayloads('judge')).toEqual([{ runId: run.id }]);
  });

  it('a freeze: the draft marked FREEZING with its job, or left a draft as it was', async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'] });
    const { id } = await createRelease({ actor: admin, input: { name: `Atomic freeze ${randomUUID()}`, rules } });
    undo = await refuseJobs('release');
    await expect(requestFreeze({ actor: admin, releaseId: id })).rejects.toThrow(/^The freeze could not be queued/);
    expect((await prisma.release.findUniqueOrThrow({ where: { id } })).status).toBe('DRAFT');
    expect(await prisma.releaseFreeze.count({ where: { releaseId: id } })).toBe(0);

    await undo();
    undo = null;
    await requestFreeze({ actor: admin, releaseId: id });
    expect((await prisma.release.findUniqueOrThrow({ where: { id } })).status).toBe('FREEZING');
    expect(await queuedPayloads('release')).toContainEqual({ releaseId: id });
  });

  it('an export: the files queued with their job, or none of them', async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'] });
    const { id } = await createRelease({ actor: admin, input: { name: `Atomic export ${randomUUID()}`, rules } });
    await freezeRelease({ actor: admin, releaseId: id, stage: (client) => stageEverything(client, datasetId) });
    undo = await refuseJobs('release');
    await expect(requestExport({ actor: admin, releaseId: id, formats: ['csv'] })).rejects.toThrow(/^The export could not be queued/);
    expect(await prisma.releaseFile.count({ where: { releaseId: id } })).toBe(0);

    await undo();
    undo = null;
    const { queued } = await requestExport({ actor: admin, releaseId: id, formats: ['csv'] });
    expect(queued).toHaveLength(1);
    expect(await prisma.releaseFile.findMany({ where: { releaseId: id }, select: { status: true } })).toEqual([{ status: 'QUEUED' }]);
    expect(await queuedPayloads('release')).toContainEqual({ releaseId: id });
  });
});
