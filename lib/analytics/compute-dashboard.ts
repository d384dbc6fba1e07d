// Everything the analytics dashboard shows, from counts PostgreSQL maintains on write: triggers keep the final
// decision of every (campaign, criterion) in criterion_outcomes and append each change's signed contribution to
// the groups (totals, breakdowns, days, experts, expert pairs, verdict tallies) to outcome_count_deltas
// (migrations analytics_maintained, analytics_clusters). Reading is one fold of the deltas into outcome_counts
// and one statement over a few thousand group rows; Node only finishes the statistics from those counts and
// their cluster moments (lib/stats). No verdict row is loaded into Node. Definitions: docs/statistics.md.
import type pg from 'pg';
import { type Concordance, computeConcordance } from '@/lib/analytics/concordance';
import type { OutcomeScope } from '@/lib/analytics/criterion-outcomes';
import { type Rate, rateFromMoments } from '@/lib/analytics/rate';
import { pgPool } from '@/lib/db';
import { type JudgeAgreementSummary, summarizeJudgeAgreement } from '@/lib/judge-agreement/summarize-judge-agreement';
import { type ClusterMoments, cohenKappaFromTable, fleissKappaFromTotals, krippendorffAlphaFromCoincidences } from '@/lib/stats';
import { DECISIONS } from '@/lib/vocabulary/enums';
import { CATEGORY_LABELS, RED_LINE_NAMES, TIER_NAMES } from '@/lib/vocabulary/labels';

export type { Rate } from '@/lib/analytics/rate';

export const BREAKDOWNS = [
  'dataset',
  'category',
  'department',
  'tier',
  'tag',
  'redLine',
  'generatorModel',
  'metaRubricVersion',
  'campaign',
  'expert',
] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

export const ERROR_ROWS = [
  'CORRECTNESS',
  'COMPREHENSIVENESS',
  'RELEVANCE',
  'WEIGHT',
  'WEIGHT_OVER',
  'WEIGHT_UNDER',
  'WEIGHT_REDUNDANT',
] as const;
export type ErrorRow = (typeof ERROR_ROWS)[number];

/** A group's counts and its concordance (strict, lenient, bounds; lib/analytics/concordance.ts). */
export interface Counts extends Concordance {
  /** Criteria in scope (each once in dataset-level scopes; verdicts in the expert breakdown). */
  criteria: number;
  withVerdicts: number;
  unanimous: number;
  adjudicated: number;
}

export interface GroupCounts extends Counts {
  key: string;
  label: string;
}

export interface ErrorTableRow {
  row: ErrorRow;
  /** Criteria any expert flagged / criteria with at least one verdict. */
  preliminary: Rate;
  /** Criteria whose final decision confirms the error / criteria with a final decision. */
  confirmed: Rate;
}

export interface Agreement {
  /** The lead figure: Krippendorff's alpha over every unit with two or more verdicts (any number of raters). */
  alphaNominal: number;
  /** Accept < Minor revision < Major revision < Reject. */
  alphaOrdinal: number;
  /** Units (criteria of a campaign) with at least two verdicts: what alpha is computed over. */
  pairableUnits: number;
  /**
   * Secondary: Fleiss' kappa needs the same number of raters per unit, so it covers only the `subjects` units
   * with the most common verdict count (`raters`); shown with that subset's size, never alone.
   */
  fleiss: { kappa: number; subjects: number; raters: number };
  experts: { id: string; label: string }[];
  /** Cohen's kappa per pair of experts over the criteria both judged. */
  pairwise: { a: string; b: string; kappa: number; n: number }[];
  /**
   * Each expert's leave-one-out agreement with the final decision: over their verdicts on complete criteria
   * that have a decision without them (the other verdicts when those agree, else the adjudicated decision).
   */
  withFinal: { id: string; label: string; verdicts: number; agreement: Rate }[];
}

export interface Dashboard {
  scope: OutcomeScope;
  totals: Counts;
  breakdowns: Record<Breakdown, GroupCounts[]>;
  errors: ErrorTableRow[];
  agreement: Agreement;
  /** Per day the final decisions were reached. */
  overTime: (Counts & { day: string })[];
  /** The latest grading run measured against clinicians in this scope (lib/judge-agreement). */
  judge: JudgeAgreementSummary;
}

// ───────────── SQL ─────────────

/**
 * The measures of every group in outcome_counts (and its deltas), as the triggers of migration
 * analytics_maintained keep them: criteria (verdicts for the expert breakdown, pairs of verdicts for pair, units
 * for tally), the final-decision counts, preliminary (p_) and confirmed (c_) errors, and the expert's agreements
 * with the final decision.
 */
export const MEASURES = [
  'criteria',
  'with_verdicts',
  'finalized',
  'unanimous',
  'adjudicated',
  'unresolved',
  'awaiting',
  'accepted',
  'lenient_accepted',
  'p_correctness',
  'p_comprehensiveness',
  'p_relevance',
  'p_weight',
  'p_weight_over',
  'p_weight_under',
  'p_weight_redundant',
  'c_correctness',
  'c_comprehensiveness',
  'c_relevance',
  'c_weight',
  'c_weight_over',
  'c_weight_under',
  'c_weight_redundant',
  'loo_n',
  'loo_agrees',
] as const;

/** Each rate the dashboard shows with a cluster interval: numerator and denominator measures. */
const RATES = [
  ['accepted', 'finalized'],
  ['lenient_accepted', 'finalized'],
  ...ERROR_ROWS.map((row) => [`p_${row.toLowerCase()}`, 'with_verdicts'] as const),
  ...ERROR_ROWS.map((row) => [`c_${row.toLowerCase()}`, 'finalized'] as const),
  ['loo_agrees', 'loo_n'],
] as const;

/** The cluster moments kept per group (migration analytics_clusters): k_ and tt_ per denominator, ss_ and st_ per numerator. */
const MOMENTS = [
  ...[...new Set(RATES.map(([, denominator]) => denominator))].flatMap((d) => [`k_${d}`, `tt_${d}`]),
  ...RATES.flatMap(([numerator]) => [`ss_${numerator}`, `st_${numerator}`]),
];

/**
 * Every group of the scope with its counts and cluster moments, in one statement over the folded counts, summed
 * per (breakdown, key). $1 campaign id or null, $2 dataset id or null. A campaign reads its own family; any other
 * scope reads the latest-decision family (campaign_id 0: each criterion once, with its latest final decision),
 * except the agreement groups (pair, tally), which count every campaign's verdicts.
 */
export const COUNTS_SQL = `
SELECT breakdown, key, ${[...MEASURES, ...MOMENTS].map((m) => `sum(${m})::float8 AS ${m}`).join(', ')}
  FROM outcome_counts
 WHERE CASE WHEN $1::int IS NOT NULL THEN campaign_id = $1
            WHEN breakdown IN ('pair', 'tally') THEN campaign_id <> 0
            ELSE campaign_id = 0 END
   AND ($2::int IS NULL OR dataset_id = $2)
 GROUP BY breakdown, key
HAVING sum(criteria) <> 0`;

/**
 * Moves the deltas the triggers appended into outcome_counts and outcome_query_counts, updating the cluster
 * moments (in its own transaction; folds take turns). Returns how many groups it wrote.
 */
export async function foldOutcomeDeltas(client: Pick<pg.ClientBase, 'query'>): Promise<number> {
  const result = await client.query<{ folded: number }>('SELECT manual_fold_outcome_deltas() AS folded');
  return result.rows[0]?.folded ?? 0;
}

type Row = Record<string, unknown>;
const num = (row: Row, key: string): number => Number(row[key] ?? 0);

/** The moments of the rate numerator / denominator of a group row. */
function momentsOf(row: Row, numerator: string, denominator: string): ClusterMoments {
  return {
    clusters: num(row, `k_${denominator}`),
    successes: num(row, numerator),
    trials: num(row, denominator),
    successesSquared: num(row, `ss_${numerator}`),
    successesTimesTrials: num(row, `st_${numerator}`),
    trialsSquared: num(row, `tt_${denominator}`),
  };
}

const rateOf = (row: Row, numerator: string, denominator: string): Rate => rateFromMoments(momentsOf(row, numerator, denominator));

function countsOf(row: Row): Counts {
  return {
    criteria: num(row, 'criteria'),
    withVerdicts: num(row, 'with_verdicts'),
    unanimous: num(row, 'unanimous'),
    adjudicated: num(row, 'adjudicated'),
    ...computeConcordance({
      unresolved: num(row, 'unresolved'),
      awaiting: num(row, 'awaiting'),
      strict: momentsOf(row, 'accepted', 'finalized'),
      lenient: momentsOf(row, 'lenient_accepted', 'finalized'),
    }),
  };
}

function errorTable(row: Row): ErrorTableRow[] {
  return ERROR_ROWS.map((errorRow) => {
    const column = errorRow.toLowerCase();
    return {
      row: errorRow,
      preliminary: rateOf(row, `p_${column}`, 'with_verdicts'),
      confirmed: rateOf(row, `c_${column}`, 'finalized'),
    };
  });
}

/** One tally key "verdicts:accept:minor:major:reject" with the number of criteria that have it. */
interface Tally {
  raters: number;
  counts: number[];
  units: number;
}

function parseTally(row: Row): Tally {
  const [raters = 0, ...counts] = String(row.key).split(':').map(Number);
  return { raters, counts, units: num(row, 'criteria') };
}

/**
 * Fleiss' kappa and Krippendorff's alpha from the tallies (criteria with ≥ 2 verdicts, grouped by how many
 * verdicts of each decision they have): Fleiss' totals over the most common verdict count, Krippendorff's
 * coincidences o_ck = Σ_u n_uc·n_uk / (m_u − 1) (n_uc·(n_uc − 1) on the diagonal).
 */
function agreementOf(tallies: Tally[]): Pick<Agreement, 'fleiss' | 'alphaNominal' | 'alphaOrdinal' | 'pairableUnits'> {
  const coincidences = DECISIONS.map(() => DECISIONS.map(() => 0));
  const byRaters = new Map<number, { subjects: number; sumOfSquares: number; columnTotals: number[] }>();
  for (const { raters, counts, units } of tallies) {
    counts.forEach((c, i) => {
      counts.forEach((k, j) => {
        const row = coincidences[i] as number[];
        row[j] = (row[j] ?? 0) + (units * (i === j ? c * (c - 1) : c * k)) / (raters - 1);
      });
    });
    const totals = byRaters.get(raters) ?? { subjects: 0, sumOfSquares: 0, columnTotals: DECISIONS.map(() => 0) };
    totals.subjects += units;
    totals.sumOfSquares += units * counts.reduce((sum, c) => sum + c * c, 0);
    counts.forEach((c, i) => {
      totals.columnTotals[i] = (totals.columnTotals[i] ?? 0) + units * c;
    });
    byRaters.set(raters, totals);
  }
  // Fleiss needs the same number of raters per subject: the most common verdict count (ties: the larger).
  const modal = [...byRaters.entries()].sort(([ra, a], [rb, b]) => b.subjects - a.subjects || rb - ra)[0];
  return {
    fleiss: modal
      ? { kappa: fleissKappaFromTotals({ raters: modal[0], ...modal[1] }).kappa, subjects: modal[1].subjects, raters: modal[0] }
      : { kappa: Number.NaN, subjects: 0, raters: 0 },
    alphaNominal: krippendorffAlphaFromCoincidences(coincidences, DECISIONS, 'nominal'),
    alphaOrdinal: krippendorffAlphaFromCoincidences(coincidences, DECISIONS, 'ordinal'),
    pairableUnits: tallies.reduce((sum, tally) => sum + tally.units, 0),
  };
}

/** Cohen's kappa per pair of experts, from the pair keys "a<TAB>b<TAB>decision a<TAB>decision b". */
function pairwiseKappas(rows: Row[]): { a: string; b: string; kappa: number; n: number }[] {
  const tables = new Map<string, { a: string; b: string; table: number[][] }>();
  for (const row of rows) {
    const [a = '', b = '', da, db] = String(row.key).split('\t');
    const key = `${a}\u0000${b}`;
    let entry = tables.get(key);
    if (!entry) {
      entry = { a, b, table: DECISIONS.map(() => DECISIONS.map(() => 0)) };
      tables.set(key, entry);
    }
    const i = DECISIONS.indexOf(da as (typeof DECISIONS)[number]);
    const j = DECISIONS.indexOf(db as (typeof DECISIONS)[number]);
    const line = entry.table[i] as number[];
    line[j] = (line[j] ?? 0) + num(row, 'criteria');
  }
  return [...tables.values()].map(({ a, b, table }) => ({
    a,
    b,
    kappa: cohenKappaFromTable(table).kappa,
    n: table.flat().reduce((sum, count) => sum + count, 0),
  }));
}

type Labelled = 'dataset' | 'campaign' | 'metaRubricVersion' | 'expert';

/** Names for the ids the groups carry (datasets, campaigns, meta-rubric versions, experts), in one statement. */
async function labels(client: pg.PoolClient, ids: Record<Labelled, string[]>): Promise<Record<Labelled, Map<string, string>>> {
  const result = await client.query<{ kind: Labelled; id: string; label: string }>(
    `SELECT 'dataset' AS kind, d.id::text AS id, d.name AS label FROM datasets d WHERE d.id = ANY($1::int[])
     UNION ALL
     SELECT 'campaign', c.id::text, c.name FROM audit_campaigns c WHERE c.id = ANY($2::int[])
     UNION ALL
     SELECT 'metaRubricVersion', v.id::text, m.name || ' v' || v.number
       FROM meta_rubric_versions v JOIN meta_rubrics m ON m.id = v.meta_rubric_id WHERE v.id = ANY($3::int[])
     UNION ALL
     SELECT 'expert', u.id, u.name FROM users u WHERE u.id = ANY($4::text[])`,
    [ids.dataset, ids.campaign, ids.metaRubricVersion, ids.expert],
  );
  const names: Record<Labelled, Map<string, string>> = {
    dataset: new Map(),
    campaign: new Map(),
    metaRubricVersion: new Map(),
    expert: new Map(),
  };
  for (const row of result.rows) names[row.kind].set(row.id, row.label);
  return names;
}

const FIXED_LABELS: Partial<Record<Breakdown, Record<string, string>>> = {
  category: CATEGORY_LABELS,
  tier: TIER_NAMES,
  redLine: RED_LINE_NAMES,
};

export async function computeDashboard(scope: OutcomeScope = {}): Promise<Dashboard> {
  const judge = summarizeJudgeAgreement(scope);
  judge.catch(() => {}); // awaited below; a failure before then must not be an unhandled rejection
  const client = await pgPool().connect();
  try {
    await foldOutcomeDeltas(client);
    const counts = await client.query<Row>(COUNTS_SQL, [scope.campaignId ?? null, scope.datasetId ?? null]);
    const of = (breakdown: string) => counts.rows.filter((row) => row.breakdown === breakdown);
    const keys = (breakdown: Labelled) => of(breakdown).flatMap((row) => (row.key === '' ? [] : [String(row.key)]));
    const names = await labels(client, {
      dataset: keys('dataset'),
      campaign: keys('campaign'),
      metaRubricVersion: keys('metaRubricVersion'),
      expert: keys('expert'),
    });
    // '' is an absent key: a group of its own where it can be absent (no department, no meta-rubric version),
    // nothing on the time line (not finalized yet).
    const groups = counts.rows
      .filter((row) => !['expert', 'pair', 'tally'].includes(String(row.breakdown)))
      .map((row) => (row.key === '' && row.breakdown !== 'total' ? { ...row, key: null } : row));
    const expertRows = of('expert');
    const total = groups.find((row) => row.breakdown === 'total') ?? {};
    const breakdowns = Object.fromEntries(BREAKDOWNS.map((b) => [b, [] as GroupCounts[]])) as Record<Breakdown, GroupCounts[]>;
    const labelFor = (breakdown: Breakdown, key: string | null): string => {
      if (key === null)
        return breakdown === 'metaRubricVersion' ? 'No meta-rubric version' : breakdown === 'department' ? 'No department' : '—';
      const named = breakdown in names ? names[breakdown as keyof typeof names].get(key) : FIXED_LABELS[breakdown]?.[key];
      return named ?? key;
    };
    const overTime: (Counts & { day: string })[] = [];
    for (const row of groups) {
      const breakdown = row.breakdown as Breakdown | 'total' | 'day';
      const key = (row.key as string | null) ?? null;
      if (breakdown === 'total') continue;
      if (breakdown === 'day') {
        if (key !== null) overTime.push({ day: key, ...countsOf(row) });
        continue;
      }
      breakdowns[breakdown].push({ key: key ?? '', label: labelFor(breakdown, key), ...countsOf(row) });
    }
    for (const row of expertRows) {
      const key = String(row.key);
      breakdowns.expert.push({ key, label: labelFor('expert', key), ...countsOf(row) });
    }
    for (const list of Object.values(breakdowns)) list.sort((a, b) => b.criteria - a.criteria || a.label.localeCompare(b.label));
    overTime.sort((a, b) => a.day.localeCompare(b.day));

    const experts = [...names.expert.entries()].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
    return {
      scope,
      totals: countsOf(total),
      breakdowns,
      errors: errorTable(total),
      agreement: {
        ...agreementOf(of('tally').map(parseTally)),
        experts,
        pairwise: pairwiseKappas(of('pair')),
        withFinal: expertRows
          .map((row) => ({
            id: String(row.key),
            label: labelFor('expert', String(row.key)),
            verdicts: num(row, 'criteria'),
            agreement: rateOf(row, 'loo_agrees', 'loo_n'),
          }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      },
      overTime,
      judge: await judge,
    };
  } finally {
    client.release();
  }
}
