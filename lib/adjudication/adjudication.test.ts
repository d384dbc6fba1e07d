import type { Decision } from '@/lib/vocabulary/enums';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAdjudicationAction } from '@/lib/adjudication/actions';
import { getAdjudicationItem } from '@/lib/adjudication/get-adjudication-item';
import { listAdjudicationQueue } from '@/lib/adjudication/list-adjudication-queue';
import { adjudicationErrors } from '@/lib/adjudication/schemas';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { Role, SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';

let admin: SessionUser;
let reviewer: SessionUser;
let datasetId: number;

async function sessionUser(role: Role): Promise<SessionUser> {
  const row = await prisma.user.findFirstOrThrow({ where: { role } });
  return { id: row.id, email: row.email, name: row.name, role, specialties: [], active: true };
}

async function makeExperts(names: string[]): Promise<string[]> {
  const ids = names.map(() => randomUUID());
  await prisma.user.createMany({
    data: ids.map((id, index) => ({ id, email: `expert-${id}@test.local`, name: names[index] ?? id, role: 'EXPERT' })),
  });
  return ids;
}

/** The fields of a verdict with this decision that make it submittable. */
function verdictFields(decision: Decision, original: { title: string; description: string; tier: string; points: number }) {
  if (decision === 'ACCEPT') return { decision };
  if (decision === 'REJECT') return { decision, dimensions: ['CORRECTNESS'], comment: 'Clinically wrong threshold' };
  return {
    decision,
    dimensions: ['COMPREHENSIVENESS'],
    proposedRevision: { ...original, title: `${original.title} (revised)` },
  };
}

/**
 * A campaign over one query whose experts each judge the criteria (in id order) with the decisions given
 * per expert, then submit. Returns the campaign and the criteria ids in that order.
 */
async function auditedCampaign(department: string, decisions: Decision[][]) {
  const experts = await makeExperts(decisions.map((_, index) => `Dr. Secret Name ${index + 1} ${randomUUID().slice(0, 4)}`));
  const input = createCampaignSchema.parse({
    name: `Adjudication ${randomUUID().slice(0, 8)}`,
    overlapK: experts.length,
    expertIds: experts,
    selection: { mode: 'filter', datasetId, department, maxQueries: 1 },
  });
  const campaign = await createCampaign({ actor: admin, input });
  const criteria = await prisma.criterion.findMany({
    where: { campaignCriteria: { some: { campaignId: campaign.id } } },
    orderBy: { id: 'asc' },
    select: { id: true, title: true, description: true, tier: true, points: true },
  });
  for (const [index, expertId] of experts.entries()) {
    const claim = await claimNext({ campaignId: campaign.id, expertId });
    if (claim.kind === 'none') throw new Error('nothing to claim');
    for (const [position, criterion] of criteria.entries()) {
      const decision = decisions[index]?.[position] ?? 'ACCEPT';
      const draft = verdictDraftSchema.parse({
        assignmentId: claim.assignmentId,
        criterionId: criterion.id,
        rowVersion: 0,
        secondsDelta: 20,
        ...verdictFields(decision, criterion),
      });
      expect((await saveVerdict({ expertId, draft })).status).toBe('saved');
    }
    const { rowVersion } = await prisma.assignment.findUniqueOrThrow({ where: { id: claim.assignmentId } });
    await submitAssignment({ expertId, input: { assignmentId: claim.assignmentId, rowVersion, comprehensiveness: 4 } });
  }
  return { campaignId: campaign.id, criteria, experts };
}

const save = (user: SessionUser, input: Record<string, unknown>) => runAsUser(user, () => saveAdjudicationAction(input as never));

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  admin = await sessionUser('ADMIN');
  reviewer = await sessionUser('REVIEWER');
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
});

describe('the adjudication queue', () => {
  it('lists complete disagreements, lowest agreement first, under the threshold, and never a unanimous criterion', async () => {
    // Three experts: c0 split three ways (agreement 0), c1 two against one (1/3), c2 and the rest unanimous.
    const { campaignId, criteria } = await auditedCampaign('Cardiology', [
      ['ACCEPT', 'ACCEPT', 'ACCEPT'],
      ['REJECT', 'ACCEPT', 'ACCEPT'],
      ['REVISE_MAJOR', 'REJECT', 'ACCEPT'],
    ]);
    const [c0, c1, c2] = criteria;
    if (!c0 || !c1 || !c2) throw new Error('the query needs three criteria');

    const queue = await listAdjudicationQueue({ campaignId });
    expect(queue.items.map((item) => [item.criterionId, item.agreement])).toEqual([
      [c0.id, 0],
      [c1.id, expect.closeTo(1 / 3, 9)],
    ]);
    expect(queue.items.map((item) => item.criterionId)).not.toContain(c2.id);
    expect(queue.totals).toEqual({ unresolved: 2, adjudicated: 0 });
    expect(queue.items[0]).toMatchObject({
      campaignId,
      title: c0.title,
      counts: { accept: 1, minor: 0, major: 1, reject: 1 },
      verdicts: 3,
      provenance: 'UNRESOLVED',
    });
    expect(queue.items[0]?.querySnippet.length).toBeGreaterThan(0);

    // The threshold keeps agreement ≤ max, inclusive.
    expect((await listAdjudicationQueue({ campaignId, maxAgreement: 0.2 })).items.map((item) => item.criterionId)).toEqual([c0.id]);
    expect((await listAdjudicationQueue({ campaignId, maxAgreement: 1 / 3 })).totals.unresolved).toBe(2);
    expect((await listAdjudicationQueue({ campaignId, maxAgreement: 0 })).totals.unresolved).toBe(1);

    // "Next in queue" continues after an item and wraps around to the start.
    const afterC0 = await listAdjudicationQueue({ campaignId, after: { campaignId, criterionId: c0.id, agreement: 0 }, pageSize: 1 });
    expect(afterC0.items.map((item) => item.criterionId)).toEqual([c1.id]);
    const afterC1 = await listAdjudicationQueue({ campaignId, after: { campaignId, criterionId: c1.id, agreement: 1 / 3 }, pageSize: 1 });
    expect(afterC1.items.map((item) => item.criterionId)).toEqual([c0.id]);

    // Adjudicated items leave the unresolved tab for the adjudicated one.
    const saved = await save(reviewer, {
      campaignId,
      criterionId: c0.id,
      expectedRowVersion: 0,
      goldDecision: 'REJECT',
      dimensions: ['CORRECTNESS'],
      rationale: 'The threshold contradicts the guideline.',
    });
    expect(saved).toMatchObject({ ok: true, data: { status: 'saved' } });
    expect((await listAdjudicationQueue({ campaignId })).items.map((item) => item.criterionId)).toEqual([c1.id]);
    const adjudicated = await listAdjudicationQueue({ campaignId, tab: 'adjudicated' });
    expect(adjudicated.items).toEqual([expect.objectContaining({ criterionId: c0.id, provenance: 'ADJUDICATED', goldDecision: 'REJECT' })]);
    expect(adjudicated.totals).toEqual({ unresolved: 1, adjudicated: 1 });
  });

  it('shows every verdict under a stable alias and reads the experts’ names only when asked, logging that', async () => {
    const { campaignId, criteria, experts } = await auditedCampaign('Endocrinology', [
      ['REVISE_MAJOR', 'ACCEPT'],
      ['REJECT', 'ACCEPT'],
    ]);
    const [c0, c1] = criteria;
    if (!c0 || !c1) throw new Error('criteria');
    expect(await getAdjudicationItem({ campaignId, criterionId: c1.id })).toBeNull();
    expect(await getAdjudicationItem({ campaignId: campaignId + 1000, criterionId: c0.id })).toBeNull();

    const item = await getAdjudicationItem({ campaignId, criterionId: c0.id });
    expect(item?.verdicts).toEqual([
      expect.objectContaining({ label: 'Expert 1', expertName: null, decision: 'REVISE_MAJOR', dimensions: ['COMPREHENSIVENESS'] }),
      expect.objectContaining({ label: 'Expert 2', expertName: null, decision: 'REJECT', comment: 'Clinically wrong threshold' }),
    ]);
    expect(item?.verdicts[0]?.proposedRevision).toMatchObject({ title: `${c0.title} (revised)` });
    expect(item?.disagreement).toMatchObject({ verdicts: 2, agreement: 0, provenance: 'UNRESOLVED' });
    const names = await prisma.user.findMany({ where: { id: { in: experts } }, select: { name: true } });
    const text = JSON.stringify(item);
    for (const { name } of names) expect(text).not.toContain(name);
    for (const id of experts) expect(text).not.toContain(id);
    expect(await prisma.auditEvent.count({ where: { action: 'adjudication.revealNames' } })).toBe(0);

    const revealed = await getAdjudicationItem({ campaignId, criterionId: c0.id, revealNamesTo: reviewer.id });
    expect(revealed?.namesRevealed).toBe(true);
    expect(revealed?.verdicts.map((verdict) => verdict.expertName)).toEqual(names.map(() => expect.stringMatching(/^Dr\. Secret Name/)));
    expect(revealed?.verdicts.map((verdict) => verdict.label)).toEqual(['Expert 1', 'Expert 2']);
    expect(
      await prisma.auditEvent.findFirst({
        where: { action: 'adjudication.revealNames', entityId: `${campaignId}:${c0.id}` },
        select: { actorId: true },
      }),
    ).toEqual({ actorId: reviewer.id });
  });
});

describe('saving an adjudication', () => {
  it('validates, creates with an audit event, refuses a stale version without losing the stored one, and updates', async () => {
    const { campaignId, criteria } = await auditedCampaign('General Medicine', [
      ['REVISE_MINOR', 'ACCEPT'],
      ['ACCEPT', 'ACCEPT'],
    ]);
    const [c0, c1] = criteria;
    if (!c0 || !c1) throw new Error('criteria');
    const base = { campaignId, criterionId: c0.id, expectedRowVersion: 0, rationale: 'Expert 1 is right: the dose is missing.' };

    // Validation: the same schema as the form, then the comparison with the stored original.
    expect(await save(reviewer, { ...base, goldDecision: 'REJECT', dimensions: [] })).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { dimensions: ['A rejection or revision needs at least one confirmed error dimension'] },
    });
    expect(await save(reviewer, { ...base, goldDecision: 'REJECT', dimensions: ['WEIGHT'] })).toMatchObject({
      ok: false,
      fieldErrors: { weightDirection: [expect.stringMatching(/direction/)] },
    });
    expect(await save(reviewer, { ...base, goldDecision: 'ACCEPT', rationale: '  ' })).toMatchObject({
      ok: false,
      fieldErrors: { rationale: ['Give the rationale for the gold decision'] },
    });
    expect(await save(reviewer, { ...base, goldDecision: 'REVISE_MINOR', dimensions: ['CORRECTNESS'] })).toMatchObject({
      ok: false,
      fieldErrors: { goldText: ['A revision needs the revised text'] },
    });
    const unchanged = { title: c0.title, description: c0.description, tier: c0.tier, points: c0.points };
    expect(await save(reviewer, { ...base, goldDecision: 'REVISE_MINOR', dimensions: ['CORRECTNESS'], goldText: unchanged })).toMatchObject(
      { ok: false, code: 'INVALID', fieldErrors: { goldText: [expect.stringMatching(/changed text/)] } },
    );
    // The form runs the same checks before sending.
    expect(adjudicationErrors({ ...base, goldDecision: 'REVISE_MINOR', dimensions: ['CORRECTNESS'], goldText: unchanged }, c0)).toEqual({
      goldText: [expect.stringMatching(/changed text/)],
    });
    expect(adjudicationErrors({ ...base, goldDecision: 'REJECT', rationale: '' }, c0)).toEqual({
      rationale: ['Give the rationale for the gold decision'],
      dimensions: ['A rejection or revision needs at least one confirmed error dimension'],
    });
    expect(await prisma.adjudication.count({ where: { campaignId } })).toBe(0);

    // A unanimous criterion is not adjudicated.
    expect(await save(reviewer, { ...base, criterionId: c1.id, goldDecision: 'ACCEPT' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    const goldText = { ...unchanged, description: `${c0.description} Include the dose.`, points: c0.points + 1 };
    const created = await save(reviewer, {
      ...base,
      goldDecision: 'REVISE_MINOR',
      dimensions: ['COMPREHENSIVENESS', 'WEIGHT'],
      weightDirection: 'UNDER',
      goldText,
    });
    expect(created).toMatchObject({
      ok: true,
      data: {
        status: 'saved',
        created: true,
        adjudication: { goldDecision: 'REVISE_MINOR', rowVersion: 1, goldText, weightDirection: 'UNDER', reviewerName: reviewer.name },
      },
    });
    const createEvent = await prisma.auditEvent.findFirstOrThrow({
      where: { action: 'adjudication.create', entityId: `${campaignId}:${c0.id}` },
    });
    expect(createEvent).toMatchObject({ actorId: reviewer.id, entityType: 'adjudication', before: null });
    expect(createEvent.after).toMatchObject({ goldDecision: 'REVISE_MINOR', dimensions: ['COMPREHENSIVENESS', 'WEIGHT'], rowVersion: 1 });

    // A second reviewer who opened the item before that save is refused and shown the stored version.
    const stale = await save(admin, { ...base, goldDecision: 'ACCEPT' });
    expect(stale).toMatchObject({ ok: true, data: { status: 'conflict', current: { goldDecision: 'REVISE_MINOR', rowVersion: 1 } } });
    expect(await prisma.adjudication.findFirstOrThrow({ where: { campaignId } })).toMatchObject({
      goldDecision: 'REVISE_MINOR',
      rowVersion: 1,
    });

    // Updating from the current version: leftovers of the old decision are dropped, and the change is logged.
    const updated = await save(admin, { ...base, expectedRowVersion: 1, goldDecision: 'ACCEPT', dimensions: ['WEIGHT'], goldText });
    expect(updated).toMatchObject({
      ok: true,
      data: { status: 'saved', created: false, adjudication: { goldDecision: 'ACCEPT', dimensions: [], goldText: null, rowVersion: 2 } },
    });
    const updateEvent = await prisma.auditEvent.findFirstOrThrow({
      where: { action: 'adjudication.update', entityId: `${campaignId}:${c0.id}` },
    });
    expect(updateEvent.actorId).toBe(admin.id);
    expect(updateEvent.before).toMatchObject({ goldDecision: 'REVISE_MINOR', rowVersion: 1 });
    expect(updateEvent.after).toMatchObject({ goldDecision: 'ACCEPT', rowVersion: 2 });
  });

  it('is refused to experts and to anonymous callers before any input is read', async () => {
    const expert = await sessionUser('EXPERT');
    const input = { campaignId: 1, criterionId: 1, expectedRowVersion: 0, goldDecision: 'ACCEPT', rationale: 'x' };
    expect(await save(expert, input)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await runAsUser(null, () => saveAdjudicationAction(input as never))).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });
});
