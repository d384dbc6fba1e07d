// The export benchmark on the demo dataset: the synthetic selection freezes every criterion, and both sides
// read exactly the release's rows (the app's JSONL holds every criterion once, COPY returns one row each).
import { beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ADMIN_ID, ensureBenchUsers } from '@/tools/fixtures/bench-users';
import { appExport, rawExport, snapshotCopy } from '@/tools/bench/operations/export';
import { stageEverything } from '@/tools/fixtures/stage-everything';
import { pgPool, prisma } from '@/lib/db';
import { createRelease } from '@/lib/releases/create-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';
import { seedDemo } from '@/lib/seed/seed-demo';

let releaseId: number;
let criteria: number;

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  await ensureBenchUsers(pgPool(), { ADMIN: [BENCH_ADMIN_ID] });
  const dataset = await prisma.dataset.findFirstOrThrow();
  criteria = await prisma.criterion.count({ where: { datasetId: dataset.id } });
  const rules = rulesSchema.parse({ datasetIds: [dataset.id], decisions: ['ACCEPT'] });
  const release = await createRelease({ actor: { id: BENCH_ADMIN_ID }, input: { name: 'Bench release', rules } });
  releaseId = release.id;
  await freezeRelease({ actor: { id: BENCH_ADMIN_ID }, releaseId, stage: (client) => stageEverything(client, dataset.id) });
});

describe('export benchmark', () => {
  it('freezes every criterion and exports the same rows on both sides, the app identically each time', async () => {
    expect(await prisma.releaseItem.count({ where: { releaseId } })).toBe(criteria);
    const first = await appExport(releaseId);
    const second = await appExport(releaseId);
    expect(first.criteria).toBe(criteria);
    expect(second.sha256).toBe(first.sha256);
    const raw = await rawExport(releaseId);
    expect(raw.rows).toBe(await prisma.releaseLine.count({ where: { releaseId } }));
    expect(await prisma.releaseLine.count({ where: { releaseId, part: 0 } })).toBe(
      await prisma.releaseQuery.count({ where: { releaseId } }),
    );
    expect(raw.bytes).toBeGreaterThan(0);
    expect((await snapshotCopy(releaseId)).rows).toBe(criteria);
  });
});
