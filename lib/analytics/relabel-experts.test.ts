// Agreement figures describe the verdicts, not who is called what: the same verdicts under relabelled experts
// (another campaign audited with the same dice and the experts permuted) give the same alpha, Fleiss' kappa,
// pairwise kappas and leave-one-out agreements, each carried over to the relabelled expert.
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeDashboard, type Dashboard } from '@/lib/analytics/compute-dashboard';
import { prisma } from '@/lib/db';
import { buildAuditedCampaign } from '@/tools/fixtures/audited-campaign-by-sql';
import { AUDIT_EXPERTS, auditedDemo } from '@/tools/fixtures/audited-demo';
import { BENCH_REVIEWER_ID } from '@/tools/fixtures/bench-users';

const SEED = 5;
/** Permutations of the four experts tried besides the identity: a cycle, a swap, a reversal. */
const PERMUTATIONS = [
  [1, 2, 3, 0],
  [1, 0, 2, 3],
  [3, 2, 1, 0],
];

let db: pg.Pool;
let original: Dashboard;

beforeAll(async () => {
  const audited = await auditedDemo(SEED);
  db = audited.db;
  original = await computeDashboard({ campaignId: audited.campaign.id });
}, 120_000);

describe('agreement figures under relabelled experts', () => {
  it('never change', async () => {
    const datasetId = (await prisma.dataset.findFirstOrThrow()).id;
    expect(original.agreement.pairableUnits).toBeGreaterThan(0);
    for (const permutation of PERMUTATIONS) {
      const experts = permutation.map((index) => AUDIT_EXPERTS[index] as string);
      // Position p of the expert list audits the same slots in both campaigns: AUDIT_EXPERTS[p] becomes experts[p].
      const relabel = new Map(AUDIT_EXPERTS.map((id, p) => [id, experts[p] as string]));
      const campaign = await buildAuditedCampaign(db, {
        datasetId,
        experts,
        reviewerId: BENCH_REVIEWER_ID,
        actorId: BENCH_REVIEWER_ID,
        seed: SEED,
      });
      const { agreement } = await computeDashboard({ campaignId: campaign.id });
      expect(agreement.alphaNominal).toBeCloseTo(original.agreement.alphaNominal, 12);
      expect(agreement.alphaOrdinal).toBeCloseTo(original.agreement.alphaOrdinal, 12);
      expect(agreement.fleiss).toEqual(original.agreement.fleiss);
      expect(agreement.pairwise).toHaveLength(original.agreement.pairwise.length);
      for (const pair of original.agreement.pairwise) {
        const [a, b] = [relabel.get(pair.a), relabel.get(pair.b)];
        const match = agreement.pairwise.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
        expect(match?.n).toBe(pair.n);
        expect(match?.kappa).toBeCloseTo(pair.kappa, 12);
      }
      for (const expert of original.agreement.withFinal) {
        const match = agreement.withFinal.find((row) => row.id === relabel.get(expert.id));
        expect(match?.verdicts).toBe(expert.verdicts);
        expect(match?.agreement).toEqual(expert.agreement);
      }
    }
  });
});
