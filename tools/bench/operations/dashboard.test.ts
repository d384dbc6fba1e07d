// The dashboard benchmark on the demo dataset: the fixture writes rows the schema and the claim checks accept,
// at the intended rates, and the hand-written statement (the raw side) counts exactly what computeDashboard
// counts, also once criteria await verdicts, verdicts are drafts and the campaign is open again.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { claimChecks } from '@/tools/bench/operations/claim-next';
import { dashboardVsRaw } from '@/tools/bench/dashboard-vs-raw';
import {
  appCounts,
  compareCounts,
  measureWriteOverhead,
  profileDashboard,
  rawCounts,
  rawDashboard,
} from '@/tools/bench/operations/dashboard';
import { type AuditedCampaign, buildAuditedCampaign } from '@/tools/fixtures/audited-campaign-by-sql';
import { BENCH_REVIEWER_ID } from '@/tools/fixtures/bench-users';
import { prisma } from '@/lib/db';
import { AUDIT_EXPERTS as experts, auditedDemo } from '@/tools/fixtures/audited-demo';

let db: pg.Pool;
let campaign: AuditedCampaign;
const sameCounts = () => dashboardVsRaw(db);

beforeAll(async () => {
  // A status other than PENDING must not keep a criterion out of the campaign.
  ({ db, campaign } = await auditedDemo(7, (datasetId) =>
    prisma.criterion.updateMany({ where: { datasetId, position: 0 }, data: { status: 'VERIFIED' } }),
  ));
});

describe('buildAuditedCampaign', () => {
  it('gives every criterion of the dataset k verdicts from k different experts, on submitted assignments', async () => {
    const criteria = await prisma.criterion.count();
    expect(campaign.criteria).toBe(criteria);
    expect(campaign.assignments).toBe(3 * campaign.queries);
    expect(campaign.verdicts).toBe(3 * criteria);
    const perCriterion = await db.query<{ verdicts: number; experts: number; n: number }>(
      `SELECT count(*)::int AS verdicts, count(DISTINCT expert_id)::int AS experts, count(*) OVER ()::int AS n
         FROM verdicts WHERE campaign_id = $1 AND submitted_at IS NOT NULL GROUP BY criterion_id`,
      [campaign.id],
    );
    expect(perCriterion.rows.every((row) => row.verdicts === 3 && row.experts === 3)).toBe(true);
    expect(perCriterion.rows[0]?.n).toBe(criteria);
    expect(await claimChecks(db, campaign.id)).toMatchObject({ overAssigned: 0, duplicates: 0, holdersMismatch: 0, submittedMismatch: 0 });
    const pairs = await db.query<{ n: number }>(
      `SELECT count(DISTINCT (a.expert_id, b.expert_id))::int AS n FROM verdicts a
         JOIN verdicts b ON b.campaign_id = a.campaign_id AND b.criterion_id = a.criterion_id AND b.expert_id > a.expert_id
        WHERE a.campaign_id = $1`,
      [campaign.id],
    );
    expect(pairs.rows[0]?.n).toBe((experts.length * (experts.length - 1)) / 2);
  });

  it('mostly accepts, mostly unanimously, and adjudicates about half of the disputes', async () => {
    const { totals } = await computeDashboard({ campaignId: campaign.id });
    const accepted = await prisma.verdict.count({ where: { campaignId: campaign.id, decision: 'ACCEPT' } });
    expect(accepted / campaign.verdicts).toBeGreaterThan(0.82);
    expect(accepted / campaign.verdicts).toBeLessThan(0.93);
    expect(totals.unanimous / totals.criteria).toBeGreaterThan(0.68);
    expect(totals.unanimous / totals.criteria).toBeLessThan(0.85);
    expect(totals.unanimous).toBeGreaterThan(totals.strict.count - totals.adjudicated);
    expect(totals.adjudicated).toBe(campaign.adjudications);
    expect(totals.unresolved).toBeGreaterThan(0);
    expect(totals.adjudicated / (totals.adjudicated + totals.unresolved)).toBeGreaterThan(0.3);
    expect(totals.adjudicated / (totals.adjudicated + totals.unresolved)).toBeLessThan(0.7);
    expect(totals.awaiting).toBe(0);
  });
});

describe('the raw dashboard statement', () => {
  it('counts what computeDashboard counts', async () => {
    expect(await sameCounts()).toEqual([]);
    const counts = rawCounts(await rawDashboard(db));
    expect(counts.get('totals.criteria')).toBe(campaign.criteria);
    expect(counts.get('fleiss.subjects')).toBe(campaign.criteria);
    expect(counts.get('errors.WEIGHT_OVER.confirmed')).toBeGreaterThan(0);
  });

  it('still counts the same with criteria awaiting verdicts, drafts and another, open campaign', async () => {
    const open = await buildAuditedCampaign(db, {
      datasetId: (await prisma.dataset.findFirstOrThrow()).id,
      experts,
      reviewerId: BENCH_REVIEWER_ID,
      actorId: BENCH_REVIEWER_ID,
      seed: 8,
    });
    await db.query(`UPDATE audit_campaigns SET status = 'OPEN', closed_at = NULL WHERE id = $1`, [open.id]);
    await db.query('DELETE FROM verdicts WHERE campaign_id = $1 AND criterion_id % 5 = 0 AND expert_id = $2', [open.id, experts[0]]);
    await db.query('UPDATE verdicts SET submitted_at = NULL WHERE campaign_id = $1 AND criterion_id % 7 = 0 AND expert_id = $2', [
      open.id,
      experts[1],
    ]);
    await db.query('DELETE FROM verdicts WHERE campaign_id = $1 AND criterion_id % 11 = 0', [open.id]);
    const { totals } = await computeDashboard({ campaignId: open.id });
    expect(totals.awaiting).toBeGreaterThan(0);
    expect(totals.withVerdicts).toBeLessThan(totals.criteria);
    expect(await sameCounts()).toEqual([]);
  });

  it('reports the counts that differ', () => {
    const app = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    expect(compareCounts(app, new Map([['a', 1]]))).toEqual(['b: app 2, raw missing']);
    expect(compareCounts(app, new Map(app))).toEqual([]);
  });
});

describe('profileDashboard', () => {
  it("times the app's counts statement and the raw statement, and leaves nothing behind", async () => {
    const client = await db.connect();
    try {
      const deltas = async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM outcome_count_deltas')).rows[0]?.n;
      const before = await deltas();
      const profile = await profileDashboard(client);
      expect(profile.app.map((statement) => statement.name)).toEqual(['group counts']);
      // The app reads maintained counts: no verdict is aggregated when the dashboard opens.
      expect(profile.app[0]?.parts).toEqual([]);
      expect(profile.raw.parts.map((part) => part.name)).toEqual(['per-criterion outcome', 'verdict tally']);
      for (const part of profile.raw.parts) {
        expect(part.share).toBeGreaterThan(0);
        expect(part.share).toBeLessThanOrEqual(1);
      }
      expect(await deltas()).toBe(before);
    } finally {
      client.release();
    }
  });
});

describe('measureWriteOverhead', () => {
  it('times amendments both ways and leaves the counts as they were', async () => {
    const before = appCounts(await computeDashboard({}));
    const overhead = await measureWriteOverhead(db, 5);
    expect(overhead.amendments).toBe(10);
    expect(overhead.withTriggers.p50).toBeGreaterThan(0);
    expect(overhead.withoutTriggers.p50).toBeGreaterThan(0);
    expect(compareCounts(appCounts(await computeDashboard({})), before)).toEqual([]);
    expect(await sameCounts()).toEqual([]);
  });
});
