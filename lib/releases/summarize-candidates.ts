// The figures of a release, read from release_candidates in the caller's transaction: what is included
// (by category, tier, department, final decision and how it was reached), what is left out and why, and
// how far the experts agreed on what is included. The preview shows them; the freeze writes them into the
// manifest, so the preview and the frozen release cannot disagree.
import type pg from 'pg';
import { EXCLUSION_REASONS, type ExclusionReason } from '@/lib/releases/stage-candidates';
import { Z_95, fleissKappaFromTotals, wilsonInterval } from '@/lib/stats';

export interface Proportion {
  count: number;
  n: number;
  /** null when n = 0. */
  rate: number | null;
  /** Wilson 95% interval. */
  interval: [number, number] | null;
}

export interface ReleaseFigures {
  candidates: number;
  criteria: number;
  queries: number;
  byCategory: Record<string, number>;
  byTier: Record<string, number>;
  byDepartment: Record<string, number>;
  byDecision: Record<string, number>;
  /** unanimous / adjudicated */
  byProvenance: Record<string, number>;
  excluded: { reason: ExclusionReason; label: string; count: number }[];
  /** A few excluded criteria per reason, to check the rules do what was meant. */
  excludedExamples: { reason: ExclusionReason; criterionId: number; title: string }[];
  /** Included criteria whose final decision was unanimous (concordance of the experts). */
  concordance: Proportion;
  /** Included criteria accepted as they were. */
  accepted: Proportion;
  /** Mean per-criterion agreement P_i over included criteria with 2+ verdicts, with a normal 95% interval. */
  meanAgreement: { mean: number | null; n: number; interval: [number, number] | null };
  /** Fleiss' kappa over the included criteria with the most common number of verdicts. */
  fleissKappa: { kappa: number | null; subjects: number; raters: number };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const finite = (value: number) => (Number.isFinite(value) ? round(value) : null);

export function proportion(count: number, n: number): Proportion {
  if (n === 0) return { count, n, rate: null, interval: null };
  const [low, high] = wilsonInterval(count, n);
  return { count, n, rate: round(count / n), interval: [round(low), round(high)] };
}

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
  const examples = await client.query<{ reason: ExclusionReason; criterion_id: number; title: string }>(`
    SELECT e.reason, e.criterion_id, c.title FROM (
      SELECT excluded AS reason, criterion_id, row_number() OVER (PARTITION BY excluded ORDER BY criterion_id) AS rn
        FROM release_candidates WHERE excluded IS NOT NULL) e
      JOIN criteria c ON c.id = e.criterion_id
     WHERE e.rn <= 5 ORDER BY e.reason, e.criterion_id`);
  const agreement = await client.query<{ n: number; mean: number | null; sd: number | null }>(
    `SELECT count(agreement)::int AS n, avg(agreement) AS mean, stddev_samp(agreement) AS sd
       FROM release_candidates WHERE excluded IS NULL AND verdicts >= 2`,
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

  const { n = 0, mean = null, sd = null } = agreement.rows[0] ?? {};
  const half = mean !== null && sd !== null && n >= 2 ? (Z_95 * sd) / Math.sqrt(n) : null;
  const fleissRow = byRaters.rows[0];
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
    concordance: proportion(byProvenance.UNANIMOUS ?? 0, criteria),
    accepted: proportion(byDecision.ACCEPT ?? 0, criteria),
    meanAgreement: {
      mean: mean === null ? null : round(mean),
      n,
      interval: mean !== null && half !== null ? [round(Math.max(0, mean - half)), round(Math.min(1, mean + half))] : null,
    },
    fleissKappa: { kappa: finite(fleiss), subjects: fleissRow?.subjects ?? 0, raters: fleissRow?.raters ?? 0 },
  };
}
