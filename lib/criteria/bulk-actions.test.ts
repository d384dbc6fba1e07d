// The criteria browser's bulk actions on real PostgreSQL: export the selection (CSV neutralised, names not ids),
// tag it, and add it to a campaign not started yet, with the campaign rules of lib/audit/audit-eligibility.ts
// (busy criteria refused and counted per campaign, the audit mode deciding about decided criteria) and refusals
// once an expert has started the campaign or it is closed.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext } from '@/lib/audit/claim-next';
import { closeCampaign } from '@/lib/audit/close-campaign';
import { createCampaign } from '@/lib/audit/create-campaign';
import { listCampaignsTakingCriteria } from '@/lib/audit/list-campaigns-taking-criteria';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { addToCampaignAction } from '@/lib/audit/actions';
import { exportCriteriaAction, tagCriteriaAction } from '@/lib/criteria/actions';
import { criterionReference } from '@/lib/criteria/criterion-reference';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { seedDemo } from '@/lib/seed/seed-demo';

let admin: SessionUser;
let expert: SessionUser;
let datasetId = 0;

const asSession = (row: { id: string; email: string; name: string; role: SessionUser['role'] }): SessionUser => ({
  ...row,
  specialties: [],
  active: true,
});

async function campaignOn(department: string, name = `${department} ${randomUUID().slice(0, 6)}`) {
  return await createCampaign({
    actor: admin,
    input: createCampaignSchema.parse({
      name,
      overlapK: 1,
      expertIds: [expert.id],
      selection: { mode: 'filter', datasetId, department, maxQueries: 1 },
    }),
  });
}

async function criteriaOf(campaignId: number): Promise<number[]> {
  const rows = await prisma.campaignCriterion.findMany({ where: { campaignId }, orderBy: { criterionId: 'asc' } });
  return rows.map((row) => row.criterionId);
}

/** The expert claims the campaign's query and accepts every criterion of it. */
async function auditAll(campaignId: number) {
  const claim = await claimNext({ campaignId, expertId: expert.id });
  if (claim.kind === 'none') throw new Error('nothing to claim');
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: claim.assignmentId } });
  for (const criterionId of assignment.criterionOrder) {
    await saveVerdict({
      expertId: expert.id,
      draft: verdictDraftSchema.parse({ assignmentId: assignment.id, criterionId, rowVersion: 0, decision: 'ACCEPT', secondsDelta: 5 }),
    });
  }
  await submitAssignment({
    expertId: expert.id,
    input: { assignmentId: assignment.id, rowVersion: assignment.rowVersion, comprehensiveness: 4 },
  });
}

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  admin = asSession(await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } }));
  const id = randomUUID();
  expert = asSession(await prisma.user.create({ data: { id, email: `bulk-${id}@test.local`, name: 'Bulk Expert', role: 'EXPERT' } }));
  datasetId = (await prisma.dataset.findFirstOrThrow({ where: { name: 'Demo: clinical rubrics' } })).id;
});

describe('export the selection', () => {
  it('writes the selected criteria as CSV, formulas neutralised, named as people name them, and as JSON Lines', async () => {
    const [first, second] = await prisma.criterion.findMany({
      where: { datasetId },
      orderBy: { id: 'asc' },
      take: 2,
      include: { query: { select: { externalId: true } } },
    });
    if (!first || !second) throw new Error('two criteria');
    await prisma.criterion.update({ where: { id: first.id }, data: { title: '=HYPERLINK("http://x.test","click")' } });
    const csv = await runAsUser(admin, () => exportCriteriaAction({ criterionIds: [second.id, first.id], format: 'csv' }));
    if (!csv.ok) throw new Error(csv.error);
    const lines = csv.data.content.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('reference,dataset,query_id,category,department,title,description,tier,points,red_line,tags,status,revision');
    const reference = criterionReference({ key: first.key, position: first.position, queryExternalId: first.query.externalId });
    expect(lines[1]?.startsWith(`${reference},Demo: clinical rubrics,${first.query.externalId},`)).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.test"",""click"")"`);
    expect(csv.data).toMatchObject({ fileName: 'criteria-selection-2.csv', mimeType: 'text/csv', rows: 2 });

    const jsonl = await runAsUser(admin, () => exportCriteriaAction({ criterionIds: [first.id, second.id], format: 'jsonl' }));
    if (!jsonl.ok) throw new Error(jsonl.error);
    const records = jsonl.data.content
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.map((record) => record.title)).toEqual(['=HYPERLINK("http://x.test","click")', second.title]);
    expect(records[1]).toMatchObject({ query_id: second.query.externalId, dataset: 'Demo: clinical rubrics', tier: second.tier });
    expect(await runAsUser(admin, () => exportCriteriaAction({ criterionIds: [], format: 'csv' }))).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { criterionIds: ['Select at least one criterion'] },
    });
  });
});

describe('tag the selection', () => {
  it('adds a tag once to each selected criterion, takes it off again, bumps row versions and logs one event', async () => {
    const picked = await prisma.criterion.findMany({ where: { datasetId }, orderBy: { id: 'desc' }, take: 3 });
    const ids = picked.map((criterion) => criterion.id);
    await prisma.criterion.update({ where: { id: ids[0] }, data: { tags: { push: 'theme:dosing' } } });
    const tagged = await runAsUser(admin, () => tagCriteriaAction({ criterionIds: ids, tag: 'theme:dosing' }));
    expect(tagged).toMatchObject({ ok: true, data: { changed: 2 }, message: 'Added “theme:dosing” on 2 criteria.' });
    const after = await prisma.criterion.findMany({ where: { id: { in: ids } }, orderBy: { id: 'desc' } });
    expect(after.map((criterion) => criterion.tags.filter((tag) => tag === 'theme:dosing').length)).toEqual([1, 1, 1]);
    expect(after.map((criterion) => criterion.rowVersion)).toEqual(
      picked.map((criterion, index) => criterion.rowVersion + (index === 0 ? 0 : 1)),
    );
    const event = await prisma.auditEvent.findFirstOrThrow({ where: { action: 'criteria.tag' }, orderBy: { id: 'desc' } });
    expect(event.after).toEqual({ tag: 'theme:dosing', criterionIds: [...ids.slice(1)].sort((a, b) => a - b) });

    expect(await runAsUser(admin, () => tagCriteriaAction({ criterionIds: ids, tag: 'theme:dosing', remove: true }))).toMatchObject({
      ok: true,
      data: { changed: 3 },
    });
    expect((await prisma.criterion.findMany({ where: { id: { in: ids } } })).every((c) => !c.tags.includes('theme:dosing'))).toBe(true);
    expect(await runAsUser(admin, () => tagCriteriaAction({ criterionIds: ids, tag: 'two words' }))).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { tag: ['One tag: no spaces or commas (use a colon or a dash, e.g. theme:dosing)'] },
    });
  });
});

describe('add the selection to a campaign', () => {
  it('adds what the campaign rules allow, counts what they refuse per reason, and refuses once the campaign started', async () => {
    // Busy: in an open campaign. Decided: audited in a campaign now closed. Target: open, nobody started.
    const busyCampaign = await campaignOn('Cardiology');
    const decidedCampaign = await campaignOn('Nutrition');
    await auditAll(decidedCampaign.id);
    await closeCampaign({ actorId: admin.id, campaignId: decidedCampaign.id });
    const target = await campaignOn('Endocrinology', 'Bulk target');
    const [busy, decided, own] = await Promise.all([criteriaOf(busyCampaign.id), criteriaOf(decidedCampaign.id), criteriaOf(target.id)]);
    expect((await prisma.criterion.findMany({ where: { id: { in: decided } } })).every((c) => c.status === 'VERIFIED')).toBe(true);
    const pediatrics = await prisma.criterion.findMany({
      where: { datasetId, status: 'PENDING', query: { department: 'Pediatrics' } },
      orderBy: { id: 'asc' },
      take: 3,
      select: { id: true, queryId: true, revision: true },
    });
    // A criterion of another dataset.
    const line = {
      id: `bulk-${randomUUID().slice(0, 6)}`,
      category: 'CLINICAL_CARE',
      language: 'en',
      conversation: [{ role: 'user', content: 'Is it safe?' }],
      criteria: [{ title: 'Says yes', description: 'Says yes.', tier: 'ESSENTIAL', points: 1 }],
    };
    const imported = await importFile({
      source: bufferSource('other.jsonl', `${JSON.stringify(line)}\n`),
      datasetName: `Bulk other ${line.id}`,
      format: 'native',
    });
    expect(imported.ok, JSON.stringify(imported.issues)).toBe(true);
    const other = await prisma.criterion.findFirstOrThrow({ where: { datasetId: imported.datasetId ?? 0 } });
    expect(await listCampaignsTakingCriteria()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: target.id, name: 'Bulk target' })]),
    );

    const selection = [own[0] ?? 0, ...busy.slice(0, 2), ...decided.slice(0, 2), other.id, ...pediatrics.map((c) => c.id), 2_000_000_000];
    const added = await runAsUser(admin, () => addToCampaignAction({ campaignId: target.id, criterionIds: selection, audit: 'new' }));
    expect(added).toEqual({
      ok: true,
      data: {
        added: 3,
        newQueries: new Set(pediatrics.map((c) => c.queryId)).size,
        refused: {
          alreadyIn: [own[0]],
          otherDataset: [other.id],
          busy: [{ campaignId: busyCampaign.id, name: expect.any(String), criterionIds: busy.slice(0, 2) }],
          notEligible: decided.slice(0, 2),
          missing: [2_000_000_000],
        },
      },
    });
    const rows = await prisma.campaignCriterion.findMany({
      where: { campaignId: target.id, criterionId: { in: pediatrics.map((c) => c.id) } },
    });
    expect(rows.map((row) => [row.criterionId, row.revision]).sort()).toEqual(pediatrics.map((c) => [c.id, c.revision]).sort());
    const queries = await prisma.campaignQuery.findMany({ where: { campaignId: target.id } });
    expect(new Set(queries.map((q) => q.queryId))).toEqual(
      new Set((await prisma.campaignCriterion.findMany({ where: { campaignId: target.id } })).map((row) => row.queryId)),
    );
    expect(queries.every((q) => q.overlapK === 1)).toBe(true);
    // The added criteria are in audit now (the lifecycle follows the campaign rows), and busy for anyone else.
    expect((await prisma.criterion.findMany({ where: { id: { in: pediatrics.map((c) => c.id) } } })).map((c) => c.status)).toEqual([
      'IN_AUDIT',
      'IN_AUDIT',
      'IN_AUDIT',
    ]);
    const stored = await prisma.auditCampaign.findUniqueOrThrow({ where: { id: target.id } });
    expect((stored.selection as { added: number }).added).toBe(3);

    // A deliberate second audit of decided criteria takes them.
    expect(
      await runAsUser(admin, () => addToCampaignAction({ campaignId: target.id, criterionIds: decided.slice(0, 2), audit: 'all' })),
    ).toMatchObject({
      ok: true,
      data: { added: 2, newQueries: 1 },
    });

    // Once an expert has claimed a query, the set is fixed.
    await claimNext({ campaignId: target.id, expertId: expert.id });
    const late = await prisma.criterion.findFirstOrThrow({
      where: { datasetId, status: 'PENDING', query: { department: 'Pediatrics' } },
      select: { id: true },
    });
    expect(await runAsUser(admin, () => addToCampaignAction({ campaignId: target.id, criterionIds: [late.id] }))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      error:
        'Experts have started “Bulk target” (1 query claimed): criteria can only be added before the first claim. Create a new campaign for these.',
    });
    expect((await listCampaignsTakingCriteria()).map((c) => c.id)).not.toContain(target.id);
    expect(await runAsUser(admin, () => addToCampaignAction({ campaignId: decidedCampaign.id, criterionIds: [late.id] }))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      error: expect.stringMatching(/is closed: it takes no more criteria/),
    });
  });
});
