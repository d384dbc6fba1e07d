// The rubric-quality score where concordance is shown, against a real migrated database: the dashboard's latest proxy
// accuracy, the meta-rubric version comparison ("discriminability vA vs vB") and the release manifest, whose older
// releases (frozen without the field) still render their dataset card.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { compareDiscriminability } from '@/lib/discriminability/compare-discriminability';
import { latestProxyAccuracy } from '@/lib/discriminability/latest-proxy-accuracy';
import { createRelease } from '@/lib/releases/create-release';
import { datasetCard } from '@/lib/releases/dataset-card';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';
import { seedDemo } from '@/lib/seed/seed-demo';
import { auditedCampaign } from '@/tools/fixtures/audited-campaign';

let admin: SessionUser;
let datasetId = 0;
let versionId = 0;

/** A finished PROXY run over the dataset's first queries: `correct` of the predictions name the preferred (A). */
async function proxyRun({
  correct,
  total,
  metaRubricVersionId = null,
}: {
  correct: number;
  total: number;
  metaRubricVersionId?: number | null;
}) {
  const run = await prisma.judgeRun.create({
    data: {
      kind: 'PROXY',
      status: 'SUCCEEDED',
      params: {},
      scope: { datasetId },
      promptTemplate: 'proxy',
      promptVersion: 'v1',
      metaRubricVersionId,
    },
  });
  const queries = await prisma.query.findMany({
    where: { datasetId },
    orderBy: { id: 'asc' },
    take: total,
    select: { id: true, responses: { orderBy: { id: 'asc' }, take: 2, select: { id: true } } },
  });
  for (const [index, query] of queries.entries()) {
    const [a, b] = query.responses;
    if (!a || !b) throw new Error('a demo query has fewer than two responses');
    await prisma.proxyPrediction.create({
      data: {
        runId: run.id,
        queryId: query.id,
        responseAId: a.id,
        responseBId: b.id,
        presentedOrder: 'AB',
        preferredResponseId: a.id,
        basis: 'reviewers',
        criterionIds: [],
        choice: index < correct ? 'A' : 'B',
        explanation: '',
      },
    });
  }
  return run.id;
}

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  versionId = (await prisma.metaRubricVersion.findFirstOrThrow({ where: { status: 'ACTIVE' } })).id;
  const fixture = await auditedCampaign({ datasetId, queries: 3 });
  admin = { id: fixture.admin.id, email: fixture.admin.email, name: fixture.admin.name, role: 'ADMIN', specialties: [], active: true };
}, 120_000);

describe('the release manifest', () => {
  it('records [] without a proxy run, then the latest proxy run’s accuracy; an older manifest without the field still renders', async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'] });
    const before = await freezeRelease({
      actor: admin,
      releaseId: (await createRelease({ actor: admin, input: { name: 'No proxy', rules } })).id,
    });
    expect(before.discriminability).toEqual([]);
    expect(datasetCard(before, {})).toContain('| Discriminability (proxy accuracy) | no proxy run yet |');

    const runId = await proxyRun({ correct: 3, total: 4 });
    const after = await freezeRelease({
      actor: admin,
      releaseId: (await createRelease({ actor: admin, input: { name: 'With proxy', rules } })).id,
    });
    const latest = await latestProxyAccuracy({ datasetId });
    expect(latest?.runId).toBe(runId);
    expect(after.discriminability).toEqual([
      {
        datasetId,
        runId,
        metaRubricVersionId: null,
        predictions: 4,
        correct: 3,
        ties: 0,
        pairs: 4,
        orderDisagreements: 0,
        accuracy: 0.75,
        interval: [latest?.proxy.accuracy.low, latest?.proxy.accuracy.high],
        designEffect: latest?.proxy.accuracy.designEffect,
      },
    ]);
    const stored = await prisma.release.findFirstOrThrow({ where: { name: 'With proxy' }, select: { manifest: true } });
    expect((stored.manifest as { discriminability: unknown }).discriminability).toEqual(after.discriminability);
    expect(datasetCard(after, {})).toContain(`| 75.0% (3/4) |`);

    const { discriminability: _dropped, ...older } = after;
    expect(datasetCard(older, {})).toContain('| Discriminability (proxy accuracy) | not recorded when this release was frozen |');
  });
});

describe('the meta-rubric version comparison', () => {
  it('shows each version’s latest proxy run over its rubric, and none for a version without one', async () => {
    const runId = await proxyRun({ correct: 1, total: 2, metaRubricVersionId: versionId });
    const [with_, without] = await compareDiscriminability({
      versions: [
        { number: 1, versionId },
        { number: 99, versionId: 2_000_000 },
      ],
    });
    expect(with_?.proxy?.runId).toBe(runId);
    expect(with_?.proxy?.proxy.accuracy).toMatchObject({ count: 1, n: 2 });
    expect(without?.proxy).toBeNull();
    expect(without?.separation).toBeNull();
  });
});
