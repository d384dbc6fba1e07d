// A draft save and a rating are one SQL statement when nothing is unusual, and a submission writes every verdict in
// one statement (issue 21). Each must store and return exactly what the checked, step-by-step path does.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment } from '@/lib/audit/expert-view';
import { createCampaignSchema, type VerdictDraft, verdictDraftSchema } from '@/lib/audit/schemas';
import {
  saveDraftInOneStatement,
  saveVerdict,
  saveVerdictChecked,
  submitAssignment,
  updateAssignmentState,
  updateAssignmentStateChecked,
  updateReservedAssignmentInOneStatement,
} from '@/lib/audit/verdicts';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
});

/** A new expert holding one reserved query of a new campaign (k = 1), with its criteria in the expert's order. */
async function reserved(reservationMinutes = 30) {
  const expertId = randomUUID();
  await prisma.user.create({ data: { id: expertId, email: `fast-${expertId}@test.local`, name: 'Fast path', role: 'EXPERT' } });
  const input = createCampaignSchema.parse({
    name: `Fast path ${expertId.slice(0, 8)}`,
    overlapK: 1,
    reservationMinutes,
    expertIds: [expertId],
    selection: { mode: 'filter', datasetId, maxQueries: 1, minCriteria: 4 },
  });
  const campaign = await createCampaign({ actor: admin, input });
  const claim = await claimNext({ campaignId: campaign.id, expertId });
  if (claim.kind === 'none') throw new Error('nothing to claim');
  const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId });
  if (!view || view.criteria.length < 4) throw new Error('a query with four criteria');
  return { expertId, assignmentId: claim.assignmentId, campaignId: campaign.id, criteria: view.criteria.map((c) => c.id) };
}

const draft = (assignmentId: number, criterionId: number, rowVersion: number, fields: Partial<VerdictDraft> = {}) =>
  verdictDraftSchema.parse({ assignmentId, criterionId, rowVersion, secondsDelta: 7, ...fields });

async function storedRow(assignmentId: number, criterionId: number) {
  const {
    id,
    createdAt,
    updatedAt,
    criterionId: _criterion,
    ...rest
  } = await prisma.verdict.findUniqueOrThrow({
    where: { assignmentId_criterionId: { assignmentId, criterionId } },
  });
  expect(updatedAt.getTime()).toBeGreaterThanOrEqual(createdAt.getTime() - 1);
  return rest;
}

describe('saving a draft in one statement', () => {
  const revision = { title: 'Names the dose', description: 'States 500 mg every 6 hours.', tier: 'IMPORTANT', points: 4 } as const;
  const variants: [string, Partial<VerdictDraft>][] = [
    ['an acceptance (errors cleared)', { decision: 'ACCEPT', dimensions: ['WEIGHT'], weightDirection: 'OVER', severity: 'HIGH' }],
    [
      'a revision with its text',
      {
        decision: 'REVISE_MINOR',
        dimensions: ['WEIGHT', 'CORRECTNESS'],
        weightDirection: 'UNDER',
        severity: 'LOW',
        comment: 'dose',
        proposedRevision: revision,
      },
    ],
    [
      'a rejection (a revision text dropped)',
      { decision: 'REJECT', dimensions: ['RELEVANCE'], severity: 'CRITICAL', proposedRevision: revision },
    ],
    ['an empty draft', { decision: null, comment: 'thinking' }],
  ];

  it.each(variants)('stores and returns %s exactly as the checked path does, new and updated', async (_name, fields) => {
    const { expertId, assignmentId, criteria } = await reserved();
    const [fast, checked] = criteria as [number, number];
    // The one statement itself saves (saveVerdict would fall back to the checked path if it did not).
    const viaFast = { status: 'saved', verdict: await saveDraftInOneStatement(expertId, draft(assignmentId, fast, 0, fields)) };
    expect(viaFast.verdict).not.toBeNull();
    const viaChecked = await saveVerdictChecked({ expertId, draft: draft(assignmentId, checked, 0, fields) });
    expect(viaFast.status).toBe('saved');
    expect({ ...(viaFast as { verdict: object }).verdict, criterionId: 0 }).toEqual({
      ...(viaChecked as { verdict: object }).verdict,
      criterionId: 0,
    });
    expect(await storedRow(assignmentId, fast)).toEqual(await storedRow(assignmentId, checked));
    // An update at the version returned, then again through each path.
    const again = { ...fields, comment: 'second thoughts', secondsDelta: 3 };
    const fastAgain = { verdict: await saveDraftInOneStatement(expertId, draft(assignmentId, fast, 1, again)) };
    expect(fastAgain.verdict).not.toBeNull();
    const checkedAgain = await saveVerdictChecked({ expertId, draft: draft(assignmentId, checked, 1, again) });
    expect({ ...(fastAgain as { verdict: object }).verdict, criterionId: 0 }).toEqual({
      ...(checkedAgain as { verdict: object }).verdict,
      criterionId: 0,
    });
    expect(await storedRow(assignmentId, fast)).toMatchObject({ rowVersion: 2, secondsSpent: 10, comment: 'second thoughts' });
    expect(await storedRow(assignmentId, fast)).toEqual(await storedRow(assignmentId, checked));
  });

  it('slides the reservation and adds the seconds to the assignment', async () => {
    const { expertId, assignmentId, criteria } = await reserved(45);
    await prisma.assignment.update({ where: { id: assignmentId }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    const before = Date.now();
    expect(
      await saveDraftInOneStatement(expertId, draft(assignmentId, criteria[0] as number, 0, { decision: 'ACCEPT', secondsDelta: 12 })),
    ).not.toBeNull();
    const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
    expect(assignment.secondsSpent).toBe(12);
    expect(assignment.expiresAt.getTime()).toBeGreaterThan(before + 44 * 60_000);
    expect(assignment.expiresAt.getTime()).toBeLessThan(Date.now() + 46 * 60_000);
    expect(assignment.lastActivityAt.getTime()).toBeGreaterThan(before - 5_000);
  });

  it('writes nothing for a stale version, an expired reservation, another expert or a criterion not in the query', async () => {
    const { expertId, assignmentId, criteria } = await reserved();
    const [first, second] = criteria as [number, number];
    await saveVerdict({ expertId, draft: draft(assignmentId, first, 0, { decision: 'ACCEPT' }) });
    // Stale: both a second "new" save and an update at an old version are conflicts with the stored verdict.
    expect(
      await saveVerdict({ expertId, draft: draft(assignmentId, first, 0, { decision: 'REJECT', dimensions: ['RELEVANCE'] }) }),
    ).toMatchObject({
      status: 'conflict',
      current: { rowVersion: 1, decision: 'ACCEPT' },
    });
    expect(
      await saveVerdict({ expertId, draft: draft(assignmentId, first, 5, { decision: 'REJECT', dimensions: ['RELEVANCE'] }) }),
    ).toMatchObject({
      status: 'conflict',
    });
    await expect(saveVerdict({ expertId: randomUUID(), draft: draft(assignmentId, second, 0, { decision: 'ACCEPT' }) })).rejects.toThrow(
      /not found/i,
    );
    const elsewhere = await prisma.criterion.findFirstOrThrow({ where: { id: { notIn: criteria } }, select: { id: true } });
    await expect(saveVerdict({ expertId, draft: draft(assignmentId, elsewhere.id, 0, { decision: 'ACCEPT' }) })).rejects.toThrow(
      /not found/i,
    );
    await prisma.assignment.update({ where: { id: assignmentId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await expect(saveVerdict({ expertId, draft: draft(assignmentId, second, 0, { decision: 'ACCEPT' }) })).rejects.toThrow(/expired/);
    // The one statement wrote nothing in any of these cases (the checked path then explained why).
    for (const [who, criterionId, rowVersion] of [
      [expertId, first, 0],
      [expertId, first, 5],
      [randomUUID(), second, 0],
      [expertId, elsewhere.id, 0],
      [expertId, second, 0],
    ] as const) {
      expect(await saveDraftInOneStatement(who, draft(assignmentId, criterionId, rowVersion, { decision: 'ACCEPT' }))).toBeNull();
    }
    expect(await prisma.verdict.count({ where: { assignmentId } })).toBe(1);
    expect((await prisma.verdict.findFirstOrThrow({ where: { assignmentId } })).decision).toBe('ACCEPT');
  });

  it('two tabs saving the same version at once: one is saved, the other is told, nothing is lost', async () => {
    const { expertId, assignmentId, criteria } = await reserved();
    const criterionId = criteria[0] as number;
    await saveVerdict({ expertId, draft: draft(assignmentId, criterionId, 0, { decision: 'ACCEPT' }) });
    for (const rowVersion of [0, 1]) {
      const results = await Promise.all(
        ['tab one', 'tab two', 'tab three'].map((comment) =>
          saveVerdict({ expertId, draft: draft(assignmentId, criterionId, rowVersion === 0 ? 1 : 2, { decision: 'ACCEPT', comment }) }),
        ),
      );
      expect(results.filter((result) => result.status === 'saved')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'conflict')).toHaveLength(2);
    }
    expect((await storedRow(assignmentId, criterionId)).rowVersion).toBe(3);
  });
});

describe('submitting in one statement', () => {
  it('marks every verdict submitted with its fast flag, logs one event per verdict with the stored fields, and counts once', async () => {
    const { expertId, assignmentId, campaignId, criteria } = await reserved();
    // Under the campaign's 4 s a verdict is flagged as fast; 4 s itself is not.
    const seconds = [30, 2, 4, 3];
    const secondsOf = (criterionId: number) => seconds[criteria.indexOf(criterionId) % seconds.length] as number;
    for (const criterionId of criteria) {
      await saveVerdict({
        expertId,
        draft: draft(assignmentId, criterionId, 0, { decision: 'ACCEPT', secondsDelta: secondsOf(criterionId) }),
      });
    }
    const view = await getExpertAssignment({ assignmentId, expertId });
    const result = await submitAssignment({ expertId, input: { assignmentId, rowVersion: view?.rowVersion ?? 1, comprehensiveness: 5 } });
    const stored = await prisma.verdict.findMany({ where: { assignmentId }, orderBy: { criterionId: 'asc' } });
    expect(stored.map((verdict) => verdict.flaggedFast)).toEqual(
      [...criteria].sort((a, b) => a - b).map((criterionId) => secondsOf(criterionId) < 4),
    );
    expect(new Set(stored.map((verdict) => verdict.submittedAt?.getTime())).size).toBe(1);
    expect(result.versions).toEqual(Object.fromEntries(stored.map((verdict) => [verdict.criterionId, verdict.rowVersion])));
    expect(stored.every((verdict) => verdict.rowVersion === 2)).toBe(true);
    const events = await prisma.auditEvent.findMany({
      where: { action: 'verdict.submit', entityId: { startsWith: `${assignmentId}:` } },
      orderBy: { id: 'asc' },
    });
    expect(events.map((event) => event.entityId)).toEqual(stored.map((verdict) => `${assignmentId}:${verdict.criterionId}`));
    for (const [index, event] of events.entries()) {
      const verdict = stored[index];
      expect(event.actorId).toBe(expertId);
      expect(event.after).toEqual({
        criterionId: verdict?.criterionId,
        decision: 'ACCEPT',
        dimensions: [],
        weightDirection: null,
        severity: null,
        comment: null,
        proposedRevision: null,
        rowVersion: 2,
        submittedAt: verdict?.submittedAt?.toISOString(),
        secondsSpent: verdict?.secondsSpent,
        flaggedFast: verdict?.flaggedFast,
      });
    }
    const counted = await prisma.campaignQuery.findFirstOrThrow({ where: { campaignId }, select: { submittedCount: true } });
    expect(counted.submittedCount).toBe(1);
  });
});

describe("the submission's analytics triggers", () => {
  /** A reserved query with every verdict an acceptance, and the input that submits it. */
  async function ready() {
    const held = await reserved();
    for (const criterionId of held.criteria) {
      await saveVerdict({ expertId: held.expertId, draft: draft(held.assignmentId, criterionId, 0, { decision: 'ACCEPT' }) });
    }
    const view = await getExpertAssignment({ assignmentId: held.assignmentId, expertId: held.expertId });
    return { ...held, input: { assignmentId: held.assignmentId, rowVersion: view?.rowVersion ?? 1, comprehensiveness: 4 } };
  }

  it("runs the verdicts' analytics triggers with generic plans, for the rest of the submission's transaction", async () => {
    const { expertId, assignmentId, input } = await ready();
    const db = pgPool();
    // A probe trigger beside the analytics ones: what plan_cache_mode is when a statement's triggers fire.
    await db.query('CREATE TABLE test_trigger_plan_modes (assignment_id int, mode text)');
    await db.query(`CREATE OR REPLACE FUNCTION test_record_plan_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_trigger_plan_modes SELECT DISTINCT assignment_id, current_setting('plan_cache_mode') FROM new_rows;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE OR REPLACE TRIGGER test_record_plan_mode AFTER UPDATE ON verdicts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION test_record_plan_mode()`);
    let rows: { mode: string }[];
    try {
      await submitAssignment({ expertId, input });
    } finally {
      await db.query('DROP TRIGGER test_record_plan_mode ON verdicts');
      ({ rows } = await db.query<{ mode: string }>('SELECT mode FROM test_trigger_plan_modes WHERE assignment_id = $1', [assignmentId]));
      await db.query('DROP TABLE test_trigger_plan_modes; DROP FUNCTION test_record_plan_mode()');
    }
    expect(rows).toEqual([{ mode: 'force_generic_plan' }]);
    // Only inside that transaction: a connection back in the pool has the default.
    const after = await db.query<{ mode: string }>(`SELECT current_setting('plan_cache_mode') AS mode`);
    expect(after.rows[0]?.mode).toBe('auto');
  });
});

describe('rating completeness in one statement', () => {
  /** The assignment's stored fields that a rating or cursor change may touch (times compared apart). */
  const storedAssignment = async (assignmentId: number) => {
    const { comprehensiveness, comprehensivenessComment, rowVersion, cursor, secondsSpent, state } =
      await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
    return { comprehensiveness, comprehensivenessComment, rowVersion, cursor, secondsSpent, state };
  };

  it('stores and returns a rating, a comment, a cleared comment and a cursor move exactly as the checked path does', async () => {
    const one = await reserved(45);
    const two = await reserved(45);
    const steps = [
      { rowVersion: 1, comprehensiveness: 4, comprehensivenessComment: 'misses dosing', secondsDelta: 5 },
      { rowVersion: 2, comprehensivenessComment: null, secondsDelta: 2 },
      { rowVersion: 3, cursor: 3, secondsDelta: 0 },
      { rowVersion: 3, comprehensiveness: null, cursor: 1, secondsDelta: 9 },
    ];
    for (const step of steps) {
      const before = Date.now();
      const fast = await updateReservedAssignmentInOneStatement(one.expertId, { assignmentId: one.assignmentId, ...step });
      expect(fast, JSON.stringify(step)).not.toBeNull();
      const checked = await updateAssignmentStateChecked({ expertId: two.expertId, input: { assignmentId: two.assignmentId, ...step } });
      expect({ status: 'saved', current: fast }).toEqual(checked);
      expect(await storedAssignment(one.assignmentId)).toEqual(await storedAssignment(two.assignmentId));
      const slid = await prisma.assignment.findUniqueOrThrow({ where: { id: one.assignmentId } });
      expect(slid.expiresAt.getTime()).toBeGreaterThan(before + 44 * 60_000);
      expect(slid.lastActivityAt.getTime()).toBeGreaterThan(before - 5_000);
    }
    expect(await storedAssignment(one.assignmentId)).toMatchObject({
      comprehensiveness: null,
      comprehensivenessComment: null,
      rowVersion: 4,
      cursor: 1,
      secondsSpent: 16,
    });
  });

  it('writes nothing for a stale version, another expert, an expired reservation or a submitted query; the checked path says why', async () => {
    const { expertId, assignmentId } = await reserved();
    const rate = (who: string, rowVersion: number) =>
      updateReservedAssignmentInOneStatement(who, { assignmentId, rowVersion, comprehensiveness: 3, secondsDelta: 0 });
    expect(await rate(expertId, 7)).toBeNull();
    expect(
      await updateAssignmentState({ expertId, input: { assignmentId, rowVersion: 7, comprehensiveness: 3, secondsDelta: 0 } }),
    ).toEqual({
      status: 'conflict',
      current: { comprehensiveness: null, comprehensivenessComment: null, rowVersion: 1 },
    });
    expect(await rate(randomUUID(), 1)).toBeNull();
    await expect(
      updateAssignmentState({ expertId: randomUUID(), input: { assignmentId, rowVersion: 1, comprehensiveness: 3, secondsDelta: 0 } }),
    ).rejects.toThrow(/not found/i);
    await prisma.assignment.update({ where: { id: assignmentId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await rate(expertId, 1)).toBeNull();
    await expect(
      updateAssignmentState({ expertId, input: { assignmentId, rowVersion: 1, comprehensiveness: 3, secondsDelta: 0 } }),
    ).rejects.toThrow(/expired/);
    await prisma.assignment.update({ where: { id: assignmentId }, data: { state: 'SUBMITTED', expiresAt: new Date(Date.now() + 60_000) } });
    expect(await rate(expertId, 1)).toBeNull();
    // A submitted query's rating is an amendment: the checked path saves it and records it.
    expect(
      await updateAssignmentState({ expertId, input: { assignmentId, rowVersion: 1, comprehensiveness: 3, secondsDelta: 0 } }),
    ).toEqual({
      status: 'saved',
      current: { comprehensiveness: 3, comprehensivenessComment: null, rowVersion: 2 },
    });
    expect(await prisma.auditEvent.count({ where: { action: 'assignment.amend', entityId: String(assignmentId) } })).toBe(1);
  });
});
