// A campaign's progress is kept on write (migrations campaign_counters, striped_campaign_counters: 16 stripes by
// query) so that no page recounts it. After every
// kind of change that moves it (criteria added or removed, queries added, submissions, k changed, a campaign
// deleted, two submissions at once), the counters must equal a recount, and the expert home's figures must equal
// the recount it used to run.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClaimResult, claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment, listExpertCampaigns } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';
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

/** The expert home's figures as it computed them before the counters (the oracle). */
async function recountedHome(expertId: string) {
  const result = await db.query(
    `SELECT ac.id,
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
  (await listExpertCampaigns(expertId)).map(({ id, mineRemaining, campaignDone, campaignTotal }) => ({
    id,
    mineRemaining,
    campaignDone,
    campaignTotal,
  }));

beforeAll(async () => {
  ({ db, campaign: audited } = await auditedDemo(5));
});

describe('campaign counters', () => {
  it('equal a recount after a campaign is built in bulk, and the expert home equals its old recount', async () => {
    expect(await staleCounters()).toEqual([]);
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

  it('follow criteria removed and added, submissions, k and status changes, and a deleted campaign', async () => {
    await db.query('DELETE FROM campaign_criteria WHERE campaign_id = $1 AND criterion_id % 7 = 0', [audited.id]);
    expect(await staleCounters()).toEqual([]);
    await db.query(`UPDATE audit_campaigns SET status = 'OPEN', overlap_k = 4, closed_at = NULL WHERE id = $1`, [audited.id]);
    await db.query('UPDATE campaign_queries SET overlap_k = 4 WHERE campaign_id = $1', [audited.id]);
    await db.query('UPDATE campaign_queries SET submitted_count = submitted_count - 1 WHERE campaign_id = $1 AND query_id % 3 = 0', [
      audited.id,
    ]);
    expect(await staleCounters()).toEqual([]);
    // Criteria put back into the campaign, some for queries it no longer holds (their query rows come after).
    await db.query(
      `INSERT INTO campaign_criteria (campaign_id, criterion_id, query_id, revision)
       SELECT $1, c.id, c.query_id, c.revision FROM criteria c
        WHERE c.id % 7 = 0 AND NOT EXISTS (SELECT 1 FROM campaign_criteria x WHERE x.campaign_id = $1 AND x.criterion_id = c.id)`,
      [audited.id],
    );
    await db.query('DELETE FROM campaign_queries WHERE campaign_id = $1 AND query_id % 5 = 0', [audited.id]);
    expect(await staleCounters()).toEqual([]);
    await db.query(
      `INSERT INTO campaign_queries (campaign_id, query_id, overlap_k, sort_key)
       SELECT DISTINCT $1::int, cc.query_id, 4, cc.query_id FROM campaign_criteria cc
        WHERE cc.campaign_id = $1 AND NOT EXISTS (SELECT 1 FROM campaign_queries q WHERE q.campaign_id = $1 AND q.query_id = cc.query_id)`,
      [audited.id],
    );
    expect(await staleCounters()).toEqual([]);
    for (const expert of AUDIT_EXPERTS) expect(await home(expert)).toEqual(await recountedHome(expert));
    await expect(db.query('UPDATE campaign_criteria SET query_id = query_id + 1 WHERE campaign_id = $1', [audited.id])).rejects.toThrow(
      /cannot move/,
    );
  });

  it('count both of two submissions made at once, through the app’s own claim and submit', async () => {
    const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
    const dataset = await prisma.dataset.findFirstOrThrow();
    const experts = [randomUUID(), randomUUID()];
    await prisma.user.createMany({
      data: experts.map((id, index) => ({ id, email: `counter-${id}@test.local`, name: `Counter ${index}`, role: 'EXPERT' })),
    });
    const created = await createCampaign({
      actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
      input: createCampaignSchema.parse({
        name: `Counters ${randomUUID().slice(0, 8)}`,
        overlapK: 2,
        selection: { mode: 'filter', datasetId: dataset.id, maxQueries: 2, audit: 'all' },
        expertIds: experts,
      }),
    });
    expect(await staleCounters()).toEqual([]);
    const claims: { expertId: string; claim: ClaimResult }[] = [];
    for (const expertId of experts) claims.push({ expertId, claim: await claimNext({ expertId, campaignId: created.id }) });
    const submit = async ({ expertId, claim }: { expertId: string; claim: ClaimResult }) => {
      if (claim.kind === 'none') throw new Error(`nothing claimed: ${claim.reason}`);
      const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId });
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
    };
    const submitted = await Promise.all(claims.map(submit));
    expect(await staleCounters()).toEqual([]);
    const [mine] = (await listExpertCampaigns(experts[0] ?? '')).filter((c) => c.id === created.id);
    expect(mine?.campaignDone).toBe(submitted.reduce((sum, n) => sum + n, 0));
    for (const expert of experts) expect(await home(expert)).toEqual(await recountedHome(expert));
  });

  it('go with their campaign when it is deleted', async () => {
    await db.query('DELETE FROM audit_campaigns WHERE id = $1', [audited.id]);
    expect(await staleCounters()).toEqual([]);
    expect((await db.query('SELECT count(*)::int AS n FROM campaign_counters WHERE campaign_id = $1', [audited.id])).rows[0].n).toBe(0);
  });
});
