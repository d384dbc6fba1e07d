// The dashboard's SQL aggregation against an independent computation in JavaScript over the verdicts this
// test creates (with the list forms of lib/stats), on a real PostgreSQL.
import { DECISIONS, type Decision as DecisionValue } from '@/lib/vocabulary/enums';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';
import { clusterWilsonInterval, cohenKappa, fleissKappa, krippendorffAlpha, wilsonInterval } from '@/lib/stats';

let campaignId: number;
let experts: string[];

/**
 * A deterministic decision per (expert, criterion): most criteria unanimous (of every kind), some disputed. The
 * first query each expert claims is accepted throughout, so queries differ and the intervals' clustering shows.
 */
function decisionFor(expertIndex: number, criterionId: number, query: number): DecisionValue {
  if (query === 0) return 'ACCEPT';
  switch (criterionId % 6) {
    case 0:
    case 1:
      return 'ACCEPT';
    case 2:
      return 'REVISE_MINOR';
    case 3:
      return 'REJECT';
    case 4:
      return expertIndex === 0 ? 'REVISE_MAJOR' : 'ACCEPT';
    default:
      return DECISIONS[expertIndex % 4] as DecisionValue;
  }
}

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  experts = Array.from({ length: 3 }, () => randomUUID());
  await prisma.user.createMany({
    data: experts.map((id, index) => ({ id, email: `dash-${id}@test.local`, name: `Dash expert ${index}`, role: 'EXPERT' })),
  });
  const created = await createCampaign({
    actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
    input: createCampaignSchema.parse({
      name: 'Dashboard test',
      overlapK: 3,
      expertIds: experts,
      selection: { mode: 'filter', datasetId, maxQueries: 4 },
    }),
  });
  campaignId = created.id;
  // Every expert audits every query; the last expert leaves the last query unfinished (criteria awaiting).
  for (const [index, expertId] of experts.entries()) {
    for (let q = 0; q < 4; q++) {
      const claim = await claimNext({ campaignId, expertId });
      if (claim.kind === 'none') throw new Error('nothing to claim');
      const view = await getExpertAssignment({ assignmentId: claim.assignmentId, expertId });
      if (!view) throw new Error('no assignment');
      for (const criterion of view.criteria) {
        const decision = decisionFor(index, criterion.id, q);
        const fields =
          decision === 'ACCEPT'
            ? {}
            : decision === 'REJECT'
              ? { dimensions: criterion.id % 2 ? ['CORRECTNESS'] : ['WEIGHT'], weightDirection: criterion.id % 2 ? undefined : 'OVER' }
              : { dimensions: ['RELEVANCE'], comment: 'Needs rewording' };
        const draft = verdictDraftSchema.parse({
          assignmentId: claim.assignmentId,
          criterionId: criterion.id,
          rowVersion: 0,
          decision,
          secondsDelta: 10,
          ...fields,
        });
        expect((await saveVerdict({ expertId, draft })).status).toBe('saved');
      }
      if (index === 2 && q === 3) break;
      await submitAssignment({ expertId, input: { assignmentId: claim.assignmentId, rowVersion: view.rowVersion, comprehensiveness: 4 } });
    }
  }
});

async function independentTruth() {
  const verdicts = await prisma.verdict.findMany({
    where: { campaignId, submittedAt: { not: null } },
    select: { criterionId: true, expertId: true, decision: true, dimensions: true, weightDirection: true },
    orderBy: { id: 'asc' },
  });
  const adjudications = await prisma.adjudication.findMany({ where: { campaignId } });
  const criteria = await prisma.campaignCriterion.findMany({ where: { campaignId }, select: { criterionId: true, queryId: true } });
  const queryOf = new Map(criteria.map((c) => [c.criterionId, c.queryId]));
  const byCriterion = new Map<number, typeof verdicts>(criteria.map((c) => [c.criterionId, []]));
  for (const verdict of verdicts) byCriterion.get(verdict.criterionId)?.push(verdict);
  const final = new Map<number, { decision: string | null; provenance: string }>();
  for (const [criterionId, list] of byCriterion) {
    const complete = list.length >= 3;
    const unanimous = complete && new Set(list.map((v) => v.decision)).size === 1;
    const gold = adjudications.find((a) => a.criterionId === criterionId);
    if (unanimous) final.set(criterionId, { decision: list[0]?.decision ?? null, provenance: 'UNANIMOUS' });
    else if (gold) final.set(criterionId, { decision: gold.goldDecision, provenance: 'ADJUDICATED' });
    else final.set(criterionId, { decision: null, provenance: complete ? 'UNRESOLVED' : 'AWAITING' });
  }
  return { verdicts, byCriterion, final, queryOf, adjudications };
}

/** The clusters (one per query) of a proportion over criteria: successes and trials per query. */
function perQuery(items: { queryId: number; success: boolean }[]): { successes: number; trials: number }[] {
  const byQuery = new Map<number, { successes: number; trials: number }>();
  for (const { queryId, success } of items) {
    const cluster = byQuery.get(queryId) ?? { successes: 0, trials: 0 };
    cluster.trials += 1;
    cluster.successes += success ? 1 : 0;
    byQuery.set(queryId, cluster);
  }
  return [...byQuery.values()];
}

describe('computeDashboard', () => {
  it('equals an independent computation from the verdicts, before and after an adjudication', async () => {
    for (const stage of ['before', 'after'] as const) {
      if (stage === 'after') {
        const { final } = await independentTruth();
        const unresolved = [...final.entries()].find(([, f]) => f.provenance === 'UNRESOLVED');
        if (!unresolved) throw new Error('the fixture should leave a disagreement');
        const reviewer = await prisma.user.findFirstOrThrow({ where: { role: 'REVIEWER' } });
        await prisma.adjudication.create({
          data: {
            campaignId,
            criterionId: unresolved[0],
            reviewerId: reviewer.id,
            goldDecision: 'REJECT',
            dimensions: ['CORRECTNESS', 'WEIGHT'],
            weightDirection: 'UNDER',
            rationale: 'Wrong dose',
          },
        });
      }
      const { verdicts, byCriterion, final, queryOf, adjudications } = await independentTruth();
      const dashboard = await computeDashboard({ campaignId });
      const finals = [...final.values()].filter((f) => f.decision !== null);
      const accepted = finals.filter((f) => f.decision === 'ACCEPT').length;
      const lenient = finals.filter((f) => f.decision === 'ACCEPT' || f.decision === 'REVISE_MINOR').length;
      const count = (p: string) => [...final.values()].filter((f) => f.provenance === p).length;

      expect(dashboard.totals.criteria).toBe(byCriterion.size);
      expect(dashboard.totals.finalized).toBe(finals.length);
      expect(dashboard.totals.unanimous).toBe(count('UNANIMOUS'));
      expect(dashboard.totals.adjudicated).toBe(count('ADJUDICATED'));
      expect(dashboard.totals.unresolved).toBe(count('UNRESOLVED'));
      expect(dashboard.totals.awaiting).toBe(count('AWAITING'));
      expect(count('AWAITING')).toBeGreaterThan(0);
      // The fixture must exercise every kind of final decision, or the comparisons below prove little.
      expect(new Set(finals.map((f) => f.decision))).toEqual(new Set(['ACCEPT', 'REVISE_MINOR', 'REJECT']));
      expect(dashboard.totals.strict.count).toBe(accepted);
      expect(dashboard.totals.lenient.count).toBe(lenient);
      // The interval treats each query's criteria as a cluster; the plain Wilson interval is the secondary figure.
      const strictList = perQuery(
        [...final.entries()]
          .filter(([, f]) => f.decision !== null)
          .map(([criterionId, f]) => ({ queryId: queryOf.get(criterionId) as number, success: f.decision === 'ACCEPT' })),
      );
      const strictClusters = clusterWilsonInterval(strictList);
      expect(dashboard.totals.strict.low).toBeCloseTo(strictClusters.lower, 12);
      expect(dashboard.totals.strict.high).toBeCloseTo(strictClusters.upper, 12);
      expect(dashboard.totals.strict.designEffect).toBeCloseTo(strictClusters.designEffect, 12);
      expect(dashboard.totals.strict.clusters).toBe(strictList.length);
      expect(strictList.length).toBeGreaterThan(1);
      // The fixture's queries differ enough that clustering widens the interval (else this proves nothing).
      expect(strictClusters.designEffect).toBeGreaterThan(1);
      expect(dashboard.totals.strict.plain).toEqual(wilsonInterval(accepted, finals.length));
      // Bounds: every undecided criterion rejected, or accepted.
      const undecided = count('UNRESOLVED') + count('AWAITING');
      expect(dashboard.totals.bounds.strict[0]).toBeCloseTo(accepted / (finals.length + undecided), 12);
      expect(dashboard.totals.bounds.strict[1]).toBeCloseTo((accepted + undecided) / (finals.length + undecided), 12);
      expect(dashboard.totals.bounds.lenient[1]).toBeCloseTo((lenient + undecided) / (finals.length + undecided), 12);
      if (stage === 'after') expect(dashboard.totals.adjudicated).toBe(1);

      // Preliminary error flags: criteria any expert flagged.
      const flagged = (dimension: string) =>
        [...byCriterion.values()].filter((list) => list.some((v) => v.dimensions.includes(dimension as never))).length;
      const errors = Object.fromEntries(dashboard.errors.map((row) => [row.row, row]));
      expect(errors.CORRECTNESS?.preliminary.count).toBe(flagged('CORRECTNESS'));
      expect(errors.RELEVANCE?.preliminary.count).toBe(flagged('RELEVANCE'));
      expect(errors.WEIGHT?.preliminary.count).toBe(flagged('WEIGHT'));
      // Confirmed: the adjudication's dimensions, or a majority of a unanimous non-accept's verdicts.
      const confirmed = (dimension: string) =>
        [...final.entries()].filter(([criterionId, f]) => {
          if (f.provenance === 'ADJUDICATED') return dimension === 'CORRECTNESS' || dimension === 'WEIGHT';
          if (f.provenance !== 'UNANIMOUS' || f.decision === 'ACCEPT') return false;
          const list = byCriterion.get(criterionId) ?? [];
          return 2 * list.filter((v) => v.dimensions.includes(dimension as never)).length > list.length;
        }).length;
      expect(errors.CORRECTNESS?.confirmed.count).toBe(confirmed('CORRECTNESS'));
      expect(errors.WEIGHT?.confirmed.count).toBe(confirmed('WEIGHT'));
      expect(errors.WEIGHT_UNDER?.confirmed.count).toBe(stage === 'after' ? 1 : 0);
      const relevance = clusterWilsonInterval(
        perQuery(
          [...byCriterion.entries()]
            .filter(([, list]) => list.length > 0)
            .map(([criterionId, list]) => ({
              queryId: queryOf.get(criterionId) as number,
              success: list.some((v) => v.dimensions.includes('RELEVANCE' as never)),
            })),
        ),
      );
      expect(errors.RELEVANCE?.preliminary.low).toBeCloseTo(relevance.lower, 12);
      expect(errors.RELEVANCE?.preliminary.designEffect).toBeCloseTo(relevance.designEffect, 12);

      // Agreement: Fleiss over the criteria with three verdicts, alpha over all with two or more.
      const complete = [...byCriterion.values()].filter((list) => list.length === 3);
      const fleiss = fleissKappa(complete.map((list) => DECISIONS.map((d) => list.filter((v) => v.decision === d).length)));
      expect(dashboard.agreement.fleiss.kappa).toBeCloseTo(fleiss.kappa, 10);
      expect(dashboard.agreement.fleiss.subjects).toBe(complete.length);
      const units = [...byCriterion.values()];
      const data = experts.map((expert) => units.map((list) => list.find((v) => v.expertId === expert)?.decision ?? null));
      expect(dashboard.agreement.alphaNominal).toBeCloseTo(krippendorffAlpha(data, 'nominal'), 10);
      expect(dashboard.agreement.alphaOrdinal).toBeCloseTo(krippendorffAlpha(data, 'ordinal', DECISIONS), 10);

      // Pairwise Cohen's kappa for the first two experts over the criteria both judged.
      const [a, b] = [experts[0] as string, experts[1] as string].sort();
      const shared = units.filter((list) => list.some((v) => v.expertId === a) && list.some((v) => v.expertId === b));
      const kappa = cohenKappa(
        shared.map((list) => String(list.find((v) => v.expertId === a)?.decision)),
        shared.map((list) => String(list.find((v) => v.expertId === b)?.decision)),
      );
      const pair = dashboard.agreement.pairwise.find((p) => p.a === a && p.b === b);
      expect(pair?.n).toBe(shared.length);
      expect(pair?.kappa).toBeCloseTo(kappa.kappa, 10);

      // Each expert's leave-one-out agreement: against the decision without their verdict (the other verdicts when
      // they all agree, else the adjudicated decision), on complete criteria (k = 3 here: the campaign is open).
      let compared = 0;
      for (const expert of experts) {
        const references = verdicts.flatMap((v) => {
          const list = byCriterion.get(v.criterionId) ?? [];
          if (v.expertId !== expert || list.length < 3) return [];
          const others = list.filter((other) => other.expertId !== expert).map((other) => other.decision);
          const gold = adjudications.find((a) => a.criterionId === v.criterionId)?.goldDecision;
          const reference = new Set(others).size === 1 ? others[0] : gold;
          return reference ? [{ queryId: queryOf.get(v.criterionId) as number, success: v.decision === reference }] : [];
        });
        const expected = clusterWilsonInterval(perQuery(references));
        const row = dashboard.agreement.withFinal.find((r) => r.id === expert);
        expect(row?.agreement.count).toBe(references.filter((r) => r.success).length);
        expect(row?.agreement.n).toBe(references.length);
        expect(row?.agreement.low).toBeCloseTo(expected.lower, 12);
        compared += references.length;
      }
      // A dissenter against two agreeing experts is counted as a disagreement, not dropped (criteria % 6 = 4).
      expect(compared).toBeGreaterThan(0);
      expect(dashboard.agreement.withFinal.some((r) => r.agreement.count < r.agreement.n)).toBe(true);

      // Breakdowns add up: tiers partition the criteria.
      const tiers = dashboard.breakdowns.tier;
      expect(tiers.reduce((sum, t) => sum + t.criteria, 0)).toBe(byCriterion.size);
      expect(tiers.reduce((sum, t) => sum + t.strict.count, 0)).toBe(accepted);
      expect(dashboard.breakdowns.campaign).toEqual([expect.objectContaining({ label: 'Dashboard test', criteria: byCriterion.size })]);
    }
  });

  it('returns NaN, not zero, where nothing is finalized', async () => {
    const dashboard = await computeDashboard({ campaignId: 987_654 });
    expect(dashboard.totals.criteria).toBe(0);
    expect(dashboard.totals.strict.rate).toBeNaN();
    expect(dashboard.agreement.fleiss.kappa).toBeNaN();
    expect(dashboard.agreement.alphaNominal).toBeNaN();
  });
});
