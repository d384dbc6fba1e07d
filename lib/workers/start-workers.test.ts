// A release job an installed database holds under the queue's former name (`export`, before the `release`
// queue existed: a draft marked FREEZING, or a frozen release's queued files) is still run by the workers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { getBoss } from '@/lib/jobs/boss';
import { createRelease } from '@/lib/releases/create-release';
import { rulesSchema } from '@/lib/releases/schemas';
import { startWorkers } from '@/lib/workers/start-workers';
import { auditedCampaign } from '@/tools/fixtures/audited-campaign';
import { seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';
import { done, notYet, waitFor } from '@/tools/faults/wait-for';

let admin: SessionUser;
let datasetId: number;

beforeAll(async () => {
  ({ admin, datasetId } = await seedJudgeFixtures());
  await auditedCampaign({ datasetId, queries: 2 });
}, 120_000);

describe('the workers', () => {
  it('run a freeze queued on the former `export` queue: the release is frozen and every file exported', async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'], minVerdicts: 1 });
    const { id } = await createRelease({ actor: admin, input: { name: 'Queued by an older version', rules } });
    // What the older version's requestFreeze wrote (as in lib/releases/freeze-job.ts), and the job it sent.
    await prisma.$transaction([
      prisma.release.update({ where: { id }, data: { status: 'FREEZING' } }),
      prisma.releaseFreeze.create({
        data: { releaseId: id, requestedById: admin.id, stage: 'queued', progress: 0, startedAt: new Date() },
      }),
    ]);
    const boss = await getBoss();
    expect(await boss.send('export', { releaseId: id })).not.toBeNull();

    await startWorkers();
    const release = await waitFor({
      label: `release ${id} frozen (or back to draft) by the export queue's worker`,
      timeoutMs: 25_000,
      probe: async () => {
        const row = await prisma.release.findUniqueOrThrow({ where: { id }, include: { files: true, freeze: true } });
        const settled = row.status !== 'FREEZING' && row.files.length > 0 && row.files.every((file) => file.status === 'SUCCEEDED');
        return settled || row.status === 'DRAFT' ? done(row) : notYet(`${row.status}, ${row.files.map((f) => f.status).join(' ')}`);
      },
    });
    expect(release.freeze?.error ?? null).toBeNull();
    expect(release.status).toBe('FROZEN');
    expect(release.files.map((file) => file.status)).toEqual(release.files.map(() => 'SUCCEEDED'));
  });
});
