// Grading campaigns on real PostgreSQL: sampling and its preview, race-free claims (k never exceeded), blind
// projection, autosave conflicts, submission into clinician_grades used by the agreement computation.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeCampaign } from '@/lib/audit/close-campaign';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { claimGradingResponse, releaseGradingAssignment } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { getGradingAssignment, listGradingCampaigns } from '@/lib/grading/grader-view';
import { previewGradingSample } from '@/lib/grading/sample-responses';
import { saveGradingMark } from '@/lib/grading/save-grading-mark';
import { createGradingCampaignSchema, gradingMarkSchema, gradingSelectionSchema } from '@/lib/grading/schemas';
import { submitGradingAssignment } from '@/lib/grading/submit-grading-assignment';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

async function makeExperts(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await prisma.user.createMany({ data: ids.map((id, i) => ({ id, email: `g-${id}@test.local`, name: `Clinician ${i}`, role: 'EXPERT' })) });
  return ids;
}

async function campaign(expertIds: string[], overlapK: number, selection: Record<string, unknown> = {}) {
  return await createGradingCampaign({
    actor: admin,
    input: createGradingCampaignSchema.parse({
      name: `Grading ${randomUUID().slice(0, 8)}`,
      overlapK,
      expertIds,
      selection: { datasetId, responses: 4, seed: 7, ...selection },
    }),
  });
}

async function claimed(campaignId: number, expertId: string): Promise<number> {
  const result = await claimGradingResponse({ campaignId, expertId });
  if (result.kind === 'none') throw new Error(`nothing to claim: ${result.reason}`);
  return result.assignmentId;
}

/** Marks every criterion (met on even positions) with a level, and submits. */
async function gradeAll(assignmentId: number, expertId: string, met: (index: number) => boolean) {
  const view = await getGradingAssignment({ assignmentId, expertId });
  if (!view) throw new Error('no assignment');
  for (const [index, criterion] of view.criteria.entries()) {
    const saved = await saveGradingMark({
      expertId,
      input: gradingMarkSchema.parse({
        assignmentId,
        criterionId: criterion.id,
        rowVersion: 0,
        met: met(index),
        level: criterion.levels[0]?.label ?? null,
      }),
    });
    expect(saved.status).toBe('saved');
  }
  return await submitGradingAssignment({ expertId, assignmentId });
}

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
});

describe('grading campaigns', () => {
  it('samples per model in proportion, seeded, and the preview counts what creation inserts', async () => {
    const selection = gradingSelectionSchema.parse({ datasetId, responses: 6, seed: 3, stratifyBy: 'model' });
    const preview = await previewGradingSample(selection);
    const populations = await prisma.$queryRaw<{ source_label: string; n: number }[]>`
      SELECT r.source_label, count(*)::int AS n FROM responses r JOIN queries q ON q.id = r.query_id
      WHERE q.dataset_id = ${datasetId} AND NOT r.is_ideal GROUP BY 1 ORDER BY 1`;
    expect(preview.strata.map((s) => [s.stratum, s.population])).toEqual(populations.map((p) => [p.source_label, p.n]));
    expect(preview.responses).toBe(
      Math.min(
        6,
        populations.reduce((sum, p) => sum + p.n, 0),
      ),
    );
    expect(preview.strata.reduce((sum, s) => sum + s.selected, 0)).toBe(preview.responses);
    expect(await previewGradingSample(selection)).toEqual(preview);
    const [expert] = await makeExperts(1);
    const created = await campaign([expert as string], 1, { responses: 6, seed: 3 });
    expect(created.responses).toBe(preview.responses);
    const units = await prisma.gradingUnit.findMany({ where: { campaignId: created.id }, include: { response: true } });
    const bySource = new Map<string, number>();
    for (const unit of units) bySource.set(unit.response.sourceLabel, (bySource.get(unit.response.sourceLabel) ?? 0) + 1);
    for (const stratum of preview.strata) expect(bySource.get(stratum.stratum) ?? 0).toBe(stratum.selected);
  });

  it('20 concurrent clinicians never put more than k holders on a response, and nobody takes one twice', async () => {
    const experts = await makeExperts(20);
    const created = await campaign(experts, 2, { responses: 5 });
    const results = await Promise.all(experts.map((expertId) => claimGradingResponse({ campaignId: created.id, expertId })));
    const taken = results.filter((r) => r.kind === 'claimed').length;
    expect(taken).toBe(10);
    const over = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT response_id FROM grading_assignments WHERE campaign_id = ${created.id} AND state = 'RESERVED'
        GROUP BY response_id HAVING count(*) > 2) x`;
    expect(over[0]?.n).toBe(0);
    const units = await prisma.gradingUnit.findMany({ where: { campaignId: created.id } });
    expect(units.every((unit) => unit.holders === 2)).toBe(true);
  });

  it('blind view, autosave with row versions, submission into clinician grades', async () => {
    const [a, b] = (await makeExperts(2)) as [string, string];
    const created = await campaign([a, b], 2, { responses: 1 });
    const mine = await claimed(created.id, a);
    const view = await getGradingAssignment({ assignmentId: mine, expertId: a });
    expect(view).not.toBeNull();
    expect(await getGradingAssignment({ assignmentId: mine, expertId: b })).toBeNull();
    const text = JSON.stringify(view);
    const unit = await prisma.gradingUnit.findFirstOrThrow({ where: { campaignId: created.id }, include: { response: true } });
    expect(text).not.toContain(unit.response.sourceLabel);
    expect(text).not.toContain(unit.response.externalId);
    expect(text).not.toMatch(/isIdeal|sourceLabel|source/);
    const criterion = view?.criteria[0];
    if (!criterion) throw new Error('no criteria');

    const first = await saveGradingMark({
      expertId: a,
      input: gradingMarkSchema.parse({ assignmentId: mine, criterionId: criterion.id, rowVersion: 0, met: true }),
    });
    expect(first).toMatchObject({ status: 'saved', mark: { rowVersion: 1, met: true } });
    const stale = await saveGradingMark({
      expertId: a,
      input: gradingMarkSchema.parse({ assignmentId: mine, criterionId: criterion.id, rowVersion: 0, met: false }),
    });
    expect(stale).toMatchObject({ status: 'conflict', current: { rowVersion: 1, met: true } });
    await expect(
      saveGradingMark({
        expertId: b,
        input: gradingMarkSchema.parse({ assignmentId: mine, criterionId: criterion.id, rowVersion: 1, met: false }),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(submitGradingAssignment({ expertId: a, assignmentId: mine })).rejects.toThrow(/criterion \d+: /);

    // Cannot judge on the first criterion gives no grade; the others do.
    await saveGradingMark({
      expertId: a,
      input: gradingMarkSchema.parse({ assignmentId: mine, criterionId: criterion.id, rowVersion: 1, cannotJudge: true }),
    });
    const rest = (view?.criteria ?? []).slice(1);
    for (const [index, other] of rest.entries()) {
      await saveGradingMark({
        expertId: a,
        input: gradingMarkSchema.parse({
          assignmentId: mine,
          criterionId: other.id,
          rowVersion: 0,
          met: index % 2 === 0,
          level: other.levels[0]?.label ?? null,
        }),
      });
    }
    const submitted = await submitGradingAssignment({ expertId: a, assignmentId: mine });
    expect(submitted).toEqual({ grades: rest.length, cannotJudge: 1 });
    const grades = await prisma.clinicianGrade.findMany({ where: { campaignId: created.id }, orderBy: { criterionId: 'asc' } });
    expect(grades).toHaveLength(rest.length);
    expect(grades.every((g) => g.source === 'CAMPAIGN' && g.physicianId === a && g.responseId === unit.responseId)).toBe(true);
    const events = await prisma.auditEvent.findMany({ where: { entityType: 'grading_assignment', entityId: String(mine) } });
    expect(events.map((e) => e.action).sort()).toEqual(['grading.claim', 'grading.submit']);
    await expect(submitGradingAssignment({ expertId: a, assignmentId: mine })).rejects.toThrow(/already submitted/);

    const b1 = await claimed(created.id, b);
    await gradeAll(b1, b, (index) => index % 2 === 1);
    expect(await claimGradingResponse({ campaignId: created.id, expertId: a })).toEqual({ kind: 'none', reason: 'done' });
    const [home] = (await listGradingCampaigns(b)).filter((c) => c.id === created.id);
    expect(home).toMatchObject({ mineDone: 1, mineRemaining: 0, campaignDone: 2, campaignTotal: 2, currentAssignmentId: null });
  });

  it('a released response goes back to the pool and the same clinician gets their marks back', async () => {
    const [a] = (await makeExperts(1)) as [string];
    const created = await campaign([a], 1, { responses: 1 });
    const mine = await claimed(created.id, a);
    const criterion = (await getGradingAssignment({ assignmentId: mine, expertId: a }))?.criteria[0];
    await saveGradingMark({
      expertId: a,
      input: gradingMarkSchema.parse({ assignmentId: mine, criterionId: criterion?.id, rowVersion: 0, met: false }),
    });
    await releaseGradingAssignment({ assignmentId: mine, expertId: a });
    expect((await prisma.gradingUnit.findFirstOrThrow({ where: { campaignId: created.id } })).holders).toBe(0);
    expect(await claimed(created.id, a)).toBe(mine);
    expect((await getGradingAssignment({ assignmentId: mine, expertId: a }))?.marks).toMatchObject([{ met: false, rowVersion: 1 }]);
  });

  it('closing a grading campaign releases live reservations and refuses claims and marks', async () => {
    const [a, b] = (await makeExperts(2)) as [string, string];
    const created = await campaign([a, b], 1, { responses: 2 });
    const mine = await claimed(created.id, a);
    await gradeAll(mine, a, () => true);
    const theirs = await claimed(created.id, b);
    expect(await closeCampaign({ actorId: admin.id, campaignId: created.id })).toEqual({ releasedReservations: 1 });
    const units = await prisma.gradingUnit.findMany({ where: { campaignId: created.id }, orderBy: { holders: 'asc' } });
    expect(units.map((unit) => [unit.holders, unit.submittedCount])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect((await prisma.gradingAssignment.findUniqueOrThrow({ where: { id: theirs } })).state).toBe('RELEASED');
    await expect(claimGradingResponse({ campaignId: created.id, expertId: b })).rejects.toThrow('This campaign is closed.');
    await expect(submitGradingAssignment({ expertId: b, assignmentId: theirs })).rejects.toThrow(/closed/);
  });
});
