// The figures of a release, read from release_candidates in the caller's transaction: the concordance of the
// audited criteria of its datasets before any rule (the dashboard's definition, lib/analytics/concordance.ts),
// what is included (by category, tier, department, final decision and how it was reached) and its composition,
// what is left out and why, and how far the experts agreed on what is included. The preview shows them; the
// freeze writes them into the manifest, so the preview and the frozen release cannot disagree. Every interval
// over criteria treats a query's criteria as a cluster (docs/statistics.md). Their shape: lib/releases/figures.ts.
import type pg from 'pg';
import { computeConcordance } from '@/lib/analytics/concordance';
import { type Rate, rateFromMoments } from '@/lib/analytics/rate';
import type { Proportion, ReleaseFigures } from '@/lib/releases/figures';
import { EXCLUSION_REASONS, type ExclusionReason } from '@/lib/releases/stage-candidates';
import { type ClusterMoments, clusterMeanInterval, fleissKappaFromTotals } from '@/lib/stats';

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const finite = (value: number) => (Number.isFinite(value) ? round(value) : null);

const pair = ([a, b]: [number, number]): [number, number] | null =>
  Number.isFinite(a) && Number.isFinite(b) ? [round(a), round(b)] : null;

/** A Rate as the manifest stores it: rounded, null where undefined. */
export function proportion(rate: Rate): Proportion {
  if (rate.n === 0) return { count: rate.count, n: 0, rate: null, interval: null, designEffect: null, clusters: 0, plainInterval: null };
  return {
    count: rate.count,
    n: rate.n,
    rate: round(rate.rate),
    interval: pair([rate.low, rate.high]),
    designEffect: finite(rate.designEffect),
    clusters: rate.clusters,
    plainInterval: pair(rate.plain),
  };
}

/**
 * Per query of release_candidates: `$measure` counts as the successes of each rate, `$trials` its trials; the
 * SQL returns the cluster moments of each (successes s, trials t: queries with t > 0, Σs, Σt, Σs², Σst, Σt²).
 */
function momentsSql(rates: Record<string, { successes: string; trials: string }>, where: string): string {
  const perQuery = Object.entries(rates).flatMap(([name, { successes, trials }]) => [
    `count(*) FILTER (WHERE ${successes})::bigint AS ${name}_s`,
    `count(*) FILTER (WHERE ${trials})::bigint AS ${name}_t`,
  ]);
  const sums = Object.keys(rates).map(
    (name) => `json_build_object('clusters', count(*) FILTER (WHERE ${name}_t > 0), 'successes', sum(${name}_s), 'trials', sum(${name}_t),
       'successesSquared', sum(${name}_s * ${name}_s), 'successesTimesTrials', sum(${name}_s * ${name}_t),
       'trialsSquared', sum(${name}_t * ${name}_t)) AS ${name}`,
  );
  return `SELECT ${sums.join(', ')} FROM (SELECT ${perQuery.join(', ')} FROM release_candidates WHERE ${where} GROUP BY query_id) q`;
}

const moments = (value: unknown): ClusterMoments => {
  const m = value as Record<keyof ClusterMoments, number | string | null>;
  const num = (key: keyof ClusterMoments) => Number(m[key] ?? 0);
  return {
    clusters: num('clusters'),
    successes: num('successes'),
    trials: num('trials'),
    successesSquared: num('successesSquared'),
    successesTimesTrials: num('successesTimesTrials'),
    trialsSquared: num('trialsSquared'),
  };
};

/** Object with keys in sorted order, so the manifest's bytes do not depend on row order. */
function sortedRecord(entries: [string, number][]): Record<string, number> {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export async function summarizeCandidates(client: pg.PoolClient): Promise<ReleaseFigures> {
  const groups = await client.query<{ dim: string; key: string | null; n: number }>(`
    SELECT CASE WHEN GROUPING(category) = 0 THEN 'category' WHEN GROUPING(tier) = 0 THEN 'tier'
                WHEN GROUPING(department) = 0 THEN 'department' WHEN GROUPING(final_decision) = 0 THEN 'decision'
                WHEN GROUPING(provenance) = 0 THEN 'provenance' ELSE 'total' END AS dim,
           coalesce(category, tier, department, final_decision, provenance) AS key, count(*)::int AS n
      FROM release_candidates WHERE excluded IS NULL
     GROUP BY GROUPING SETS ((category), (tier), (department), (final_decision), (provenance), ())`);
  const totals = await client.query<{ candidates: number; queries: number }>(
    `SELECT count(*)::int AS candidates, count(DISTINCT query_id) FILTER (WHERE excluded IS NULL)::int AS queries FROM release_candidates`,
  );
  const excluded = await client.query<{ reason: ExclusionReason; n: number }>(
    `SELECT excluded AS reason, count(*)::int AS n FROM release_candidates WHERE excluded IS NOT NULL GROUP BY excluded`,
  );
  // The title is looked up for the few examples only: as a join, the planner (which cannot tell that rn <= 5 keeps
  // a handful of rows) read every criterion to join them (0.47 of its 0.71 s at QuarkMedBench scale; 0.17 s without).
  const examples = await client.query<{ reason: ExclusionReason; criterion_id: number; title: string }>(`
    SELECT e.reason, e.criterion_id, (SELECT c.title FROM criteria c WHERE c.id = e.criterion_id) AS title FROM (
      SELECT excluded AS reason, criterion_id, row_number() OVER (PARTITION BY excluded ORDER BY criterion_id) AS rn
        FROM release_candidates WHERE excluded IS NOT NULL) e
     WHERE e.rn <= 5 ORDER BY e.reason, e.criterion_id`);
  const agreement = await client.query<Record<'k' | 'n' | 'sy' | 'syy' | 'syt' | 'stt', number | null>>(
    `SELECT count(*) FILTER (WHERE t > 0)::int AS k, sum(t)::int AS n, sum(y)::float8 AS sy, sum(y * y)::float8 AS syy,
            sum(y * t)::float8 AS syt, sum(t * t)::float8 AS stt
       FROM (SELECT query_id, count(agreement) AS t, coalesce(sum(agreement), 0) AS y
               FROM release_candidates WHERE excluded IS NULL AND verdicts >= 2 GROUP BY query_id) q`,
  );
  const finalized = `final_decision IS NOT NULL`;
  const audited = await client.query<Record<'strict' | 'lenient' | 'unresolved' | 'awaiting', unknown>>(
    momentsSql(
      {
        strict: { successes: `final_decision = 'ACCEPT'`, trials: finalized },
        lenient: { successes: `final_decision IN ('ACCEPT', 'REVISE_MINOR')`, trials: finalized },
        unresolved: { successes: `provenance = 'UNRESOLVED'`, trials: 'TRUE' },
        awaiting: { successes: `provenance = 'AWAITING'`, trials: 'TRUE' },
      },
      'campaign_id IS NOT NULL',
    ),
  );
  const released = await client.query<Record<'unanimous' | 'accepted', unknown>>(
    momentsSql(
      {
        unanimous: { successes: `provenance = 'UNANIMOUS'`, trials: 'TRUE' },
        accepted: { successes: `final_decision = 'ACCEPT'`, trials: 'TRUE' },
      },
      'excluded IS NULL',
    ),
  );
  const byRaters = await client.query<{ raters: number; subjects: number; ss: string; a: string; mi: string; ma: string; r: string }>(`
    SELECT verdicts AS raters, count(*)::int AS subjects,
           sum(n_accept * n_accept + n_minor * n_minor + n_major * n_major + n_reject * n_reject) AS ss,
           sum(n_accept) AS a, sum(n_minor) AS mi, sum(n_major) AS ma, sum(n_reject) AS r
      FROM release_candidates WHERE excluded IS NULL AND verdicts >= 2
     GROUP BY verdicts ORDER BY count(*) DESC, verdicts DESC LIMIT 1`);

  const dim = (name: string) => sortedRecord(groups.rows.filter((row) => row.dim === name).map((row) => [row.key ?? '(none)', row.n]));
  const criteria = groups.rows.find((row) => row.dim === 'total')?.n ?? 0;
  const byProvenance = dim('provenance');
  const byDecision = dim('decision');
  const reasons = Object.keys(EXCLUSION_REASONS) as ExclusionReason[];
  const excludedCounts = new Map(excluded.rows.map((row) => [row.reason, row.n]));

  const sums = agreement.rows[0];
  const n = sums?.n ?? 0;
  const meanAgreement = clusterMeanInterval(
    {
      clusters: sums?.k ?? 0,
      sum: sums?.sy ?? 0,
      units: n,
      sumSquared: sums?.syy ?? 0,
      sumTimesUnits: sums?.syt ?? 0,
      unitsSquared: sums?.stt ?? 0,
    },
    { lowest: 0, highest: 1 },
  );
  const fleissRow = byRaters.rows[0];
  const auditedRow = audited.rows[0];
  const releasedRow = released.rows[0];
  const concordance = computeConcordance({
    unresolved: moments(auditedRow?.unresolved).successes,
    awaiting: moments(auditedRow?.awaiting).successes,
    strict: moments(auditedRow?.strict),
    lenient: moments(auditedRow?.lenient),
  });
  const fleiss = fleissRow
    ? fleissKappaFromTotals({
        subjects: fleissRow.subjects,
        raters: fleissRow.raters,
        sumOfSquares: Number(fleissRow.ss),
        columnTotals: [Number(fleissRow.a), Number(fleissRow.mi), Number(fleissRow.ma), Number(fleissRow.r)],
      }).kappa
    : Number.NaN;

  return {
    candidates: totals.rows[0]?.candidates ?? 0,
    criteria,
    queries: totals.rows[0]?.queries ?? 0,
    byCategory: dim('category'),
    byTier: dim('tier'),
    byDepartment: dim('department'),
    byDecision,
    byProvenance,
    excluded: reasons
      .filter((reason) => excludedCounts.has(reason))
      .map((reason) => ({ reason, label: EXCLUSION_REASONS[reason], count: excludedCounts.get(reason) ?? 0 })),
    excludedExamples: examples.rows.map((row) => ({ reason: row.reason, criterionId: row.criterion_id, title: row.title })),
    concordance: {
      strict: proportion(concordance.strict),
      lenient: proportion(concordance.lenient),
      finalized: concordance.finalized,
      unresolved: concordance.unresolved,
      awaiting: concordance.awaiting,
      bounds: { strict: pair(concordance.bounds.strict), lenient: pair(concordance.bounds.lenient) },
    },
    releasedComposition: {
      unanimous: proportion(rateFromMoments(moments(releasedRow?.unanimous))),
      accepted: proportion(rateFromMoments(moments(releasedRow?.accepted))),
    },
    meanAgreement: {
      mean: finite(meanAgreement.mean),
      n,
      interval: meanAgreement.interval ? pair(meanAgreement.interval) : null,
    },
    fleissKappa: { kappa: finite(fleiss), subjects: fleissRow?.subjects ?? 0, raters: fleissRow?.raters ?? 0 },
  };
}
