// The counts the dashboard reads are maintained by triggers (migration analytics_maintained). After every kind
// of change that can move a criterion's outcome or its groups, the maintained outcome rows must equal a fresh
// computation over all pairs, and the dashboard's counts must equal the bench's hand-written statement, which
// counts straight from the verdicts. Two experts submitting on the same criterion at once must both count.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { prisma } from '@/lib/db';
import { dashboardVsRaw } from '@/tools/bench/dashboard-vs-raw';
import { type AuditedCampaign, buildAuditedCampaign } from '@/tools/fixtures/audited-campaign-by-sql';
import { AUDIT_EXPERTS as experts, auditedDemo } from '@/tools/fixtures/audited-demo';
import { BENCH_REVIEWER_ID } from '@/tools/fixtures/bench-users';
import { waitForLockWaiters } from '@/tools/testing/wait-for-lock-waiters';

let db: pg.Pool;
let campaign: AuditedCampaign;
const sameCounts = () => dashboardVsRaw(db);

/** Maintained outcome rows that differ from a fresh computation (or exist on one side only). */
async function staleOutcomes(): Promise<number> {
  const result = await db.query<{ n: number }>(
    `WITH fresh AS (
       SELECT * FROM manual_compute_outcomes(ARRAY(SELECT campaign_id FROM campaign_criteria ORDER BY 1),
                                             ARRAY(SELECT criterion_id FROM campaign_criteria ORDER BY campaign_id)))
     SELECT count(*)::int AS n FROM (
       (SELECT * FROM fresh EXCEPT ALL SELECT * FROM criterion_outcomes)
       UNION ALL
       (SELECT * FROM criterion_outcomes EXCEPT ALL SELECT * FROM fresh)) d`,
  );
  return result.rows[0]?.n ?? -1;
}

/**
 * Criteria whose status, final campaign or text differ from what their outcomes make them (the lifecycle the
 * same triggers keep: manual_compute_criterion_states), or whose text is not their current revision's.
 */
async function staleStates(): Promise<number> {
  const result = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM criteria c
       JOIN manual_compute_criterion_states(ARRAY(SELECT id FROM criteria)) s ON s.criterion_id = c.id
       LEFT JOIN criterion_revisions r ON r.criterion_id = c.id AND r.revision = c.revision
      WHERE (c.status, c.final_campaign_id) IS DISTINCT FROM (s.status, s.final_campaign_id)
         OR (s.title IS NOT NULL AND (c.title, c.description, c.tier, c.points) IS DISTINCT FROM (s.title, s.description, s.tier, s.points))
         OR (c.title, c.description, c.tier, c.points) IS DISTINCT FROM (r.title, r.description, r.tier, r.points)`,
  );
  return result.rows[0]?.n ?? -1;
}

/**
 * Groups whose maintained cluster moments (migration analytics_clusters) differ from moments computed afresh
 * from the outcome rows, per query (read after a fold), plus current outcomes that are not the criterion's
 * latest final decision (else its latest campaign).
 */
async function staleMoments(): Promise<number> {
  const result = await db.query<{ n: number }>(
    `WITH contributions AS (
       SELECT c.* FROM criterion_outcomes o, manual_outcome_contributions(o, 1, o.campaign_id) c
       UNION ALL
       SELECT c.* FROM criterion_outcomes o
         JOIN manual_current_outcomes x ON x.criterion_id = o.criterion_id AND x.campaign_id = o.campaign_id,
              manual_outcome_contributions(o, 1, 0) c),
     per_query AS (
       SELECT campaign_id, dataset_id, breakdown, key, query_id, sum(finalized)::bigint AS f, sum(accepted)::bigint AS a,
              sum(with_verdicts)::bigint AS v, sum(p_relevance)::bigint AS pr, sum(c_weight_over)::bigint AS cwo,
              sum(loo_n)::bigint AS ln, sum(loo_agrees)::bigint AS la
         FROM contributions WHERE query_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5),
     fresh AS (
       SELECT campaign_id, dataset_id, breakdown, key,
              ARRAY[count(*) FILTER (WHERE f > 0), sum(f * f), sum(a * a), sum(a * f), count(*) FILTER (WHERE v > 0), sum(v * v),
                    sum(pr * pr), sum(pr * v), sum(cwo * cwo), sum(cwo * f), count(*) FILTER (WHERE ln > 0), sum(ln * ln),
                    sum(la * la), sum(la * ln)]::bigint[] AS m
         FROM per_query GROUP BY 1, 2, 3, 4 HAVING sum(f) + sum(v) + sum(ln) > 0),
     kept AS (
       SELECT campaign_id, dataset_id, breakdown, key,
              ARRAY[k_finalized, tt_finalized, ss_accepted, st_accepted, k_with_verdicts, tt_with_verdicts, ss_p_relevance,
                    st_p_relevance, ss_c_weight_over, st_c_weight_over, k_loo_n, tt_loo_n, ss_loo_agrees, st_loo_agrees]::bigint[] AS m
         FROM outcome_counts WHERE breakdown NOT IN ('pair', 'tally') AND finalized + with_verdicts + loo_n > 0)
     SELECT (SELECT count(*)::int FROM fresh f FULL JOIN kept k USING (campaign_id, dataset_id, breakdown, key)
              WHERE f.m IS DISTINCT FROM k.m)
          + (SELECT count(*)::int FROM (
               SELECT o.criterion_id, coalesce(max(c.final_campaign_id), max(o.campaign_id)) AS campaign_id
                 FROM criterion_outcomes o JOIN criteria c ON c.id = o.criterion_id GROUP BY o.criterion_id) w
               FULL JOIN manual_current_outcomes x USING (criterion_id)
               LEFT JOIN criterion_outcomes o ON o.criterion_id = w.criterion_id AND o.campaign_id = w.campaign_id
              WHERE w.campaign_id IS DISTINCT FROM x.campaign_id OR x.counted IS DISTINCT FROM o) AS n`,
  );
  return result.rows[0]?.n ?? -1;
}

beforeAll(async () => {
  ({ db, campaign } = await auditedDemo(3));
});

describe('maintained outcomes and group counts', () => {
  it('start equal to a fresh computation and to the raw statement', async () => {
    expect(await db.query('SELECT count(*)::int AS n FROM criterion_outcomes')).toMatchObject({ rows: [{ n: campaign.criteria }] });
    expect(await staleOutcomes()).toBe(0);
    expect(await staleStates()).toBe(0);
    expect(await sameCounts()).toEqual([]);
    expect(await staleMoments()).toBe(0);
  });

  it('follow edits to criteria, queries, provenance, adjudications, campaign criteria and the campaign', async () => {
    const before = await computeDashboard({});
    await db.query(`UPDATE criteria SET tier = 'PITFALL', tags = ARRAY['moved-tag'], red_line = NOT red_line WHERE id % 9 = 0`);
    await db.query(`UPDATE queries SET department = 'Moved department' WHERE id % 4 = 0`);
    await db.query(`UPDATE criterion_provenance SET generator_models = ARRAY['model-x', 'model-y'] WHERE criterion_id % 3 = 0`);
    await db.query('DELETE FROM criterion_provenance WHERE criterion_id % 13 = 0');
    await db.query(`UPDATE adjudications SET gold_decision = 'REJECT', dimensions = '{CORRECTNESS}' WHERE criterion_id % 2 = 0`);
    await db.query('DELETE FROM adjudications WHERE criterion_id % 5 = 0');
    await db.query('DELETE FROM campaign_criteria WHERE campaign_id = $1 AND criterion_id % 17 = 0', [campaign.id]);
    await db.query(
      `UPDATE verdicts SET decision = 'REVISE_MINOR', dimensions = '{RELEVANCE}' WHERE criterion_id % 6 = 1 AND expert_id = $1`,
      [experts[1]],
    );
    expect(await staleOutcomes()).toBe(0);
    expect(await staleStates()).toBe(0);
    expect(await sameCounts()).toEqual([]);
    expect(await staleMoments()).toBe(0);
    const after = await computeDashboard({});
    expect(after.totals.criteria).toBeLessThan(before.totals.criteria);
    expect(after.breakdowns.department.some((group) => group.label === 'Moved department')).toBe(true);
    expect(after.breakdowns.generatorModel.some((group) => group.key === 'model-x')).toBe(true);

    // Reopening with a larger k makes every criterion incomplete again: nothing final, everything awaiting.
    await db.query(`UPDATE audit_campaigns SET status = 'OPEN', overlap_k = 5 WHERE id = $1`, [campaign.id]);
    expect(await staleOutcomes()).toBe(0);
    expect(await staleStates()).toBe(0);
    const reopened = await computeDashboard({ campaignId: campaign.id });
    expect(reopened.totals.finalized).toBe(reopened.totals.adjudicated);
    expect(reopened.totals.awaiting).toBe(reopened.totals.criteria - reopened.totals.adjudicated);
    await db.query(`UPDATE audit_campaigns SET status = 'CLOSED', overlap_k = 3 WHERE id = $1`, [campaign.id]);
    expect(await staleStates()).toBe(0);
    expect(await sameCounts()).toEqual([]);
    expect(await staleMoments()).toBe(0);
  });

  it('count each criterion once at dataset level when a second campaign audits it again (issue 20)', async () => {
    const criteria = async () =>
      (await db.query<{ n: number }>('SELECT count(DISTINCT criterion_id)::int AS n FROM criterion_outcomes')).rows[0]?.n;
    const dataset = await prisma.dataset.findFirstOrThrow();
    const second = await buildAuditedCampaign(db, {
      datasetId: dataset.id,
      experts,
      reviewerId: BENCH_REVIEWER_ID,
      actorId: BENCH_REVIEWER_ID,
      seed: 11,
    });
    // The re-audit is still open on a third of its criteria: they await verdicts, and count with their earlier decision.
    await db.query(`UPDATE audit_campaigns SET status = 'OPEN', closed_at = NULL WHERE id = $1`, [second.id]);
    await db.query('DELETE FROM verdicts WHERE campaign_id = $1 AND criterion_id % 3 = 0', [second.id]);
    expect(await staleOutcomes()).toBe(0);
    expect(await staleStates()).toBe(0);
    expect(await sameCounts()).toEqual([]);
    expect(await staleMoments()).toBe(0);
    const whole = await computeDashboard({});
    const [first, again] = [await computeDashboard({ campaignId: campaign.id }), await computeDashboard({ campaignId: second.id })];
    expect(whole.totals.criteria).toBe(await criteria());
    expect(first.totals.criteria + again.totals.criteria).toBeGreaterThan(whole.totals.criteria);
    // Awaiting in the re-audit, yet decided by the first campaign: dataset level counts the decision.
    expect(again.totals.awaiting).toBeGreaterThan(0);
    expect(whole.totals.finalized).toBeGreaterThanOrEqual(first.totals.finalized);
    // Deleting the re-audit moves every criterion back to its first outcome (one statement: its cascades'
    // triggers fire in an order of PostgreSQL's choosing).
    await db.query('DELETE FROM audit_campaigns WHERE id = $1', [second.id]);
    expect(await staleStates()).toBe(0);
    expect(await sameCounts()).toEqual([]);
    expect(await staleMoments()).toBe(0);
    expect((await computeDashboard({})).totals).toEqual((await computeDashboard({ campaignId: campaign.id })).totals);
  });

  it('keep no empty groups once folded, and a fold moves every delta', async () => {
    await computeDashboard({});
    const left = await db.query<{ deltas: number; empty: number }>(
      `SELECT (SELECT count(*)::int FROM outcome_count_deltas) AS deltas,
              (SELECT count(*)::int FROM outcome_counts WHERE criteria = 0)
              + (SELECT count(*)::int FROM outcome_query_counts WHERE criteria = 0) AS empty`,
    );
    expect(left.rows[0]).toEqual({ deltas: 0, empty: 0 });
  });

  it('count both of two verdicts submitted at once on the same criterion', async () => {
    const target = await db.query<{ criterion_id: number }>(
      `SELECT criterion_id FROM verdicts WHERE campaign_id = $1 AND submitted_at IS NOT NULL
        GROUP BY criterion_id HAVING count(*) = 3 ORDER BY criterion_id LIMIT 1`,
      [campaign.id],
    );
    const criterionId = target.rows[0]?.criterion_id;
    if (criterionId === undefined) throw new Error('no criterion with three verdicts');
    const removed = await db.query<{ id: number }>(
      `SELECT id FROM verdicts WHERE campaign_id = $1 AND criterion_id = $2 ORDER BY id LIMIT 2`,
      [campaign.id, criterionId],
    );
    const ids = removed.rows.map((row) => row.id);
    // Take two verdicts back to drafts, then submit them again from two connections whose transactions overlap.
    await db.query('UPDATE verdicts SET submitted_at = NULL WHERE id = ANY($1::int[])', [ids]);
    const verdictsOf = async () =>
      (
        await db.query<{ verdicts: number }>('SELECT verdicts FROM criterion_outcomes WHERE campaign_id = $1 AND criterion_id = $2', [
          campaign.id,
          criterionId,
        ])
      ).rows[0]?.verdicts;
    expect(await verdictsOf()).toBe(1);
    const [first, second] = [await db.connect(), await db.connect()];
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await first.query('UPDATE verdicts SET submitted_at = now() WHERE id = $1', [ids[0]]);
      // The second submission waits for the first one's lock on the outcome row (PostgreSQL shows it waiting),
      // then counts its verdict too.
      const secondPid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number;
      const pending = second.query('UPDATE verdicts SET submitted_at = now() WHERE id = $1', [ids[1]]);
      await waitForLockWaiters(db, { count: 1, pids: [secondPid] });
      await first.query('COMMIT');
      await pending;
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    expect(await verdictsOf()).toBe(3);
    expect(await staleOutcomes()).toBe(0);
    expect(await staleStates()).toBe(0);
    expect(await sameCounts()).toEqual([]);
    expect(await staleMoments()).toBe(0);
  });
});
