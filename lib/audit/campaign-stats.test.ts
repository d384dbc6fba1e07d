import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCampaignStats, listCampaigns, TIME_PER_QUERY_EDGES } from '@/lib/audit/campaign-stats';
import { claimNext } from '@/lib/audit/claim-next';
import { closeCampaign } from '@/lib/audit/close-campaign';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

async function makeExperts(names: string[]): Promise<string[]> {
  const ids = names.map(() => randomUUID());
  await prisma.user.createMany({
    data: ids.map((id, index) => ({ id, email: `stats-${id}@test.local`, name: names[index] ?? id, role: 'EXPERT' })),
  });
  return ids;
}

async function newCampaign(expertIds: string[], overrides: Record<string, unknown> = {}) {
  const input = createCampaignSchema.parse({
    name: `Stats ${randomUUID().slice(0, 8)}`,
    overlapK: 2,
    expertIds,
    fastThresholdSeconds: 4,
    selection: { mode: 'filter', datasetId, maxQueries: 3 },
    ...overrides,
  });
  return { ...(await createCampaign({ actor: admin, input })), name: input.name };
}

/** Claims the next query and accepts its criteria, spending `seconds(i)` on the i-th; submits unless told not to. */
async function work(campaignId: number, expertId: string, seconds: (index: number) => number, { submit = true } = {}) {
  const claim = await claimNext({ campaignId, expertId });
  if (claim.kind === 'none') throw new Error(`nothing to claim: ${claim.reason}`);
  const assignment = await prisma.assignment.findUniqueOrThrow({
    where: { id: claim.assignmentId },
    select: { criterionOrder: true, rowVersion: true, queryId: true },
  });
  const spent: number[] = [];
  for (const [index, criterionId] of assignment.criterionOrder.entries()) {
    spent.push(seconds(index));
    const draft = verdictDraftSchema.parse({
      assignmentId: claim.assignmentId,
      criterionId,
      rowVersion: 0,
      decision: 'ACCEPT',
      secondsDelta: seconds(index),
    });
    expect((await saveVerdict({ expertId, draft })).status).toBe('saved');
  }
  if (submit) {
    await submitAssignment({
      expertId,
      input: { assignmentId: claim.assignmentId, rowVersion: assignment.rowVersion, comprehensiveness: 4 },
    });
  }
  return { assignmentId: claim.assignmentId, queryId: assignment.queryId, criterionIds: assignment.criterionOrder, spent };
}

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = sorted[Math.floor(position)] ?? Number.NaN;
  const upper = sorted[Math.ceil(position)] ?? Number.NaN;
  return lower + (upper - lower) * (position - Math.floor(position));
}

const bucketOf = (seconds: number) => TIME_PER_QUERY_EDGES.filter((edge) => edge <= seconds).length;

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
});

describe('campaign stats', () => {
  it('starts at zero with every expert listed and an empty series', async () => {
    const experts = await makeExperts(['Zed Zero', 'Yan Zero']);
    const created = await newCampaign(experts);
    const stats = await getCampaignStats({ campaignId: created.id });
    if (!stats) throw new Error('no stats');
    expect(stats.overall).toEqual({
      criteria: created.criteria,
      queries: 3,
      k: 2,
      slots: created.criteria * 2,
      submittedVerdicts: 0,
      queriesCompleted: 0,
      queriesStarted: 0,
      percent: 0,
      medianSecondsPerCriterion: null,
      medianSecondsPerQuery: null,
    });
    expect(stats.experts.map((expert) => expert.name)).toEqual(['Yan Zero', 'Zed Zero']);
    expect(stats.experts[0]).toMatchObject({
      verdictsSubmitted: 0,
      queriesSubmitted: 0,
      medianSeconds: null,
      p90Seconds: null,
      fastFlags: 0,
    });
    expect(stats.throughput.unit).toBe('hour');
    expect(stats.throughput.points.length).toBeGreaterThanOrEqual(1);
    expect(stats.throughput.points.every((point) => point.verdicts === 0)).toBe(true);
    expect(stats.timePerQuery.buckets).toHaveLength(TIME_PER_QUERY_EDGES.length + 1);
    expect(stats.timePerQuery.buckets.every((bucket) => bucket.count === 0)).toBe(true);
    expect(stats.reservations).toEqual({ reservedNow: 0, overdue: 0, items: [] });
    expect(stats.fastFlags).toEqual({ total: 0, items: [] });
    expect(await getCampaignStats({ campaignId: 999_999 })).toBeNull();
  });

  it('counts submissions, timings, fast flags and reservations per expert, and only for its own campaign', async () => {
    const [ana, bo, cy] = await makeExperts(['Ana Stats', 'Bo Stats', 'Cy Stats']);
    if (!ana || !bo || !cy) throw new Error('experts');
    const created = await newCampaign([ana, bo, cy], { fastThresholdSeconds: 4 });
    // Another campaign with the same experts and activity, which must not leak into the first one's numbers.
    const other = await newCampaign([ana, bo], { overlapK: 1, selection: { mode: 'filter', datasetId, maxQueries: 1 } });
    await work(other.id, ana, () => 1);

    // Ana is fast on her first criterion (2 s < 4 s); Bo takes the same query (started queries fill first).
    const first = await work(created.id, ana, (index) => (index === 0 ? 2 : 10 + index));
    const second = await work(created.id, bo, (index) => 30 + index * 5);
    expect(second.queryId).toBe(first.queryId);
    // Cy holds a second query without submitting.
    const third = await work(created.id, cy, () => 7, { submit: false });
    expect(third.queryId).not.toBe(first.queryId);

    const n = first.criterionIds.length;
    const stats = await getCampaignStats({ campaignId: created.id });
    if (!stats) throw new Error('no stats');
    expect(stats.overall).toMatchObject({
      criteria: created.criteria,
      queries: 3,
      slots: created.criteria * 2,
      submittedVerdicts: 2 * n,
      queriesCompleted: 1,
      queriesStarted: 1,
    });
    expect(stats.overall.percent).toBeCloseTo((100 * 2 * n) / (created.criteria * 2), 6);
    expect(stats.overall.medianSecondsPerCriterion).toBeCloseTo(percentileCont([...first.spent, ...second.spent], 0.5), 6);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(stats.overall.medianSecondsPerQuery).toBeCloseTo((sum(first.spent) + sum(second.spent)) / 2, 6);

    const byName = new Map(stats.experts.map((expert) => [expert.name, expert]));
    const fairShare = Math.min(created.criteria, Math.ceil((created.criteria * 2) / 3));
    expect(byName.get('Ana Stats')).toMatchObject({
      queriesSubmitted: 1,
      verdictsSubmitted: n,
      liveReservations: 0,
      overdueReservations: 0,
      fastFlags: 1,
      fairShare,
    });
    expect(byName.get('Ana Stats')?.medianSeconds).toBeCloseTo(percentileCont(first.spent, 0.5), 6);
    expect(byName.get('Ana Stats')?.p90Seconds).toBeCloseTo(percentileCont(first.spent, 0.9), 6);
    expect(byName.get('Bo Stats')).toMatchObject({ queriesSubmitted: 1, verdictsSubmitted: n, fastFlags: 0 });
    expect(byName.get('Bo Stats')?.p90Seconds).toBeCloseTo(percentileCont(second.spent, 0.9), 6);
    // Drafts are not verdicts: Cy has a live reservation and nothing submitted.
    expect(byName.get('Cy Stats')).toMatchObject({ queriesSubmitted: 0, verdictsSubmitted: 0, liveReservations: 1, medianSeconds: null });

    // Throughput: every submitted verdict is in exactly one hour of the series.
    expect(stats.throughput.unit).toBe('hour');
    expect(sum(stats.throughput.points.map((point) => point.verdicts))).toBe(2 * n);
    expect(stats.throughput.points.at(-1)?.cumulative).toBe(2 * n);

    // Time per query: each submitted assignment in the bucket of its seconds.
    const expected = new Map<number, number>();
    for (const spent of [sum(first.spent), sum(second.spent)]) expected.set(bucketOf(spent), (expected.get(bucketOf(spent)) ?? 0) + 1);
    expect(stats.timePerQuery.submitted).toBe(2);
    expect(stats.timePerQuery.buckets.map((bucket) => bucket.count)).toEqual(
      stats.timePerQuery.buckets.map((_, index) => expected.get(index) ?? 0),
    );

    // The fast flag reaches the admin with who, where and what.
    const fastCriterion = await prisma.criterion.findUniqueOrThrow({
      where: { id: first.criterionIds[0] ?? -1 },
      select: { title: true, query: { select: { externalId: true } } },
    });
    expect(stats.fastFlags.total).toBe(1);
    expect(stats.fastFlags.items).toEqual([
      expect.objectContaining({
        expertName: 'Ana Stats',
        queryExternalId: fastCriterion.query.externalId,
        criterionTitle: fastCriterion.title,
        seconds: 2,
        decision: 'ACCEPT',
      }),
    ]);

    expect(stats.reservations).toMatchObject({ reservedNow: 1, overdue: 0 });
    expect(stats.reservations.items).toEqual([
      expect.objectContaining({ assignmentId: third.assignmentId, expertName: 'Cy Stats', overdue: false }),
    ]);
    // Expired but not yet released (no one has claimed since): overdue, no longer reserved now.
    await prisma.assignment.update({ where: { id: third.assignmentId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const later = await getCampaignStats({ campaignId: created.id });
    expect(later?.reservations).toMatchObject({ reservedNow: 0, overdue: 1, items: [expect.objectContaining({ overdue: true })] });
    expect(later?.experts.find((expert) => expert.name === 'Cy Stats')).toMatchObject({ liveReservations: 0, overdueReservations: 1 });

    const listed = (await listCampaigns()).find((campaign) => campaign.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: created.name,
      status: 'OPEN',
      overlapK: 2,
      experts: 3,
      queries: 3,
      criteria: created.criteria,
      slots: created.criteria * 2,
      submittedVerdicts: 2 * n,
      queriesCompleted: 1,
      percent: stats.overall.percent,
      deadline: null,
      createdAt: expect.any(String),
      closedAt: null,
    });
    expect((await listCampaigns()).find((campaign) => campaign.id === other.id)).toMatchObject({
      submittedVerdicts: other.criteria,
      percent: 100,
    });

    // Closing releases the overdue reservation; the list puts open campaigns first.
    await closeCampaign({ actorId: admin.id, campaignId: created.id });
    const closed = await getCampaignStats({ campaignId: created.id });
    expect(closed?.campaign.status).toBe('CLOSED');
    expect(closed?.reservations).toEqual({ reservedNow: 0, overdue: 0, items: [] });
    const order = (await listCampaigns()).map((campaign) => campaign.status);
    expect(order.indexOf('CLOSED')).toBeGreaterThan(order.lastIndexOf('OPEN'));
  });

  it('charts an older campaign per day, with empty days in the series', async () => {
    const [a] = await makeExperts(['Dee Daily']);
    if (!a) throw new Error('expert');
    const created = await newCampaign([a], { overlapK: 1, selection: { mode: 'filter', datasetId, maxQueries: 2 } });
    const done = await work(created.id, a, () => 12);
    const fiveDaysAgo = new Date(Date.now() - 5 * 24 * 3600_000);
    await prisma.auditCampaign.update({ where: { id: created.id }, data: { createdAt: fiveDaysAgo } });
    const stats = await getCampaignStats({ campaignId: created.id });
    if (!stats) throw new Error('no stats');
    expect(stats.throughput.unit).toBe('day');
    expect(stats.throughput.points).toHaveLength(6);
    expect(stats.throughput.points[0]?.start).toBe(`${fiveDaysAgo.toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(stats.throughput.points.slice(0, 5).every((point) => point.verdicts === 0)).toBe(true);
    expect(stats.throughput.points.at(-1)).toMatchObject({ verdicts: done.criterionIds.length, cumulative: done.criterionIds.length });
  });
});
