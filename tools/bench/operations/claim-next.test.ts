// The claim benchmark's raw side must do claimNext's work: these run both on identical campaigns (the bench's
// clone) over the demo dataset and compare what they wrote, then check the SQL over-assignment checks.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClaimResult, claimNext, shuffledOrder } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema } from '@/lib/audit/schemas';
import type { SessionUser } from '@/lib/auth/roles';
import { concurrentLoops } from '@/tools/bench/concurrent-loops';
import {
  claimChecks,
  claimLockKey,
  cloneCampaign,
  describeTally,
  rawClaim,
  submitForBench,
  tallyOutcomes,
} from '@/tools/bench/operations/claim-next';
import { expertId } from '@/tools/fixtures/bench-users';
import { pgPool, prisma } from '@/lib/db';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;
let db: pg.Pool;
const experts = Array.from({ length: 4 }, (_, index) => expertId(index));

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
  await prisma.user.createMany({ data: experts.map((id) => ({ id, email: `${id}@test.local`, name: id, role: 'EXPERT' })) });
  db = pgPool();
});

/** A campaign through the app and its clone for the raw side. */
async function campaignPair(maxQueries: number, overlapK: number): Promise<{ app: number; raw: number }> {
  const input = createCampaignSchema.parse({
    name: 'claim bench test',
    overlapK,
    expertIds: experts,
    selection: { mode: 'filter', datasetId, maxQueries },
  });
  const created = await createCampaign({ actor: admin, input });
  return { app: created.id, raw: await cloneCampaign(db, created.id, ' (raw)') };
}

const assigned = (result: ClaimResult) => {
  if (result.kind === 'none') throw new Error(`expected an assignment, got none (${result.reason})`);
  return result.assignmentId;
};

async function assignment(id: number) {
  return await prisma.assignment.findUniqueOrThrow({ where: { id } });
}

async function claimEvents(assignmentId: number) {
  return await prisma.auditEvent.findMany({ where: { entityType: 'assignment', entityId: String(assignmentId) }, orderBy: { id: 'asc' } });
}

async function withClient<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    return await run(client);
  } finally {
    client.release();
  }
}

describe('claimLockKey', () => {
  it('is a stable signed 64-bit key per campaign and expert', () => {
    expect(claimLockKey(1, 'a')).toBe(claimLockKey(1, 'a'));
    expect(claimLockKey(1, 'a')).not.toBe(claimLockKey(1, 'b'));
    expect(claimLockKey(1, 'a')).not.toBe(claimLockKey(2, 'a'));
    const key = claimLockKey(7, expertId(0));
    expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
  });
});

describe('tallyOutcomes', () => {
  it('counts the kinds of answers', () => {
    const tally = tallyOutcomes([
      { kind: 'claimed', assignmentId: 1 },
      { kind: 'claimed', assignmentId: 2 },
      { kind: 'resumed', assignmentId: 2 },
      { kind: 'none', reason: 'done' },
    ]);
    expect(tally).toEqual({ claimed: 2, resumed: 1, 'none (done)': 1 });
    expect(describeTally(tally)).toBe('2 claimed, 1 none (done), 1 resumed');
    expect(describeTally({})).toBe('nothing');
  });
});

describe('cloneCampaign', () => {
  it('copies settings, experts, criteria and the offer order, with nothing claimed', async () => {
    const { app, raw } = await campaignPair(3, 2);
    const [a, b] = await Promise.all(
      [app, raw].map((id) =>
        prisma.auditCampaign.findUniqueOrThrow({
          where: { id },
          include: {
            experts: { orderBy: { userId: 'asc' } },
            queries: { orderBy: { queryId: 'asc' } },
            criteria: { orderBy: { criterionId: 'asc' } },
          },
        }),
      ),
    );
    if (!a || !b) throw new Error('campaigns');
    expect(b.name).toBe(`${a.name} (raw)`);
    expect({ ...b, id: a.id, name: a.name, createdAt: a.createdAt }).toMatchObject({
      ...a,
      experts: a.experts.map((row) => ({ ...row, campaignId: raw, addedAt: expect.any(Date) })),
      queries: a.queries.map((row) => ({ ...row, campaignId: raw })),
      criteria: a.criteria.map((row) => ({ ...row, campaignId: raw })),
    });
  });
});

describe('rawClaim', () => {
  it('claims, resumes, takes the next query after a submission and reclaims an expired one, as claimNext does', async () => {
    const { app, raw } = await campaignPair(3, 2);
    const expert = experts[0] as string;
    const both = async () =>
      [await claimNext({ campaignId: app, expertId: expert }), await withClient((client) => rawClaim(client, raw, expert))] as const;

    // The first claim: same query, the expert's shuffled criterion order, an audit event.
    const [appFirst, rawFirst] = await both();
    expect(appFirst.kind).toBe('claimed');
    expect(rawFirst.kind).toBe('claimed');
    const [a, b] = [await assignment(assigned(appFirst)), await assignment(assigned(rawFirst))];
    expect(b.queryId).toBe(a.queryId);
    const criteria = (await prisma.campaignCriterion.findMany({ where: { campaignId: raw, queryId: b.queryId } })).map(
      (row) => row.criterionId,
    );
    expect(b.criterionOrder).toEqual(shuffledOrder(criteria, `${raw}:${expert}`));
    expect(a.criterionOrder).toEqual(shuffledOrder(criteria, `${app}:${expert}`));
    expect(b.state).toBe('RESERVED');
    expect(b.rowVersion).toBe(1);
    expect(Math.abs(b.expiresAt.getTime() - a.expiresAt.getTime())).toBeLessThan(10_000);
    const [appEvents, rawEvents] = [await claimEvents(a.id), await claimEvents(b.id)];
    expect(rawEvents.map((event) => [event.action, event.actorId])).toEqual(appEvents.map((event) => [event.action, event.actorId]));
    expect(rawEvents[0]?.after).toEqual({ campaignId: raw, queryId: b.queryId, expiresAt: b.expiresAt.toISOString() });
    const holders = async (campaignId: number, queryId: number) =>
      (await prisma.campaignQuery.findUniqueOrThrow({ where: { campaignId_queryId: { campaignId, queryId } } })).holders;
    expect(await holders(raw, b.queryId)).toBe(1);

    // A live reservation is resumed.
    const [appAgain, rawAgain] = await both();
    expect(appAgain).toEqual({ kind: 'resumed', assignmentId: a.id });
    expect(rawAgain).toEqual({ kind: 'resumed', assignmentId: b.id });

    // Submitted: the next claim is a different query, the same one on both sides.
    await submitForBench(db, a.id);
    await submitForBench(db, b.id);
    const [appNext, rawNext] = await both();
    const [a2, b2] = [await assignment(assigned(appNext)), await assignment(assigned(rawNext))];
    expect(b2.queryId).not.toBe(b.queryId);
    expect(b2.queryId).toBe(a2.queryId);

    // Let it expire: the next claim releases it and, the query being free again, takes it back.
    await prisma.assignment.updateMany({ where: { id: { in: [a2.id, b2.id] } }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const [appBack, rawBack] = await both();
    expect(appBack).toEqual({ kind: 'claimed', assignmentId: a2.id });
    expect(rawBack).toEqual({ kind: 'claimed', assignmentId: b2.id });
    expect((await assignment(b2.id)).rowVersion).toBe(2);
    expect((await claimEvents(b2.id)).map((event) => event.action)).toEqual((await claimEvents(a2.id)).map((event) => event.action));
    expect((await claimEvents(b2.id)).map((event) => event.action)).toEqual(['assignment.claim', 'assignment.reclaim']);
    expect(await holders(raw, b2.queryId)).toBe(1);
    for (const id of [app, raw])
      expect(await claimChecks(db, id)).toMatchObject({ overAssigned: 0, duplicates: 0, holdersMismatch: 0, submittedMismatch: 0 });
  });

  it('never over-assigns when every expert claims at once until nothing is left', async () => {
    const { raw } = await campaignPair(4, 3);
    const queries = await prisma.campaignQuery.count({ where: { campaignId: raw } });
    const answers = await concurrentLoops(experts.length, queries + 1, async (worker) => {
      const expert = experts[worker] as string;
      const result = await withClient((client) => rawClaim(client, raw, expert));
      if (result.kind !== 'none') await submitForBench(db, result.assignmentId);
      return result;
    });
    const tally = tallyOutcomes(answers.flat());
    expect(tally.claimed).toBe(queries * 3);
    // The rest were told there is nothing for them ("waiting" while another expert's claim is not yet submitted).
    expect((tally['none (done)'] ?? 0) + (tally['none (waiting)'] ?? 0)).toBe(experts.length * (queries + 1) - queries * 3);
    const checks = await claimChecks(db, raw);
    expect(checks).toEqual({
      overAssigned: 0,
      duplicates: 0,
      holdersMismatch: 0,
      submittedMismatch: 0,
      assignments: queries * 3,
      queriesByHolders: { 3: queries },
    });
  });
});

describe('claimChecks', () => {
  it('finds a query held beyond k, and holders and submissions out of step', async () => {
    const { raw } = await campaignPair(2, 1);
    const first = await withClient((client) => rawClaim(client, raw, experts[0] as string));
    const taken = await assignment(assigned(first));
    // A second expert on the same query behind the counter's back (k = 1).
    await prisma.assignment.create({
      data: {
        campaignId: raw,
        expertId: experts[1] as string,
        queryId: taken.queryId,
        expiresAt: new Date(Date.now() + 60_000),
        state: 'SUBMITTED',
      },
    });
    expect(await claimChecks(db, raw)).toEqual({
      overAssigned: 1,
      duplicates: 0,
      holdersMismatch: 1,
      submittedMismatch: 1,
      assignments: 2,
      queriesByHolders: { 1: 1 },
    });
  });
});
