// A grading campaign's progress is kept on write (migration grading_progress_counters: grading_counters in 16
// stripes by response, each clinician's in expert_progress), so that "My audits" and the admin's pages never sum a
// campaign's units. After clinicians grade at once through the app, k raised, units removed, submissions withdrawn
// and assignments deleted, the counters must equal a recount, and the clinician's figures must equal the recount
// the page ran before the counters.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { MIGRATIONS_DIR } from '@/lib/db/migrate';
import { claimGradingResponse } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { getGradingAssignment, listGradingCampaigns } from '@/lib/grading/grader-view';
import { listGradingCampaigns as listForAdmin } from '@/lib/grading/list-grading-campaigns';
import { saveGradingMark } from '@/lib/grading/save-grading-mark';
import { createGradingCampaignSchema, gradingMarkSchema } from '@/lib/grading/schemas';
import { submitGradingAssignment } from '@/lib/grading/submit-grading-assignment';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';

let admin: SessionUser;
let datasetId: number;

/** Campaigns (or stripes) whose kept counters differ from a recount of their units (missing rows count as zeros). */
async function staleCounters() {
  const { rows } = await pgPool().query(
    `WITH fresh AS (
       SELECT campaign_id, response_id % 16 AS stripe,
              ARRAY[count(*), count(*) FILTER (WHERE submitted_count < overlap_k), sum(submitted_count), sum(overlap_k)]::int[] AS m
         FROM grading_units GROUP BY 1, 2),
     kept AS (SELECT campaign_id, stripe, ARRAY[units, open_units, submitted, wanted]::int[] AS m FROM grading_counters)
     SELECT coalesce(f.campaign_id, k.campaign_id) AS campaign_id, coalesce(f.stripe, k.stripe) AS stripe, k.m AS kept, f.m AS fresh
       FROM fresh f FULL JOIN kept k ON k.campaign_id = f.campaign_id AND k.stripe = f.stripe
      WHERE coalesce(f.m, ARRAY[0, 0, 0, 0]) <> coalesce(k.m, ARRAY[0, 0, 0, 0])`,
  );
  return rows;
}

/** Clinicians whose kept progress in a grading campaign differs from a recount of their submitted assignments. */
async function staleProgress() {
  const { rows } = await pgPool().query(
    `WITH fresh AS (
       SELECT a.campaign_id, a.expert_id, ARRAY[count(*), count(*) FILTER (WHERE u.submitted_count < u.overlap_k)]::int[] AS m
         FROM grading_assignments a JOIN grading_units u ON u.campaign_id = a.campaign_id AND u.response_id = a.response_id
        WHERE a.state = 'SUBMITTED' GROUP BY 1, 2),
     kept AS (
       SELECT p.campaign_id, p.expert_id, ARRAY[p.submitted, p.submitted_open]::int[] AS m
         FROM expert_progress p JOIN audit_campaigns c ON c.id = p.campaign_id AND c.kind = 'GRADING')
     SELECT coalesce(f.campaign_id, k.campaign_id) AS campaign_id, coalesce(f.expert_id, k.expert_id) AS expert_id, k.m AS kept, f.m AS fresh
       FROM fresh f FULL JOIN kept k ON k.campaign_id = f.campaign_id AND k.expert_id = f.expert_id
      WHERE coalesce(f.m, ARRAY[0, 0]) <> coalesce(k.m, ARRAY[0, 0])`,
  );
  return rows;
}

async function expectFresh() {
  expect(await staleCounters()).toEqual([]);
  expect(await staleProgress()).toEqual([]);
}

/** The clinician's figures as "My audits" computed them before the counters (the oracle). */
async function recounted(expertId: string) {
  const { rows } = await pgPool().query(
    `SELECT ac.id,
       (SELECT count(*)::int FROM grading_assignments a WHERE a.campaign_id = ac.id AND a.expert_id = $1 AND a.state = 'SUBMITTED') AS "mineDone",
       (SELECT count(*)::int FROM grading_units gu WHERE ac.status = 'OPEN' AND gu.campaign_id = ac.id AND gu.submitted_count < gu.overlap_k
          AND NOT EXISTS (SELECT 1 FROM grading_assignments a WHERE a.campaign_id = ac.id AND a.response_id = gu.response_id
                          AND a.expert_id = $1 AND a.state = 'SUBMITTED')) AS "mineRemaining",
       (SELECT COALESCE(sum(gu.submitted_count), 0)::int FROM grading_units gu WHERE gu.campaign_id = ac.id) AS "campaignDone",
       (SELECT COALESCE(sum(gu.overlap_k), 0)::int FROM grading_units gu WHERE gu.campaign_id = ac.id) AS "campaignTotal"
     FROM audit_campaigns ac JOIN campaign_experts ce ON ce.campaign_id = ac.id AND ce.user_id = $1
     WHERE ac.kind = 'GRADING' ORDER BY (ac.status = 'OPEN') DESC, ac.created_at DESC`,
    [expertId],
  );
  return rows;
}

const shown = async (expertId: string) =>
  (await listGradingCampaigns(expertId)).map(({ id, mineDone, mineRemaining, campaignDone, campaignTotal }) => ({
    id,
    mineDone,
    mineRemaining,
    campaignDone,
    campaignTotal,
  }));

/** Marks every criterion met (with its first level) and submits, through the app. */
async function gradeAndSubmit(assignmentId: number, expertId: string) {
  const view = await getGradingAssignment({ assignmentId, expertId });
  if (!view) throw new Error('no assignment');
  for (const criterion of view.criteria)
    await saveGradingMark({
      expertId,
      input: gradingMarkSchema.parse({
        assignmentId,
        criterionId: criterion.id,
        rowVersion: 0,
        met: true,
        level: criterion.levels[0]?.label ?? null,
      }),
    });
  await submitGradingAssignment({ expertId, assignmentId });
}

/** Claims and grades until the campaign has nothing left for this clinician. */
async function gradeAll(campaignId: number, expertId: string) {
  for (;;) {
    const claim = await claimGradingResponse({ campaignId, expertId });
    if (claim.kind === 'none') {
      if (claim.reason === 'done') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    await gradeAndSubmit(claim.assignmentId, expertId);
  }
}

let campaignId: number;
let experts: string[];

beforeAll(async () => {
  ({ admin, datasetId } = await seedDemoAdmin());
  experts = Array.from({ length: 6 }, () => randomUUID());
  await prisma.user.createMany({
    data: experts.map((id, i) => ({ id, email: `gc-${id}@test.local`, name: `Clinician ${i}`, role: 'EXPERT' })),
  });
  const created = await createGradingCampaign({
    actor: admin,
    input: createGradingCampaignSchema.parse({
      name: `Grading counters ${randomUUID().slice(0, 8)}`,
      overlapK: 3,
      expertIds: experts,
      selection: { datasetId, responses: 4, seed: 11 },
    }),
  });
  campaignId = created.id;
});

describe('grading progress counters', () => {
  it('follow six clinicians grading the same responses at once, each response filled while others’ gradings of it count as open', async () => {
    await expectFresh();
    const before = (await listForAdmin()).find((row) => row.id === campaignId);
    expect(before).toMatchObject({ responses: 4, gradingsDone: 0, gradingsTotal: 12 });
    await Promise.all(experts.map((expertId) => gradeAll(campaignId, expertId)));
    await expectFresh();
    const progress = await pgPool().query(
      'SELECT sum(submitted)::int AS submitted, sum(submitted_open)::int AS open FROM expert_progress WHERE campaign_id = $1',
      [campaignId],
    );
    expect(progress.rows[0]).toEqual({ submitted: 12, open: 0 });
    expect((await listForAdmin()).find((row) => row.id === campaignId)).toMatchObject({ gradingsDone: 12, gradingsTotal: 12 });
    for (const expert of experts) expect(await shown(expert)).toEqual(await recounted(expert));
  });

  it('follow k raised, submissions withdrawn, assignments and units deleted, and the campaign deleted', async () => {
    await pgPool().query('UPDATE grading_units SET overlap_k = 4 WHERE campaign_id = $1', [campaignId]);
    await expectFresh();
    // Every response is open again, so each clinician's submissions count as open (the check can fail).
    const open = await pgPool().query('SELECT sum(submitted_open)::int AS n FROM expert_progress WHERE campaign_id = $1', [campaignId]);
    expect(open.rows[0].n).toBe(12);
    for (const expert of experts) expect(await shown(expert)).toEqual(await recounted(expert));
    await pgPool().query(`UPDATE grading_assignments SET state = 'EXPIRED' WHERE campaign_id = $1 AND id % 3 = 0`, [campaignId]);
    await pgPool().query('DELETE FROM grading_assignments WHERE campaign_id = $1 AND id % 3 = 1', [campaignId]);
    await expectFresh();
    await pgPool().query(
      'DELETE FROM grading_units WHERE campaign_id = $1 AND response_id = (SELECT min(response_id) FROM grading_units WHERE campaign_id = $1)',
      [campaignId],
    );
    await expectFresh();
    for (const expert of experts) expect(await shown(expert)).toEqual(await recounted(expert));
  });

  it('are counted by the migration for gradings made before it (its statements, on emptied counters)', async () => {
    const other = await createGradingCampaign({
      actor: admin,
      input: createGradingCampaignSchema.parse({
        name: `Grading backfill ${randomUUID().slice(0, 8)}`,
        overlapK: 2,
        expertIds: experts.slice(0, 3),
        selection: { datasetId, responses: 3, seed: 5 },
      }),
    });
    await Promise.all(experts.slice(0, 3).map((expertId) => gradeAll(other.id, expertId)));
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '20261128235451_grading_progress_counters', 'migration.sql'), 'utf8');
    const counters = migration.slice(
      migration.indexOf('INSERT INTO "grading_counters"'),
      migration.indexOf('GROUP BY 1, 2;') + 'GROUP BY 1, 2;'.length,
    );
    const progress = migration.slice(migration.indexOf("-- Every grading campaign's progress so far, counted once."));
    expect(counters).toContain('FROM grading_units');
    expect(progress).toContain('manual_grading_progress_sync');
    const kept = async () =>
      (
        await pgPool().query(
          // Rows counting nothing (a stripe or a clinician whose every unit went) are left by deletes, never made.
          `SELECT 'c' AS t, campaign_id, stripe::text AS who, ARRAY[units, open_units, submitted, wanted] AS m FROM grading_counters
            WHERE ARRAY[units, open_units, submitted, wanted] <> ARRAY[0, 0, 0, 0]
           UNION ALL SELECT 'p', p.campaign_id, p.expert_id, ARRAY[p.submitted, p.submitted_open] FROM expert_progress p
             JOIN audit_campaigns c ON c.id = p.campaign_id AND c.kind = 'GRADING' WHERE ARRAY[p.submitted, p.submitted_open] <> ARRAY[0, 0]
            ORDER BY 1, 2, 3`,
        )
      ).rows;
    const before = await kept();
    expect(before.length).toBeGreaterThan(0);
    await pgPool().query(
      `TRUNCATE grading_counters, grading_progress_marks;
       DELETE FROM expert_progress p USING audit_campaigns c WHERE c.id = p.campaign_id AND c.kind = 'GRADING'`,
    );
    expect(await staleCounters()).not.toEqual([]);
    await pgPool().query(counters);
    await pgPool().query(progress);
    await expectFresh();
    expect(await kept()).toEqual(before);
  });

  it('go with their campaign when it is deleted', async () => {
    await pgPool().query('DELETE FROM audit_campaigns WHERE id = $1', [campaignId]);
    await expectFresh();
    for (const table of ['grading_counters', 'expert_progress', 'grading_progress_marks'])
      expect((await pgPool().query(`SELECT count(*)::int AS n FROM ${table} WHERE campaign_id = $1`, [campaignId])).rows[0].n).toBe(0);
  });
});
