// A campaign's progress is kept on write (migrations campaign_counters, striped_campaign_counters: 16 stripes by
// query), and so is each expert's (expert_progress_counters: mine done, submitted and still open), so that no page
// recounts either. After every
// kind of change that moves it (criteria added or removed, queries added, submissions, k changed, a campaign
// deleted, submissions at once, some filling a query others submitted), the counters must equal a recount, and the expert home's figures must equal
// the recount it used to run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClaimResult, claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment, listExpertCampaigns } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';
import { MIGRATIONS_DIR } from '@/lib/db/migrate';
import { AUDIT_EXPERTS, auditedDemo } from '@/tools/fixtures/audited-demo';
import type { AuditedCampaign } from '@/tools/fixtures/audited-campaign-by-sql';

let db: pg.Pool;
let audited: AuditedCampaign;

/** Campaigns whose counters differ from a recount, in total or in any stripe (a missing counter row counts as zeros). */
async function staleCounters(): Promise<{ campaign_id: number; kept: number[]; fresh: number[] }[]> {
  const result = await db.query(
    `WITH fresh AS (
       SELECT ac.id AS campaign_id,
              ARRAY[(SELECT count(*) FROM campaign_criteria cc WHERE cc.campaign_id = ac.id),
                    (SELECT count(*) FROM campaign_queries cq WHERE cq.campaign_id = ac.id),
                    (SELECT count(*) FROM campaign_queries cq WHERE cq.campaign_id = ac.id AND cq.submitted_count < cq.overlap_k),
                    (SELECT COALESCE(sum(cq.submitted_count * n.n), 0) FROM campaign_queries cq
                       JOIN (SELECT query_id, count(*) AS n FROM campaign_criteria WHERE campaign_id = ac.id GROUP BY 1) n
                         ON n.query_id = cq.query_id
                      WHERE cq.campaign_id = ac.id)]::int[] AS m
         FROM audit_campaigns ac),
     kept AS (
       SELECT ac.id AS campaign_id,
              ARRAY[COALESCE(c.criteria, 0), COALESCE(c.queries, 0), COALESCE(c.open_queries, 0), COALESCE(c.submissions, 0)]::int[] AS m
         FROM audit_campaigns ac
         LEFT JOIN (SELECT campaign_id, sum(criteria)::int AS criteria, sum(queries)::int AS queries,
                           sum(open_queries)::int AS open_queries, sum(submissions)::int AS submissions
                      FROM campaign_counters GROUP BY 1) c ON c.campaign_id = ac.id),
     -- Each stripe on its own (query_id % 16): criteria, queries, open queries and submissions of its queries.
     fresh_stripes AS (
       SELECT campaign_id, stripe, ARRAY[sum(criteria), sum(queries), sum(open_queries), sum(submissions)]::int[] AS m
         FROM (SELECT campaign_id, query_id % 16 AS stripe, 1 AS criteria, 0 AS queries, 0 AS open_queries, 0 AS submissions
                 FROM campaign_criteria
               UNION ALL
               SELECT cq.campaign_id, cq.query_id % 16, 0, 1, (cq.submitted_count < cq.overlap_k)::int,
                      cq.submitted_count * (SELECT count(*) FROM campaign_criteria cc
                                             WHERE cc.campaign_id = cq.campaign_id AND cc.query_id = cq.query_id)
                 FROM campaign_queries cq) rows
        GROUP BY 1, 2),
     kept_stripes AS (SELECT campaign_id, stripe, ARRAY[criteria, queries, open_queries, submissions]::int[] AS m FROM campaign_counters)
     SELECT f.campaign_id, k.m AS kept, f.m AS fresh FROM fresh f JOIN kept k USING (campaign_id) WHERE f.m IS DISTINCT FROM k.m
     UNION ALL
     SELECT coalesce(f.campaign_id, k.campaign_id), k.m, f.m
       FROM fresh_stripes f FULL JOIN kept_stripes k ON k.campaign_id = f.campaign_id AND k.stripe = f.stripe
      WHERE f.m IS DISTINCT FROM k.m AND (f.m IS NULL OR k.m IS NULL OR f.m <> k.m)
        AND coalesce(f.m, k.m) <> ARRAY[0, 0, 0, 0]
     UNION ALL
     SELECT q.campaign_id, ARRAY[q.criteria_count], ARRAY[(SELECT count(*)::int FROM campaign_criteria cc
                                                           WHERE cc.campaign_id = q.campaign_id AND cc.query_id = q.query_id)]
       FROM campaign_queries q
      WHERE q.criteria_count <> (SELECT count(*) FROM campaign_criteria cc WHERE cc.campaign_id = q.campaign_id AND cc.query_id = q.query_id)`,
  );
  return result.rows;
}

/** Experts whose kept progress in a campaign differs from a recount of their submitted assignments. */
async function staleProgress(): Promise<{ campaign_id: number; expert_id: string; kept: number[]; fresh: number[] }[]> {
  const result = await db.query(
    `WITH fresh AS (
       SELECT a.campaign_id, a.expert_id,
              ARRAY[count(*), count(*) FILTER (WHERE cq.submitted_count < cq.overlap_k)]::int[] AS m
         FROM assignments a JOIN campaign_queries cq ON cq.campaign_id = a.campaign_id AND cq.query_id = a.query_id
        WHERE a.state = 'SUBMITTED' GROUP BY 1, 2),
     kept AS (SELECT campaign_id, expert_id, ARRAY[submitted, submitted_open]::int[] AS m FROM expert_progress)
     SELECT coalesce(f.campaign_id, k.campaign_id) AS campaign_id, coalesce(f.expert_id, k.expert_id) AS expert_id,
            k.m AS kept, f.m AS fresh
       FROM fresh f FULL JOIN kept k ON k.campaign_id = f.campaign_id AND k.expert_id = f.expert_id
      WHERE coalesce(f.m, ARRAY[0, 0]) <> coalesce(k.m, ARRAY[0, 0])`,
  );
  return result.rows;
}

/** Both kinds of counters equal their recounts. */
async function expectFresh() {
  expect(await staleCounters()).toEqual([]);
  expect(await staleProgress()).toEqual([]);
}

/** The expert home's figures as it computed them before the counters (the oracle). */
async function recountedHome(expertId: string) {
  const result = await db.query(
    `SELECT ac.id,
       (SELECT count(*)::int FROM assignments a WHERE a.campaign_id = ac.id AND a.expert_id = $1 AND a.state = 'SUBMITTED') AS "mineDone",
       (SELECT count(*)::int FROM campaign_queries cq WHERE ac.status = 'OPEN' AND cq.campaign_id = ac.id AND cq.submitted_count < cq.overlap_k
          AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.campaign_id = ac.id AND a.query_id = cq.query_id
                          AND a.expert_id = $1 AND a.state = 'SUBMITTED')) AS "mineRemaining",
       (SELECT COALESCE(sum(cq.submitted_count * q.n), 0)::int FROM campaign_queries cq
          JOIN (SELECT query_id, count(*) AS n FROM campaign_criteria WHERE campaign_id = ac.id GROUP BY query_id) q ON q.query_id = cq.query_id
          WHERE cq.campaign_id = ac.id) AS "campaignDone",
       (SELECT (count(*) * ac.overlap_k)::int FROM campaign_criteria cc WHERE cc.campaign_id = ac.id) AS "campaignTotal"
     FROM audit_campaigns ac JOIN campaign_experts ce ON ce.campaign_id = ac.id AND ce.user_id = $1
     WHERE ac.kind = 'AUDIT' ORDER BY (ac.status = 'OPEN') DESC, ac.created_at DESC`,
    [expertId],
  );
  return result.rows;
}

const home = async (expertId: string) =>
  (await listExpertCampaigns(expertId)).map(({ id, mineDone, mineRemaining, campaignDone, campaignTotal }) => ({
    id,
    mineDone,
    mineRemaining,
    campaignDone,
    campaignTotal,
  }));

/** An open campaign over the first `queries` queries of the demo dataset, with new experts, made by the app. */
async function campaignWithExperts(spec: { experts: number; overlapK: number; queries: number }) {
  const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const dataset = await prisma.dataset.findFirstOrThrow();
  const experts = Array.from({ length: spec.experts }, () => randomUUID());
  await prisma.user.createMany({
    data: experts.map((id, index) => ({ id, email: `counter-${id}@test.local`, name: `Counter ${index}`, role: 'EXPERT' })),
  });
  const created = await createCampaign({
    actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
    input: createCampaignSchema.parse({
      name: `Counters ${randomUUID().slice(0, 8)}`,
      overlapK: spec.overlapK,
      selection: { mode: 'filter', datasetId: dataset.id, maxQueries: spec.queries, audit: 'all' },
      expertIds: experts,
    }),
  });
  return { campaignId: created.id, experts };
}

/** A verdict on each of the claimed query's criteria and the submission, through the app; returns the criteria. */
async function auditAndSubmit(expertId: string, assignmentId: number): Promise<number> {
  const view = await getExpertAssignment({ assignmentId, expertId });
  if (!view) throw new Error('no assignment');
  for (const criterion of view.criteria)
    await saveVerdict({
      expertId,
      draft: verdictDraftSchema.parse({
        assignmentId: view.id,
        criterionId: criterion.id,
        rowVersion: 0,
        decision: 'ACCEPT',
        secondsDelta: 10,
      }),
    });
  await submitAssignment({ expertId, input: { assignmentId: view.id, rowVersion: view.rowVersion, comprehensiveness: 4 } });
  return view.criteria.length;
}

beforeAll(async () => {
  ({ db, campaign: audited } = await auditedDemo(5));
});

describe('campaign counters', () => {
  it('equal a recount after a campaign is built in bulk, and the expert home equals its old recount', async () => {
    await expectFresh();
    const counter = await db.query(
      'SELECT sum(criteria)::int AS criteria, sum(submissions)::int AS submissions, count(*)::int AS stripes FROM campaign_counters WHERE campaign_id = $1',
      [audited.id],
    );
    // Its queries spread over the stripes.
    expect(counter.rows[0].stripes).toBeGreaterThan(1);
    // The check can fail: the audited campaign has criteria and submissions to count.
    expect(counter.rows[0].criteria).toBeGreaterThan(0);
    expect(counter.rows[0].submissions).toBeGreaterThan(0);
    for (const expert of AUDIT_EXPERTS) expect(await home(expert)).toEqual(await recountedHome(expert));
  });

  it('are counted by the migration for submissions made before it (its last statement, on emptied counters)', async () => {
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '20261128230527_expert_progress_counters', 'migration.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf("-- Every campaign's progress so far, counted once."));
    expect(backfill).toContain('manual_expert_progress_sync');
    const kept = await db.query('SELECT campaign_id, expert_id, submitted, submitted_open FROM expert_progress ORDER BY 1, 2');
    expect(kept.rows.length).toBeGreaterThan(0);
    await db.query('TRUNCATE expert_progress, expert_progress_marks');
    expect(await staleProgress()).not.toEqual([]);
    await db.query(backfill);
    await expectFresh();
    expect((await db.query('SELECT campaign_id, expert_id, submitted, submitted_open FROM expert_progress ORDER BY 1, 2')).rows).toEqual(
      kept.rows,
    );
  });

  it('follow criteria removed and added, submissions, k and status changes, and a deleted campaign', async () => {
    await db.query('DELETE FROM campaign_criteria WHERE campaign_id = $1 AND criterion_id % 7 = 0', [audited.id]);
    await expectFresh();
    await db.query(`UPDATE audit_campaigns SET status = 'OPEN', overlap_k = 4, closed_at = NULL WHERE id = $1`, [audited.id]);
    await db.query('UPDATE campaign_queries SET overlap_k = 4 WHERE campaign_id = $1', [audited.id]);
    await db.query('UPDATE campaign_queries SET submitted_count = submitted_count - 1 WHERE campaign_id = $1 AND query_id % 3 = 0', [
      audited.id,
    ]);
    await expectFresh();
    // With k raised, queries became open again: their submitters' submissions count as open (the check can fail).
    const open = await db.query('SELECT sum(submitted_open)::int AS n FROM expert_progress WHERE campaign_id = $1', [audited.id]);
    expect(open.rows[0].n).toBeGreaterThan(0);
    // Submissions withdrawn and assignments deleted, by paths the app does not take.
    await db.query(`UPDATE assignments SET state = 'EXPIRED' WHERE campaign_id = $1 AND id % 11 = 0`, [audited.id]);
    await db.query('DELETE FROM assignments WHERE campaign_id = $1 AND id % 13 = 0', [audited.id]);
    await expectFresh();
    // Criteria put back into the campaign, some for queries it no longer holds (their query rows come after).
    await db.query(
      `INSERT INTO campaign_criteria (campaign_id, criterion_id, query_id, revision)
       SELECT $1, c.id, c.query_id, c.revision FROM criteria c
        WHERE c.id % 7 = 0 AND NOT EXISTS (SELECT 1 FROM campaign_criteria x WHERE x.campaign_id = $1 AND x.criterion_id = c.id)`,
      [audited.id],
    );
    await db.query('DELETE FROM campaign_queries WHERE campaign_id = $1 AND query_id % 5 = 0', [audited.id]);
    await expectFresh();
    await db.query(
      `INSERT INTO campaign_queries (campaign_id, query_id, overlap_k, sort_key)
       SELECT DISTINCT $1::int, cc.query_id, 4, cc.query_id FROM campaign_criteria cc
        WHERE cc.campaign_id = $1 AND NOT EXISTS (SELECT 1 FROM campaign_queries q WHERE q.campaign_id = $1 AND q.query_id = cc.query_id)`,
      [audited.id],
    );
    await expectFresh();
    for (const expert of AUDIT_EXPERTS) expect(await home(expert)).toEqual(await recountedHome(expert));
    await expect(db.query('UPDATE campaign_criteria SET query_id = query_id + 1 WHERE campaign_id = $1', [audited.id])).rejects.toThrow(
      /cannot move/,
    );
  });

  it('count both of two submissions made at once, through the app’s own claim and submit', async () => {
    const { campaignId, experts } = await campaignWithExperts({ experts: 2, overlapK: 2, queries: 2 });
    await expectFresh();
    const claims: { expertId: string; claim: ClaimResult }[] = [];
    for (const expertId of experts) claims.push({ expertId, claim: await claimNext({ expertId, campaignId }) });
    const submitted = await Promise.all(
      claims.map(({ expertId, claim }) => {
        if (claim.kind === 'none') throw new Error(`nothing claimed: ${claim.reason}`);
        return auditAndSubmit(expertId, claim.assignmentId);
      }),
    );
    await expectFresh();
    const [mine] = (await listExpertCampaigns(experts[0] ?? '')).filter((c) => c.id === campaignId);
    expect(mine?.campaignDone).toBe(submitted.reduce((sum, n) => sum + n, 0));
    for (const expert of experts) expect(await home(expert)).toEqual(await recountedHome(expert));
  });

  it('follow six experts auditing the same queries at once, each query filled while others’ submissions of it count as open', async () => {
    const { campaignId, experts } = await campaignWithExperts({ experts: 6, overlapK: 3, queries: 4 });
    const midway: { mineDone: number; mineRemaining: number }[] = [];
    const auditAll = async (expertId: string) => {
      for (;;) {
        const claim = await claimNext({ expertId, campaignId });
        if (claim.kind === 'none') {
          if (claim.reason === 'done') return;
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        await auditAndSubmit(expertId, claim.assignmentId);
        const [mine] = await listExpertCampaigns(expertId, campaignId);
        if (mine) midway.push({ mineDone: mine.mineDone, mineRemaining: mine.mineRemaining });
      }
    };
    await Promise.all(experts.map(auditAll));
    await expectFresh();
    // Every query was filled (k = 3 of 6 experts each), so each expert's open submissions went back to zero.
    const filled = await db.query(
      'SELECT count(*)::int AS n FROM campaign_queries WHERE campaign_id = $1 AND submitted_count = overlap_k',
      [campaignId],
    );
    expect(filled.rows[0].n).toBe(4);
    const progress = await db.query(
      'SELECT sum(submitted)::int AS submitted, sum(submitted_open)::int AS open FROM expert_progress WHERE campaign_id = $1',
      [campaignId],
    );
    expect(progress.rows[0]).toEqual({ submitted: 12, open: 0 });
    // Along the way the figures were never negative, and "mine done" counted up.
    expect(midway.length).toBe(12);
    for (const figures of midway) expect(figures.mineRemaining).toBeGreaterThanOrEqual(0);
    for (const expert of experts) expect(await home(expert)).toEqual(await recountedHome(expert));
  });

  it('go with their campaign when it is deleted', async () => {
    await db.query('DELETE FROM audit_campaigns WHERE id = $1', [audited.id]);
    await expectFresh();
    expect((await db.query('SELECT count(*)::int AS n FROM campaign_counters WHERE campaign_id = $1', [audited.id])).rows[0].n).toBe(0);
    expect((await db.query('SELECT count(*)::int AS n FROM expert_progress WHERE campaign_id = $1', [audited.id])).rows[0].n).toBe(0);
    expect((await db.query('SELECT count(*)::int AS n FROM expert_progress_marks WHERE campaign_id = $1', [audited.id])).rows[0].n).toBe(0);
  });
});
