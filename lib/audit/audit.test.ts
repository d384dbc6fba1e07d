import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext, releaseAssignment } from '@/lib/audit/claim-next';
import { closeCampaign } from '@/lib/audit/close-campaign';
import { allocate, createCampaign, previewSelection } from '@/lib/audit/create-campaign';
import { getExpertAssignment, listExpertCampaigns, listExpertHistory } from '@/lib/audit/expert-view';
import { type CreateCampaignInput, createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { deleteProposal, saveProposal, saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

async function makeExperts(count: number, specialties: string[] = []): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await prisma.user.createMany({
    data: ids.map((id, index) => ({ id, email: `expert-${id}@test.local`, name: `Expert ${index}`, role: 'EXPERT', specialties })),
  });
  return ids;
}

async function campaign(overrides: Partial<Record<string, unknown>> & { expertIds: string[] }) {
  const input: CreateCampaignInput = createCampaignSchema.parse({
    name: `Campaign ${randomUUID().slice(0, 8)}`,
    overlapK: 2,
    selection: { mode: 'filter', datasetId, maxQueries: 3 },
    ...overrides,
  });
  return await createCampaign({ actor: admin, input });
}

const draft = (assignmentId: number, criterionId: number, rowVersion: number, fields: Record<string, unknown> = {}) =>
  verdictDraftSchema.parse({ assignmentId, criterionId, rowVersion, decision: 'ACCEPT', secondsDelta: 10, ...fields });

/** Accepts every criterion of an assignment and submits it. */
async function completeAssignment(assignmentId: number, expertId: string) {
  const view = await getExpertAssignment({ assignmentId, expertId });
  if (!view) throw new Error('no assignment');
  for (const criterion of view.criteria) {
    const result = await saveVerdict({ expertId, draft: draft(assignmentId, criterion.id, 0) });
    expect(result.status).toBe('saved');
  }
  return await submitAssignment({ expertId, input: { assignmentId, rowVersion: view.rowVersion, comprehensiveness: 4 } });
}

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
});

describe('allocate', () => {
  it('splits draws in proportion with the largest remainders, never beyond a stratum', () => {
    expect(allocate(10, { a: 50, b: 30, c: 20 })).toEqual({ a: 5, b: 3, c: 2 });
    expect(allocate(7, { a: 50, b: 30, c: 20 })).toEqual({ a: 4, b: 2, c: 1 });
    expect(allocate(100, { a: 3, b: 1 })).toEqual({ a: 3, b: 1 });
    const sum = Object.values(allocate(259, { x: 12_000, y: 5_000, z: 3_000 })).reduce((s, n) => s + n, 0);
    expect(sum).toBe(259);
  });
});

describe('campaigns', () => {
  it('selects pending criteria by filters, marks them in audit, and refuses fewer experts than k', async () => {
    const experts = await makeExperts(2);
    await expect(campaign({ expertIds: experts.slice(0, 1), overlapK: 2 })).rejects.toThrow();
    expect(
      createCampaignSchema.safeParse({ name: 'x', overlapK: 3, expertIds: experts, selection: { mode: 'filter', datasetId } }).success,
    ).toBe(false);
    const created = await campaign({ expertIds: experts, selection: { mode: 'filter', datasetId, tier: 'ESSENTIAL', maxQueries: 4 } });
    expect(created.queries).toBe(4);
    const inCampaign = await prisma.campaignCriterion.findMany({
      where: { campaignId: created.id },
      select: { criterion: { select: { tier: true, status: true } } },
    });
    expect(inCampaign.length).toBe(created.criteria);
    expect(new Set(inCampaign.map((row) => `${row.criterion.tier}/${row.criterion.status}`))).toEqual(new Set(['ESSENTIAL/IN_AUDIT']));
    // Criteria already in audit are not offered to another campaign.
    const preview = await previewSelection({ mode: 'filter', datasetId, tier: 'ESSENTIAL' });
    expect(preview.criteria).toBe(await prisma.criterion.count({ where: { tier: 'ESSENTIAL', status: 'PENDING' } }));
  });

  it('two campaigns created at the same moment never share a criterion', async () => {
    const experts = await makeExperts(2);
    const selection = { mode: 'filter', datasetId, department: 'Obstetrics' } as const;
    const results = await Promise.allSettled([campaign({ expertIds: experts, selection }), campaign({ expertIds: experts, selection })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(String((rejected as PromiseRejectedResult | undefined)?.reason)).toMatch(/another campaign|No pending criteria/);
    const shared = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT criterion_id FROM campaign_criteria GROUP BY criterion_id HAVING count(*) > 1) dup`;
    expect(shared[0]?.n).toBe(0);
  });

  it('a creation or a closing that outlasts its time is undone and says so: nothing changed', async () => {
    const experts = await makeExperts(2);
    const name = `Too slow ${randomUUID().slice(0, 8)}`;
    const input = createCampaignSchema.parse({
      name,
      overlapK: 2,
      expertIds: experts,
      selection: { mode: 'filter', datasetId, maxQueries: 2 },
    });
    const statuses = () => prisma.criterion.groupBy({ by: ['status'], where: { datasetId }, _count: true, orderBy: { status: 'asc' } });
    const before = await statuses();
    // Another session holds the rows the step must lock for 2.5 s, so the step outlasts its one second.
    const timedOut = async (lockSql: string, lockParam: number, step: () => Promise<unknown>) => {
      const holder = await pgPool().connect();
      try {
        await holder.query('BEGIN');
        await holder.query(lockSql, [lockParam]);
        const released = new Promise((resolve) => setTimeout(resolve, 2_500)).then(() => holder.query('ROLLBACK'));
        const failure = await step().catch((error: unknown) => error);
        await released;
        expect(failure).toBeInstanceOf(DomainError);
        expect((failure as DomainError).code).toBe('UNAVAILABLE');
        expect((failure as DomainError).message).toContain('ask whoever runs the app to allow more time (BULK_CHANGE_TIMEOUT_SECONDS)');
        return (failure as DomainError).message;
      } finally {
        holder.release();
      }
    };

    const creating = await timedOut('SELECT id FROM criteria WHERE dataset_id = $1 FOR UPDATE', datasetId, () =>
      createCampaign({ actor: admin, input, timeoutSeconds: 1 }),
    );
    expect(creating).toMatch(
      /^Creating this campaign took longer than the 1 second allowed, so it was undone: no campaign was created and no criterion changed\./,
    );
    expect(await prisma.auditCampaign.count({ where: { name } })).toBe(0);
    expect(await statuses()).toEqual(before);

    // With its time, the same creation succeeds; a closing held up the same way leaves it open and unchanged.
    const created = await createCampaign({ actor: admin, input });
    const inAudit = await statuses();
    const closing = await timedOut('SELECT id FROM audit_campaigns WHERE id = $1 FOR UPDATE', created.id, () =>
      closeCampaign({ actorId: admin.id, campaignId: created.id, timeoutSeconds: 1 }),
    );
    expect(closing).toMatch(/^Closing this campaign took longer than the 1 second allowed, so it was undone: the campaign is still open/);
    expect((await prisma.auditCampaign.findUniqueOrThrow({ where: { id: created.id } })).status).toBe('OPEN');
    expect(await statuses()).toEqual(inAudit);
    await closeCampaign({ actorId: admin.id, campaignId: created.id });
    expect(await statuses()).toEqual(before);
  });

  it('draws a reproducible stratified sample of queries', async () => {
    const selection = {
      mode: 'sample' as const,
      datasetId,
      queries: 9,
      seed: 42,
      tiers: ['ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL'] as const,
    };
    const first = await previewSelection({ ...selection, tiers: [...selection.tiers] });
    const again = await previewSelection({ ...selection, tiers: [...selection.tiers] });
    expect(again).toEqual(first);
    expect(first.queries).toBe(9);
    const other = await previewSelection({ ...selection, tiers: [...selection.tiers], seed: 7 });
    expect(other.queries).toBe(9);
    // Proportional to the categories' shares of eligible queries (largest remainder).
    const selectedQueries = new Map<string, number>();
    for (const stratum of first.strata)
      selectedQueries.set(stratum.category, (selectedQueries.get(stratum.category) ?? 0) + stratum.selected);
    expect([...selectedQueries.values()].every((n) => n > 0)).toBe(true);
  });
});

describe('claiming the next query', () => {
  it('resumes a live reservation, never offers a query twice to one expert, and never exceeds k holders', async () => {
    const [a, b, c] = await makeExperts(3);
    if (!a || !b || !c) throw new Error('experts');
    const created = await campaign({ expertIds: [a, b, c], overlapK: 2, selection: { mode: 'filter', datasetId, maxQueries: 1 } });
    const first = await claimNext({ campaignId: created.id, expertId: a });
    expect(first.kind).toBe('claimed');
    expect(await claimNext({ campaignId: created.id, expertId: a })).toEqual({
      kind: 'resumed',
      assignmentId: first.kind === 'none' ? -1 : first.assignmentId,
    });
    const second = await claimNext({ campaignId: created.id, expertId: b });
    expect(second.kind).toBe('claimed');
    // Two holders on the only query: the third expert is told to wait, not given a third slot.
    expect(await claimNext({ campaignId: created.id, expertId: c })).toEqual({ kind: 'none', reason: 'waiting' });
    if (first.kind === 'none' || second.kind === 'none') throw new Error('claims');
    await completeAssignment(first.assignmentId, a);
    await completeAssignment(second.assignmentId, b);
    // Submitted by both: nothing left for anyone, and the submitter is not offered it again.
    expect(await claimNext({ campaignId: created.id, expertId: c })).toEqual({ kind: 'none', reason: 'done' });
    expect(await claimNext({ campaignId: created.id, expertId: a })).toEqual({ kind: 'none', reason: 'done' });
    expect(await prisma.verdict.count({ where: { campaignId: created.id } })).toBe(2 * created.criteria);
  });

  it('20 experts claiming at the same moment never over-assign', async () => {
    const experts = await makeExperts(20);
    const created = await campaign({ expertIds: experts, overlapK: 3, selection: { mode: 'filter', datasetId, maxQueries: 5 } });
    const results = await Promise.all(experts.map((expertId) => claimNext({ campaignId: created.id, expertId })));
    const claimed = results.filter((result) => result.kind === 'claimed');
    expect(claimed).toHaveLength(15); // 5 queries × k = 3 slots
    expect(results.filter((result) => result.kind === 'none')).toHaveLength(5);
    const perQuery = await prisma.$queryRaw<{ query_id: number; holders: number; reserved: number }[]>`
      SELECT cq.query_id, cq.holders, (SELECT count(*)::int FROM assignments a WHERE a.campaign_id = cq.campaign_id AND a.query_id = cq.query_id AND a.state = 'RESERVED') AS reserved
      FROM campaign_queries cq WHERE cq.campaign_id = ${created.id}`;
    for (const row of perQuery) {
      expect(row.holders).toBe(3);
      expect(row.reserved).toBe(3);
    }
    // The same expert clicking "Next" five times at once still holds one reservation.
    const [solo] = await makeExperts(1);
    if (!solo) throw new Error('expert');
    const other = await campaign({ expertIds: [solo], overlapK: 1, selection: { mode: 'filter', datasetId, maxQueries: 3 } });
    const clicks = await Promise.all(Array.from({ length: 5 }, () => claimNext({ campaignId: other.id, expertId: solo })));
    expect(new Set(clicks.map((click) => (click.kind === 'none' ? 0 : click.assignmentId))).size).toBe(1);
    expect(await prisma.assignment.count({ where: { campaignId: other.id, expertId: solo } })).toBe(1);
  });

  it('releases expired reservations to others and gives the expert their drafts back when they return', async () => {
    const [a, b] = await makeExperts(2);
    if (!a || !b) throw new Error('experts');
    const created = await campaign({ expertIds: [a, b], overlapK: 1, selection: { mode: 'filter', datasetId, maxQueries: 1 } });
    const claim = await claimNext({ campaignId: created.id, expertId: a });
    if (claim.kind === 'none') throw new Error('claim');
    const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId: a });
    const criterionId = view?.criteria[0]?.id ?? -1;
    await saveVerdict({
      expertId: a,
      draft: draft(claim.assignmentId, criterionId, 0, { decision: 'REJECT', dimensions: ['RELEVANCE'], comment: 'off topic' }),
    });
    await prisma.assignment.update({ where: { id: claim.assignmentId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // Working on an expired reservation is refused with a clear message.
    await expect(saveVerdict({ expertId: a, draft: draft(claim.assignmentId, criterionId, 1) })).rejects.toThrow(/expired/);
    const taken = await claimNext({ campaignId: created.id, expertId: b });
    expect(taken.kind).toBe('claimed');
    if (taken.kind === 'none') throw new Error('claim');
    await releaseAssignment({ assignmentId: taken.assignmentId, expertId: b });
    const back = await claimNext({ campaignId: created.id, expertId: a });
    expect(back).toEqual({ kind: 'claimed', assignmentId: claim.assignmentId });
    const again = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId: a });
    expect(again?.verdicts.find((v) => v.criterionId === criterionId)).toMatchObject({ decision: 'REJECT', comment: 'off topic' });
    expect((await prisma.campaignQuery.findFirstOrThrow({ where: { campaignId: created.id } })).holders).toBe(1);
  });
});

describe('verdicts', () => {
  it('refuses a stale write and returns the current version instead of overwriting it', async () => {
    const [a] = await makeExperts(1);
    if (!a) throw new Error('expert');
    const created = await campaign({ expertIds: [a], overlapK: 1, selection: { mode: 'filter', datasetId, maxQueries: 1 } });
    const claim = await claimNext({ campaignId: created.id, expertId: a });
    if (claim.kind === 'none') throw new Error('claim');
    const criterionId = (await getExpertAssignment({ assignmentId: claim.assignmentId, expertId: a }))?.criteria[0]?.id ?? -1;
    const tab1 = await saveVerdict({ expertId: a, draft: draft(claim.assignmentId, criterionId, 0, { comment: 'tab one' }) });
    expect(tab1).toMatchObject({ status: 'saved', verdict: { rowVersion: 1, comment: 'tab one' } });
    // A second tab that never saw version 1 is told, with the stored text.
    const tab2 = await saveVerdict({ expertId: a, draft: draft(claim.assignmentId, criterionId, 0, { comment: 'tab two' }) });
    expect(tab2).toMatchObject({ status: 'conflict', current: { rowVersion: 1, comment: 'tab one' } });
    const tab1Again = await saveVerdict({ expertId: a, draft: draft(claim.assignmentId, criterionId, 1, { comment: 'tab one, edited' }) });
    expect(tab1Again).toMatchObject({ status: 'saved', verdict: { rowVersion: 2 } });
  });

  it('validates the submission per criterion, then submits, then versions and logs amendments until the campaign closes', async () => {
    const [a] = await makeExperts(1);
    if (!a) throw new Error('expert');
    const created = await campaign({
      expertIds: [a],
      overlapK: 1,
      selection: { mode: 'filter', datasetId, maxQueries: 1 },
      dimensions: ['CORRECTNESS', 'WEIGHT'],
    });
    const claim = await claimNext({ campaignId: created.id, expertId: a });
    if (claim.kind === 'none') throw new Error('claim');
    const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId: a });
    if (!view) throw new Error('view');
    const [c1, c2, c3, ...rest] = view.criteria;
    if (!c1 || !c2 || !c3) throw new Error('criteria');
    await saveVerdict({ expertId: a, draft: draft(view.id, c1.id, 0, { decision: 'REJECT', dimensions: [] }) });
    await saveVerdict({ expertId: a, draft: draft(view.id, c2.id, 0, { decision: 'REVISE_MINOR', dimensions: ['WEIGHT'] }) });
    await saveVerdict({ expertId: a, draft: draft(view.id, c3.id, 0, { decision: 'REJECT', dimensions: ['RELEVANCE'] }) });
    const refused = await submitAssignment({
      expertId: a,
      input: { assignmentId: view.id, rowVersion: view.rowVersion, comprehensiveness: 3 },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    const errors = (refused as DomainError).fieldErrors ?? {};
    expect(errors[`criterion.${c1.id}`]).toEqual(['a rejection or revision needs at least one error dimension']);
    expect(errors[`criterion.${c2.id}`]).toEqual([
      'a weight error needs its direction (over, under or redundant)',
      'a revision needs the revised text or a comment saying what to change',
    ]);
    expect(errors[`criterion.${c3.id}`]).toEqual(['this campaign does not audit relevance']);
    for (const criterion of rest) expect(errors[`criterion.${criterion.id}`]).toEqual(['choose a decision']);

    await saveVerdict({
      expertId: a,
      draft: draft(view.id, c1.id, 1, { decision: 'REJECT', dimensions: ['CORRECTNESS'], severity: 'HIGH', comment: 'wrong threshold' }),
    });
    await saveVerdict({
      expertId: a,
      draft: draft(view.id, c2.id, 1, {
        decision: 'REVISE_MINOR',
        dimensions: ['WEIGHT'],
        weightDirection: 'OVER',
        proposedRevision: { title: c2.title, description: c2.description, tier: c2.tier, points: c2.points - 1 },
      }),
    });
    await saveVerdict({ expertId: a, draft: draft(view.id, c3.id, 1) });
    for (const criterion of rest) await saveVerdict({ expertId: a, draft: draft(view.id, criterion.id, 0, { secondsDelta: 1 }) });
    const submitted = await submitAssignment({
      expertId: a,
      input: { assignmentId: view.id, rowVersion: view.rowVersion, comprehensiveness: 3 },
    });
    expect(submitted.verdicts).toBe(view.criteria.length);
    expect(await prisma.verdict.count({ where: { assignmentId: view.id, submittedAt: null } })).toBe(0);
    // Fast decisions (1 s, under the 4 s default) are flagged for the admin.
    expect(await prisma.verdict.count({ where: { assignmentId: view.id, flaggedFast: true } })).toBe(rest.length);
    expect((await prisma.campaignQuery.findFirstOrThrow({ where: { campaignId: created.id } })).submittedCount).toBe(1);
    await expect(
      submitAssignment({ expertId: a, input: { assignmentId: view.id, rowVersion: view.rowVersion, comprehensiveness: 3 } }),
    ).rejects.toThrow(/already submitted/);

    // Amend after submission: versioned, logged; an incomplete amendment is refused.
    const stored = await prisma.verdict.findUniqueOrThrow({
      where: { assignmentId_criterionId: { assignmentId: view.id, criterionId: c3.id } },
    });
    await expect(
      saveVerdict({ expertId: a, draft: draft(view.id, c3.id, stored.rowVersion, { decision: 'REJECT', dimensions: [] }) }),
    ).rejects.toThrow(/at least one error dimension/);
    const amended = await saveVerdict({
      expertId: a,
      draft: draft(view.id, c3.id, stored.rowVersion, { decision: 'REJECT', dimensions: ['CORRECTNESS'] }),
    });
    expect(amended).toMatchObject({ status: 'saved', verdict: { decision: 'REJECT', rowVersion: stored.rowVersion + 1 } });
    const events = await prisma.auditEvent.findMany({
      where: { entityType: 'verdict', entityId: `${view.id}:${c3.id}` },
      orderBy: { id: 'asc' },
    });
    expect(events.map((event) => event.action)).toEqual(['verdict.submit', 'verdict.amend']);
    expect(events[1]?.before).toMatchObject({ decision: 'ACCEPT' });
    expect(events[1]?.after).toMatchObject({ decision: 'REJECT' });
    expect(await listExpertHistory(a)).toEqual([expect.objectContaining({ assignmentId: view.id, amendable: true })]);

    await prisma.auditCampaign.update({ where: { id: created.id }, data: { status: 'CLOSED' } });
    await expect(saveVerdict({ expertId: a, draft: draft(view.id, c3.id, stored.rowVersion + 1) })).rejects.toThrow(/closed/);
  });

  it('missing-criterion proposals are created, edited with versions, and deleted by their author only', async () => {
    const [a, b] = await makeExperts(2);
    if (!a || !b) throw new Error('experts');
    const created = await campaign({ expertIds: [a, b], overlapK: 1, selection: { mode: 'filter', datasetId, maxQueries: 2 } });
    const claim = await claimNext({ campaignId: created.id, expertId: a });
    if (claim.kind === 'none') throw new Error('claim');
    const proposal = await saveProposal({
      expertId: a,
      input: {
        assignmentId: claim.assignmentId,
        rowVersion: 0,
        title: 'Asks about allergies',
        description: '',
        tier: 'IMPORTANT',
        points: 4,
        redLine: false,
        tags: [],
      },
    });
    await saveProposal({
      expertId: a,
      input: {
        assignmentId: claim.assignmentId,
        proposalId: proposal.id,
        rowVersion: 1,
        title: 'Asks about drug allergies',
        description: 'd',
        tier: 'IMPORTANT',
        points: 4,
        redLine: false,
        tags: ['axis:completeness'],
      },
    });
    await expect(
      saveProposal({
        expertId: a,
        input: {
          assignmentId: claim.assignmentId,
          proposalId: proposal.id,
          rowVersion: 1,
          title: 'stale',
          description: '',
          tier: 'IMPORTANT',
          points: 4,
          redLine: false,
          tags: [],
        },
      }),
    ).rejects.toThrow(/another tab/);
    await expect(deleteProposal({ expertId: b, assignmentId: claim.assignmentId, proposalId: proposal.id })).rejects.toThrow(/not found/);
    expect((await getExpertAssignment({ assignmentId: claim.assignmentId, expertId: a }))?.proposals).toEqual([
      expect.objectContaining({ title: 'Asks about drug allergies', rowVersion: 2, tags: ['axis:completeness'] }),
    ]);
    await deleteProposal({ expertId: a, assignmentId: claim.assignmentId, proposalId: proposal.id });
    expect(await prisma.missingCriterionProposal.count({ where: { assignmentId: claim.assignmentId } })).toBe(0);
  });
});

describe('blindness', () => {
  it('an expert reads only their own assignment, without provenance, status or anyone else’s verdicts', async () => {
    const [a, b] = await makeExperts(2);
    if (!a || !b) throw new Error('experts');
    const created = await campaign({ expertIds: [a, b], overlapK: 2, selection: { mode: 'filter', datasetId, maxQueries: 1 } });
    const claimA = await claimNext({ campaignId: created.id, expertId: a });
    const claimB = await claimNext({ campaignId: created.id, expertId: b });
    if (claimA.kind === 'none' || claimB.kind === 'none') throw new Error('claims');
    const viewB = await getExpertAssignment({ assignmentId: claimB.assignmentId, expertId: b });
    await saveVerdict({
      expertId: b,
      draft: draft(claimB.assignmentId, viewB?.criteria[0]?.id ?? -1, 0, { comment: 'SECRET-COMMENT-OF-B' }),
    });

    expect(await getExpertAssignment({ assignmentId: claimB.assignmentId, expertId: a })).toBeNull();
    await expect(saveVerdict({ expertId: a, draft: draft(claimB.assignmentId, viewB?.criteria[0]?.id ?? -1, 1) })).rejects.toThrow(
      /not found/,
    );

    const viewA = await getExpertAssignment({ assignmentId: claimA.assignmentId, expertId: a });
    const text = JSON.stringify(viewA);
    const provenance = await prisma.criterionProvenance.findMany({
      where: { criterionId: { in: viewA?.criteria.map((c) => c.id) ?? [] } },
    });
    expect(provenance.length).toBeGreaterThan(0);
    for (const row of provenance) for (const model of row.generatorModels) expect(text).not.toContain(model);
    expect(text).not.toContain('SECRET-COMMENT-OF-B');
    expect(text).not.toMatch(/IN_AUDIT|"PENDING"|generatorModels|consensusVotes|metaRubric|sourceLabel|demoFlaw/);
    expect(Object.keys(viewA?.criteria[0] ?? {}).sort()).toEqual([
      'description',
      'evidence',
      'id',
      'levels',
      'points',
      'redLine',
      'tags',
      'tier',
      'title',
    ]);
    const campaigns = await listExpertCampaigns(a);
    expect(campaigns.find((c) => c.id === created.id)).toMatchObject({
      mineDone: 0,
      currentAssignmentId: claimA.assignmentId,
      campaignDone: 0,
    });
  });
});
