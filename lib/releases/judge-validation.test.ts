// The release manifest records which judge was validated against clinicians, on how many items, with what
// balanced F1 and ceiling: the same figures the agreement page computes for the release's dataset.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { computeMetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { createRelease } from '@/lib/releases/create-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';
import { auditedCampaign } from '@/tools/fixtures/audited-campaign';
import { seedDemo } from '@/lib/seed/seed-demo';

let admin: SessionUser;
let datasetId = 0;

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  const fixture = await auditedCampaign({ datasetId, queries: 3 });
  admin = { id: fixture.admin.id, email: fixture.admin.email, name: fixture.admin.name, role: 'ADMIN', specialties: [], active: true };
}, 120_000);

describe('release manifest: judge validation', () => {
  it('is [] while no grading run has clinician-graded items in the dataset', async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'] });
    const release = await createRelease({ actor: admin, input: { name: 'Unvalidated', rules } });
    const manifest = await freezeRelease({ actor: admin, releaseId: release.id });
    expect(manifest.judgeValidation).toEqual([]);
  });

  it('records the latest validated run: template, models, items, balanced F1, ceiling and kappa', async () => {
    const endpoint = await prisma.judgeEndpoint.create({
      data: { name: 'validated', baseUrl: 'http://127.0.0.1:9', model: 'judge-model-1' },
    });
    const run = await prisma.judgeRun.create({
      data: {
        kind: 'GRADE',
        status: 'SUCCEEDED',
        params: {},
        scope: {},
        promptTemplate: 'grade',
        promptVersion: 'v1',
        endpoints: { create: { endpointId: endpoint.id } },
      },
    });
    const responses = await prisma.response.findMany({ where: { query: { datasetId } }, take: 4, orderBy: { id: 'asc' } });
    const pairs = await Promise.all(
      responses.map(async (response) => ({
        response,
        criteria: await prisma.criterion.findMany({ where: { queryId: response.queryId }, take: 3, orderBy: { id: 'asc' } }),
      })),
    );
    let k = 0;
    for (const { response, criteria } of pairs)
      for (const criterion of criteria) {
        k++;
        await prisma.grade.create({
          data: { runId: run.id, responseId: response.id, criterionId: criterion.id, met: k % 3 !== 0, pointsAwarded: 0, explanation: '' },
        });
        await prisma.clinicianGrade.createMany({
          data: ['a', 'b', 'c'].map((physicianId, p) => ({
            responseId: response.id,
            criterionId: criterion.id,
            criterionRevision: criterion.revision,
            met: (k + p) % 4 !== 0,
            source: 'IMPORTED' as const,
            physicianId,
          })),
        });
      }
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'] });
    const release = await createRelease({ actor: admin, input: { name: 'Validated', rules } });
    const manifest = await freezeRelease({ actor: admin, releaseId: release.id });
    const evaluation = await computeMetaEvaluation({ runId: run.id, datasetId });
    expect(evaluation.total.items).toBe(k);
    expect(manifest.judgeValidation).toEqual([
      {
        datasetId,
        runId: run.id,
        promptTemplate: 'grade',
        promptVersion: 'v1',
        models: ['judge-model-1'],
        metaRubricVersionId: null,
        items: k,
        balancedF1: evaluation.total.judge.balancedF1.value,
        balancedF1Interval: evaluation.total.balancedF1Interval,
        ceiling: evaluation.total.ceiling.mean,
        kappa: evaluation.majority.kappa,
      },
    ]);
    const stored = await prisma.release.findUniqueOrThrow({ where: { id: release.id }, select: { manifest: true } });
    expect((stored.manifest as { judgeValidation: unknown }).judgeValidation).toEqual(manifest.judgeValidation);
  });
});
