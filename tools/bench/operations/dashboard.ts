// (e) The analytics dashboard: computeDashboard({}) (the whole database: fold the deltas the triggers appended,
// then one statement over the maintained group counts) versus one hand-written SQL statement computing the
// same counts from the verdicts, over a closed campaign on the whole synthetic dataset with k = 3 submitted
// verdicts per criterion (661,851 at scale 1) from 20 experts. What maintaining the counts costs the writers
// is measured too (untimed by the runner, reported in the notes): amending one submitted verdict with the
// triggers against the same UPDATE with triggers disabled.
// The campaign, its assignments, verdicts and adjudications are written with plain SQL (untimed) by
// tools/fixtures/audited-campaign-by-sql.ts.
import pg from 'pg';
import { COUNTS_SQL, type Counts, type Dashboard, computeDashboard, foldOutcomeDeltas } from '@/lib/analytics/compute-dashboard';
import type { OutcomeScope } from '@/lib/analytics/criterion-outcomes';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { EXPERTS } from '@/tools/bench/operations/claim-next';
import { ensureSyntheticDataset } from '@/tools/bench/operations/import';
import { percentile } from '@/tools/bench/percentile';
import { type AuditedCampaign, buildAuditedCampaign } from '@/tools/fixtures/audited-campaign-by-sql';
import { BENCH_ADMIN_ID, BENCH_REVIEWER_ID, ensureBenchUsers, expertId } from '@/tools/fixtures/bench-users';
import type { Queryable } from '@/tools/fixtures/queryable';

const OVERLAP_K = 3;
const WARMUP = 1;
const ITERATIONS = 7;
const TARGET_MS = 1000;
const TARGET_RATIO = 2;
/** Memory per sort or hash for the raw statement (the per-criterion tally spills to disk at the default 4 MB). */
const RAW_WORK_MEM = '64MB';
/** Single-verdict amendments timed each way for the write overhead. */
const AMENDMENTS = 200;
/** The app side's scope: the whole database, which is what the dashboard opens on. */
const SCOPE: OutcomeScope = {};

const count = (n: number) => n.toLocaleString('en');

// ───────────── the raw side: the same counts, hand-written ─────────────

/** The breakdowns that come out of one GROUPING SETS, with the expression each is keyed by. */
const RAW_BREAKDOWNS = [
  ['dataset', 'o.dataset_id'],
  ['category', 'o.category'],
  ['department', 'o.department'],
  ['tier', 'o.tier'],
  ['redLine', 'o.red_line'],
  ['campaign', 'o.campaign_id'],
  ['metaRubricVersion', 'o.meta_rubric_version_id'],
  ['day', 'o.final_day'],
] as const;

/** GROUPING(all columns) is a bit mask with a 1 for each column not grouped by, the first column highest. */
function rawBreakdownColumns(): string {
  const all = (1 << RAW_BREAKDOWNS.length) - 1;
  const mask = `GROUPING(${RAW_BREAKDOWNS.map(([, column]) => column).join(', ')})`;
  const bit = (index: number) => 1 << (RAW_BREAKDOWNS.length - 1 - index);
  const name = RAW_BREAKDOWNS.map(([breakdown], index) => `WHEN ${all - bit(index)} THEN '${breakdown}'`).join(' ');
  const key = RAW_BREAKDOWNS.map(
    ([breakdown, column], index) =>
      `WHEN ${all - bit(index)} THEN ${breakdown === 'day' ? `to_char(${column}, 'YYYY-MM-DD')` : `${column}::text`}`,
  ).join(' ');
  return `CASE ${mask} ${name} ELSE 'total' END AS breakdown, CASE ${mask} ${key} END AS key`;
}

/** What every group counts, over outcome rows `o`. */
const RAW_TALLY = `count(*) AS criteria, count(*) FILTER (WHERE o.n > 0) AS "withVerdicts", count(o.final) AS finalized,
  count(*) FILTER (WHERE o.provenance = 'UNANIMOUS') AS unanimous, count(*) FILTER (WHERE o.provenance = 'ADJUDICATED') AS adjudicated,
  count(*) FILTER (WHERE o.provenance = 'UNRESOLVED') AS unresolved, count(*) FILTER (WHERE o.provenance = 'AWAITING') AS awaiting,
  count(*) FILTER (WHERE o.final = 'ACCEPT') AS accepted, count(*) FILTER (WHERE o.final IN ('ACCEPT', 'REVISE_MINOR')) AS lenient`;

/** Preliminary (any expert flagged it) and confirmed (the final decision does) error counts. */
const RAW_ERRORS = `count(*) FILTER (WHERE o.f_cor > 0) AS p_correctness, count(*) FILTER (WHERE o.f_com > 0) AS p_comprehensiveness,
  count(*) FILTER (WHERE o.f_rel > 0) AS p_relevance, count(*) FILTER (WHERE o.f_wei > 0) AS p_weight,
  count(*) FILTER (WHERE o.f_over > 0) AS p_weight_over, count(*) FILTER (WHERE o.f_under > 0) AS p_weight_under,
  count(*) FILTER (WHERE o.f_red > 0) AS p_weight_redundant,
  count(*) FILTER (WHERE o.c_cor) AS c_correctness, count(*) FILTER (WHERE o.c_com) AS c_comprehensiveness,
  count(*) FILTER (WHERE o.c_rel) AS c_relevance, count(*) FILTER (WHERE o.c_wei) AS c_weight,
  count(*) FILTER (WHERE o.c_wei AND o.c_dir = 'OVER') AS c_weight_over, count(*) FILTER (WHERE o.c_wei AND o.c_dir = 'UNDER') AS c_weight_under,
  count(*) FILTER (WHERE o.c_wei AND o.c_dir = 'REDUNDANT') AS c_weight_redundant`;

/** Sums of n_i·n_j over criteria (i ≤ j; n_i·(n_i − 1) on the diagonal) for Krippendorff's coincidences. */
function rawPairSums(): string {
  const n = ['o.n_acc', 'o.n_min', 'o.n_maj', 'o.n_rej'];
  return n.flatMap((a, i) => n.slice(i).map((b, j) => `sum(${a} * ${j === 0 ? `(${a} - 1)` : b})`)).join(', ');
}

/**
 * The dashboard's counts for the whole database in one statement: verdicts tallied per (campaign, criterion)
 * first (with who decided what, for the expert counts and pairs), joined to the campaign's criteria with their
 * attributes and adjudications, the final decision per criterion, then every aggregate the dashboard shows,
 * returned as JSON columns. It reads the verdicts once, like the app.
 */
export const RAW_DASHBOARD_SQL = `
WITH tally AS (
  SELECT v.campaign_id, v.criterion_id, count(*)::int AS n,
         count(*) FILTER (WHERE v.decision = 'ACCEPT')::int AS n_acc, count(*) FILTER (WHERE v.decision = 'REVISE_MINOR')::int AS n_min,
         count(*) FILTER (WHERE v.decision = 'REVISE_MAJOR')::int AS n_maj, count(*) FILTER (WHERE v.decision = 'REJECT')::int AS n_rej,
         count(*) FILTER (WHERE v.dimensions @> '{CORRECTNESS}')::int AS f_cor,
         count(*) FILTER (WHERE v.dimensions @> '{COMPREHENSIVENESS}')::int AS f_com,
         count(*) FILTER (WHERE v.dimensions @> '{RELEVANCE}')::int AS f_rel,
         count(*) FILTER (WHERE v.dimensions @> '{WEIGHT}')::int AS f_wei,
         count(*) FILTER (WHERE v.dimensions @> '{WEIGHT}' AND v.weight_direction = 'OVER')::int AS f_over,
         count(*) FILTER (WHERE v.dimensions @> '{WEIGHT}' AND v.weight_direction = 'UNDER')::int AS f_under,
         count(*) FILTER (WHERE v.dimensions @> '{WEIGHT}' AND v.weight_direction = 'REDUNDANT')::int AS f_red,
         max(v.submitted_at) AS last_at, array_agg(v.expert_id) AS experts, array_agg(v.decision::text) AS choices
    FROM verdicts v
   WHERE v.submitted_at IS NOT NULL AND v.decision IS NOT NULL
   GROUP BY v.campaign_id, v.criterion_id),
judged AS (
  SELECT cc.campaign_id, cc.criterion_id, cr.dataset_id, cr.category::text AS category, cr.tier::text AS tier, cr.red_line, cr.tags,
         q.department, p.meta_rubric_version_id, coalesce(p.generator_models, '{}') AS models,
         coalesce(t.n, 0) AS n, t.n_acc, t.n_min, t.n_maj, t.n_rej, t.f_cor, t.f_com, t.f_rel, t.f_wei, t.f_over, t.f_under, t.f_red,
         t.last_at, t.experts, t.choices, adj.gold_decision::text AS gold, adj.dimensions AS gold_dimensions, adj.weight_direction::text AS gold_direction,
         adj.updated_at AS adjudicated_at,
         coalesce(t.n > 0 AND (t.n >= ac.overlap_k OR ac.status = 'CLOSED'), FALSE) AS complete
    FROM campaign_criteria cc
    JOIN audit_campaigns ac ON ac.id = cc.campaign_id
    JOIN criteria cr ON cr.id = cc.criterion_id
    JOIN queries q ON q.id = cc.query_id
    LEFT JOIN criterion_provenance p ON p.criterion_id = cc.criterion_id
    LEFT JOIN tally t ON t.campaign_id = cc.campaign_id AND t.criterion_id = cc.criterion_id
    LEFT JOIN adjudications adj ON adj.campaign_id = cc.campaign_id AND adj.criterion_id = cc.criterion_id),
agreed AS (
  SELECT j.*,
         CASE WHEN NOT j.complete THEN NULL WHEN j.n_acc = j.n THEN 'ACCEPT' WHEN j.n_min = j.n THEN 'REVISE_MINOR'
              WHEN j.n_maj = j.n THEN 'REVISE_MAJOR' WHEN j.n_rej = j.n THEN 'REJECT' END AS consensus
    FROM judged j),
outcome AS MATERIALIZED (
  SELECT a.*, coalesce(a.consensus, a.gold) AS final,
         CASE WHEN a.consensus IS NOT NULL THEN 'UNANIMOUS' WHEN a.gold IS NOT NULL THEN 'ADJUDICATED'
              WHEN a.complete THEN 'UNRESOLVED' ELSE 'AWAITING' END AS provenance,
         date_trunc('day', CASE WHEN a.consensus IS NOT NULL THEN a.last_at ELSE a.adjudicated_at END) AS final_day,
         CASE WHEN a.consensus IS NOT NULL THEN a.consensus <> 'ACCEPT' AND 2 * a.f_cor > a.n
              ELSE coalesce(a.gold_dimensions @> '{CORRECTNESS}', FALSE) END AS c_cor,
         CASE WHEN a.consensus IS NOT NULL THEN a.consensus <> 'ACCEPT' AND 2 * a.f_com > a.n
              ELSE coalesce(a.gold_dimensions @> '{COMPREHENSIVENESS}', FALSE) END AS c_com,
         CASE WHEN a.consensus IS NOT NULL THEN a.consensus <> 'ACCEPT' AND 2 * a.f_rel > a.n
              ELSE coalesce(a.gold_dimensions @> '{RELEVANCE}', FALSE) END AS c_rel,
         CASE WHEN a.consensus IS NOT NULL THEN a.consensus <> 'ACCEPT' AND 2 * a.f_wei > a.n
              ELSE coalesce(a.gold_dimensions @> '{WEIGHT}', FALSE) END AS c_wei,
         CASE WHEN a.consensus IS NULL THEN a.gold_direction
              WHEN a.f_over > 0 AND a.f_over >= a.f_under AND a.f_over >= a.f_red THEN 'OVER'
              WHEN a.f_under > 0 AND a.f_under >= a.f_red THEN 'UNDER'
              WHEN a.f_red > 0 THEN 'REDUNDANT' END AS c_dir
    FROM agreed a),
current AS MATERIALIZED (
  -- Dataset-level figures count each criterion once: its latest campaign with a final decision, else its latest.
  SELECT DISTINCT ON (o.criterion_id) o.* FROM outcome o ORDER BY o.criterion_id, (o.final IS NOT NULL) DESC, o.campaign_id DESC),
groups AS (
  SELECT ${rawBreakdownColumns()},
         ${RAW_TALLY},
         ${RAW_ERRORS}
    FROM current o
   GROUP BY GROUPING SETS ((), ${RAW_BREAKDOWNS.map(([, column]) => `(${column})`).join(', ')})),
tags AS (SELECT o.key, ${RAW_TALLY} FROM (SELECT unnest(tags) AS key, n, final, provenance FROM current) o GROUP BY o.key),
models AS (SELECT o.key, ${RAW_TALLY} FROM (SELECT unnest(models) AS key, n, final, provenance FROM current) o GROUP BY o.key),
agreement AS (
  SELECT o.n AS raters, count(*) AS subjects,
         sum(o.n_acc * o.n_acc + o.n_min * o.n_min + o.n_maj * o.n_maj + o.n_rej * o.n_rej) AS sum_of_squares,
         ARRAY[sum(o.n_acc), sum(o.n_min), sum(o.n_maj), sum(o.n_rej)] AS totals,
         ARRAY[${rawPairSums()}] AS pair_sums
    FROM outcome o WHERE o.n >= 2 GROUP BY o.n),
experts AS (
  -- Leave-one-out: the decision without this verdict is the other verdicts' when they all agree, else the gold one.
  SELECT o.key, ${RAW_TALLY},
         count(*) FILTER (WHERE o.complete AND o.reference IS NOT NULL) AS loo_n,
         count(*) FILTER (WHERE o.complete AND o.reference = o.choice) AS loo_agrees
    FROM (SELECT e.key, e.choice, c.n, c.final, c.provenance, c.complete,
                 CASE WHEN x.m = 0 THEN NULL WHEN x.kinds = 1 THEN x.one ELSE c.gold END AS reference
            FROM current c
            CROSS JOIN LATERAL unnest(c.experts, c.choices) WITH ORDINALITY AS e(key, choice, i)
            CROSS JOIN LATERAL (SELECT count(*) AS m, count(DISTINCT u.v) AS kinds, min(u.v) AS one
                                  FROM unnest(c.choices) WITH ORDINALITY AS u(v, j) WHERE u.j <> e.i) x) o
   GROUP BY o.key),
pairs AS (
  SELECT p.experts[p.i] AS a, p.experts[p.j] AS b, p.choices[p.i] AS da, p.choices[p.j] AS db, count(*) AS n
    FROM (SELECT s.experts, s.choices, s.i, generate_series(1, s.n) AS j
            FROM (SELECT experts, choices, n, generate_series(1, n) AS i FROM outcome WHERE n >= 2) s) p
   WHERE p.experts[p.i] < p.experts[p.j]
   GROUP BY 1, 2, 3, 4)
SELECT (SELECT json_agg(g) FROM groups g) AS groups,
       (SELECT json_agg(t) FROM tags t) AS tags,
       (SELECT json_agg(m) FROM models m) AS models,
       (SELECT json_agg(a) FROM agreement a) AS agreement,
       (SELECT json_agg(e) FROM experts e) AS experts,
       (SELECT json_agg(p) FROM pairs p) AS pairs,
       json_build_object(
         'dataset', (SELECT json_object_agg(d.id, d.name) FROM datasets d
                      WHERE d.id::text IN (SELECT key FROM groups WHERE breakdown = 'dataset')),
         'campaign', (SELECT json_object_agg(c.id, c.name) FROM audit_campaigns c
                       WHERE c.id::text IN (SELECT key FROM groups WHERE breakdown = 'campaign')),
         'metaRubricVersion', (SELECT json_object_agg(mv.id, m.name || ' v' || mv.number) FROM meta_rubric_versions mv
                                JOIN meta_rubrics m ON m.id = mv.meta_rubric_id
                               WHERE mv.id::text IN (SELECT key FROM groups WHERE breakdown = 'metaRubricVersion')),
         'expert', (SELECT json_object_agg(u.id, u.name) FROM users u WHERE u.id IN (SELECT key FROM experts))) AS labels`;

/** The counts every group of the dashboard has (the app's Counts carries the accepted ones inside its rates). */
const TALLY_KEYS = [
  'criteria',
  'withVerdicts',
  'finalized',
  'unanimous',
  'adjudicated',
  'unresolved',
  'awaiting',
  'accepted',
  'lenient',
] as const;
type Tally = Record<(typeof TALLY_KEYS)[number], number>;
type RawTally = Tally & { key: string | null };

export interface RawDashboard {
  groups: (RawTally & { breakdown: string } & Record<`${'p' | 'c'}_${string}`, number>)[];
  tags: RawTally[] | null;
  models: RawTally[] | null;
  agreement: { raters: number; subjects: number; sum_of_squares: number; totals: number[]; pair_sums: number[] }[] | null;
  experts: (RawTally & { loo_n: number; loo_agrees: number })[] | null;
  pairs: { a: string; b: string; da: string; db: string; n: number }[] | null;
  labels: Record<string, Record<string, string> | null>;
}

export async function rawDashboard(db: Queryable): Promise<RawDashboard> {
  const result = await db.query<RawDashboard>(RAW_DASHBOARD_SQL);
  const row = result.rows[0];
  if (!row) throw new Error('the raw dashboard statement returned no row');
  return row;
}

// ───────────── checks: the same counts on both sides ─────────────

function tallyEntries(prefix: string, tally: Tally): [string, number][] {
  return TALLY_KEYS.map((name) => [`${prefix}.${name}`, tally[name]]);
}

const fromApp = (counts: Counts): Tally => ({ ...counts, accepted: counts.strict.count, lenient: counts.lenient.count });

/**
 * Every count the dashboard shows, by name: totals, error table, Fleiss' subjects, each breakdown's groups
 * (days included), each expert's verdicts and leave-one-out agreements with the final decision, each pair's shared
 * criteria.
 */
export function appCounts(dashboard: Dashboard): Map<string, number> {
  const entries: [string, number][] = [
    ...tallyEntries('totals', fromApp(dashboard.totals)),
    ...dashboard.errors.flatMap((row): [string, number][] => [
      [`errors.${row.row}.preliminary`, row.preliminary.count],
      [`errors.${row.row}.confirmed`, row.confirmed.count],
    ]),
    ['fleiss.subjects', dashboard.agreement.fleiss.subjects],
    ['fleiss.raters', dashboard.agreement.fleiss.raters],
    ['pairableUnits', dashboard.agreement.pairableUnits],
    ...Object.entries(dashboard.breakdowns).flatMap(([breakdown, groups]) =>
      groups.flatMap((group) => tallyEntries(`${breakdown}.${group.key}`, fromApp(group))),
    ),
    ...dashboard.overTime.flatMap((day) => tallyEntries(`day.${day.day}`, fromApp(day))),
    ...dashboard.agreement.withFinal.flatMap((expert): [string, number][] => [
      [`looAgrees.${expert.id}`, expert.agreement.count],
      [`looN.${expert.id}`, expert.agreement.n],
    ]),
    ...dashboard.agreement.pairwise.map((pair): [string, number] => [`pair.${pair.a}.${pair.b}`, pair.n]),
  ];
  return new Map(entries);
}

export function rawCounts(raw: RawDashboard): Map<string, number> {
  const total = raw.groups.find((row) => row.breakdown === 'total');
  const byRaters = [...(raw.agreement ?? [])].sort((a, b) => b.subjects - a.subjects || b.raters - a.raters);
  const pairs = new Map<string, number>();
  for (const pair of raw.pairs ?? []) pairs.set(`pair.${pair.a}.${pair.b}`, (pairs.get(`pair.${pair.a}.${pair.b}`) ?? 0) + pair.n);
  const errorRows = ['correctness', 'comprehensiveness', 'relevance', 'weight', 'weight_over', 'weight_under', 'weight_redundant'];
  const entries: [string, number][] = [
    ...(total ? tallyEntries('totals', total) : []),
    ...errorRows.flatMap((row): [string, number][] => [
      [`errors.${row.toUpperCase()}.preliminary`, total?.[`p_${row}`] ?? 0],
      [`errors.${row.toUpperCase()}.confirmed`, total?.[`c_${row}`] ?? 0],
    ]),
    ['fleiss.subjects', byRaters[0]?.subjects ?? 0],
    ['fleiss.raters', byRaters[0]?.raters ?? 0],
    ['pairableUnits', byRaters.reduce((sum, row) => sum + row.subjects, 0)],
    ...raw.groups
      .filter((row) => row.breakdown !== 'total' && !(row.breakdown === 'day' && row.key === null))
      .flatMap((row) => tallyEntries(`${row.breakdown}.${row.key ?? ''}`, row)),
    ...(raw.tags ?? []).flatMap((row) => tallyEntries(`tag.${row.key}`, row)),
    ...(raw.models ?? []).flatMap((row) => tallyEntries(`generatorModel.${row.key}`, row)),
    ...(raw.experts ?? []).flatMap((row) => [
      ...tallyEntries(`expert.${row.key}`, row),
      [`looAgrees.${row.key}`, row.loo_agrees] as [string, number],
      [`looN.${row.key}`, row.loo_n] as [string, number],
    ]),
    ...pairs,
  ];
  return new Map(entries);
}

/** The counts that differ (at most `limit`, then how many more). */
export function compareCounts(app: Map<string, number>, raw: Map<string, number>, limit = 10): string[] {
  const keys = [...new Set([...app.keys(), ...raw.keys()])].sort();
  const differences = keys
    .filter((key) => app.get(key) !== raw.get(key))
    .map((key) => `${key}: app ${app.get(key) ?? 'missing'}, raw ${raw.get(key) ?? 'missing'}`);
  return differences.length > limit ? [...differences.slice(0, limit), `… ${differences.length - limit} more`] : differences;
}

// ───────────── where the time goes: EXPLAIN ANALYZE, untimed ─────────────

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Actual Total Time'?: number;
  'Subplan Name'?: string;
  'Temp Written Blocks'?: number;
  Plans?: PlanNode[];
}

interface StatementProfile {
  name: string;
  ms: number;
  /** Temporary files written (sorts and hashes beyond work_mem), MB. */
  spillMb: number;
  /** Shares of the statement's time: the verdicts' aggregation (their scan included) and the raw side's outcome CTE. */
  parts: { name: string; share: number }[];
}

const scansVerdicts = (node: PlanNode): boolean => node['Relation Name'] === 'verdicts' || (node.Plans ?? []).some(scansVerdicts);

function findParts(node: PlanNode, total: number): { name: string; share: number }[] {
  // Per process: in a parallel plan the wall time, not the sum over workers.
  const share = (node['Actual Total Time'] ?? 0) / total;
  const below = () => (node.Plans ?? []).flatMap((child) => findParts(child, total));
  if (node['Subplan Name'] === 'CTE outcome') return [{ name: 'per-criterion outcome', share }, ...below()];
  if (node['Node Type'] === 'Aggregate' && scansVerdicts(node)) return [{ name: 'verdict tally', share }];
  return below();
}

async function explain(db: Queryable, timing: boolean, name: string, sql: string, values: unknown[] = []): Promise<StatementProfile> {
  const result = await db.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }[] }>(
    `EXPLAIN (ANALYZE, TIMING ${timing ? 'ON' : 'OFF'}, BUFFERS, FORMAT JSON) ${sql}`,
    values,
  );
  const top = result.rows[0]?.['QUERY PLAN'][0];
  if (!top) throw new Error(`no plan for ${name}`);
  return {
    name,
    ms: top['Planning Time'] + top['Execution Time'],
    spillMb: ((top.Plan['Temp Written Blocks'] ?? 0) * 8192) / (1024 * 1024),
    parts: timing ? findParts(top.Plan, top['Execution Time']) : [],
  };
}

/** computeDashboard's counts statement (the fold and the label lookup aside), then the raw statement, in one snapshot. */
async function explainAll(db: Queryable, timing: boolean): Promise<StatementProfile[]> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  try {
    const profiles = [await explain(db, timing, 'group counts', COUNTS_SQL, [null, null])];
    profiles.push(await explain(db, timing, 'raw', RAW_DASHBOARD_SQL));
    return profiles;
  } finally {
    await db.query('ROLLBACK');
  }
}

/**
 * Each statement under EXPLAIN ANALYZE twice: without per-node timing for its time (timing every row of
 * every node costs as much again as the work here), then with it for the shares of its parts.
 */
export async function profileDashboard(db: Queryable): Promise<{ app: StatementProfile[]; raw: StatementProfile }> {
  const timed = await explainAll(db, true);
  const profiles = (await explainAll(db, false)).map((profile, index) => ({ ...profile, parts: timed[index]?.parts ?? [] }));
  const raw = profiles.pop();
  if (!raw) throw new Error('no profile of the raw statement');
  return { app: profiles, raw };
}

function describeProfile(profile: StatementProfile): string {
  const parts = profile.parts.map((part) => `${part.name} ${(100 * part.share).toFixed(0)}%`).join(', ');
  const spill = profile.spillMb >= 1 ? `${parts ? ', ' : ''}${profile.spillMb.toFixed(0)} MB spilled to disk` : '';
  return `${profile.name} ${profile.ms.toFixed(0)} ms${parts || spill ? ` (${parts}${spill})` : ''}`;
}

// ───────────── the operation ─────────────

interface DashboardState {
  ctx: BenchContext;
  campaign: AuditedCampaign;
  /** Rows in scope (the whole database, whatever else earlier operations left). */
  scope: { criteria: number; verdicts: number; accepts: number };
  client: pg.Client;
  app?: Dashboard;
  raw?: RawDashboard;
  profile?: { app: StatementProfile[]; raw: StatementProfile };
  /** Folding the fixture's deltas into the group counts (untimed). */
  fold: { groups: number; ms: number };
  writes: WriteOverhead;
}

interface WriteOverhead {
  amendments: number;
  /** Per UPDATE of one submitted verdict, ms. */
  withTriggers: { p50: number; p95: number };
  withoutTriggers: { p50: number; p95: number };
}

/**
 * What keeping the counts current costs a writer: one submitted verdict's decision changed and changed back,
 * `n` times, once with the triggers (outcome refreshed, deltas appended) and once with them disabled
 * (session_replication_role = replica), so the data ends as it began either way.
 */
export async function measureWriteOverhead(db: Queryable, n: number): Promise<WriteOverhead> {
  const picked = await db.query<{ id: number; decision: string }>(
    `SELECT id, decision::text AS decision FROM verdicts WHERE submitted_at IS NOT NULL ORDER BY hashint4(id) LIMIT $1`,
    [n],
  );
  const amend = async (): Promise<number[]> => {
    const times: number[] = [];
    for (const { id, decision } of picked.rows) {
      const other = decision === 'REJECT' ? 'REVISE_MAJOR' : 'REJECT';
      for (const next of [other, decision]) {
        const started = performance.now();
        await db.query(`UPDATE verdicts SET decision = $2::"Decision" WHERE id = $1`, [id, next]);
        times.push(performance.now() - started);
      }
    }
    return times;
  };
  const summary = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });
  const withTriggers = summary(await amend());
  await db.query(`SET session_replication_role = replica`);
  try {
    const withoutTriggers = summary(await amend());
    return { amendments: picked.rows.length * 2, withTriggers, withoutTriggers };
  } finally {
    await db.query(`SET session_replication_role = origin`);
  }
}

export const dashboardOperation = defineOperation<DashboardState>({
  id: 'dashboard',
  title: 'The analytics dashboard: computeDashboard vs one hand-written SQL aggregation',
  setup: async (ctx) => {
    const dataset = await ensureSyntheticDataset(ctx);
    const experts = Array.from({ length: EXPERTS }, (_, index) => expertId(index));
    const client = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await client.connect();
    try {
      await ensureBenchUsers(client, { ADMIN: [BENCH_ADMIN_ID], REVIEWER: [BENCH_REVIEWER_ID], EXPERT: experts });
      ctx.log(`dashboard: an audited campaign over the whole dataset, k = ${OVERLAP_K}, ${EXPERTS} experts, in SQL (untimed)`);
      const started = performance.now();
      const campaign = await buildAuditedCampaign(client, {
        datasetId: dataset.id,
        experts,
        reviewerId: BENCH_REVIEWER_ID,
        actorId: BENCH_ADMIN_ID,
        seed: ctx.seed,
        log: ctx.log,
      });
      ctx.log(
        `dashboard: ${count(campaign.verdicts)} verdicts, ${count(campaign.adjudications)} adjudications in ${((performance.now() - started) / 1000).toFixed(0)} s; VACUUM ANALYZE`,
      );
      const written = ['audit_campaigns', 'campaign_criteria', 'campaign_queries', 'assignments', 'verdicts', 'adjudications', 'users'];
      for (const table of [...written, 'criteria', 'queries', 'criterion_provenance']) {
        await client.query(`VACUUM ANALYZE ${table}`);
      }
      const scope = await client.query<DashboardState['scope']>(
        `SELECT (SELECT count(*)::int FROM campaign_criteria) AS criteria,
                count(*)::int AS verdicts, count(*) FILTER (WHERE decision = 'ACCEPT')::int AS accepts
           FROM verdicts WHERE submitted_at IS NOT NULL AND decision IS NOT NULL`,
      );
      const folding = performance.now();
      const groups = await foldOutcomeDeltas(client);
      const fold = { groups, ms: performance.now() - folding };
      ctx.log(`dashboard: ${AMENDMENTS * 2} single-verdict amendments with and without the triggers (untimed)`);
      const writes = await measureWriteOverhead(client, AMENDMENTS);
      await client.query(`SET work_mem = '${RAW_WORK_MEM}'`);
      ctx.log('dashboard: EXPLAIN ANALYZE of each statement (untimed)');
      const profile = await profileDashboard(client);
      return { ctx, campaign, scope: scope.rows[0] ?? { criteria: 0, verdicts: 0, accepts: 0 }, client, profile, fold, writes };
    } catch (error) {
      await client.end();
      throw error;
    }
  },
  warmup: WARMUP,
  iterations: ITERATIONS,
  app: async (state) => {
    state.app = await computeDashboard(SCOPE);
  },
  raw: async (state) => {
    state.raw = await rawDashboard(state.client);
  },
  metrics: (timings, state) => {
    const what = `${count(state.scope.verdicts)} verdicts on ${count(state.scope.criteria)} criteria`;
    return [
      {
        id: 'dashboard-p50',
        label: `dashboard, whole database (${what}): median of ${ITERATIONS}`,
        unit: 'ms' as const,
        app: percentile(timings.app, 50),
        raw: percentile(timings.raw, 50),
      },
      {
        id: 'dashboard-max',
        label: `  slowest of ${ITERATIONS}`,
        unit: 'ms' as const,
        app: Math.max(...timings.app),
        raw: Math.max(...timings.raw),
      },
    ];
  },
  targets: () => [{ metric: 'dashboard-p50', maxValue: TARGET_MS, maxRatio: TARGET_RATIO }],
  verify: async (state) => {
    if (!state.app || !state.raw) return ['a side did not run'];
    return compareCounts(appCounts(state.app), rawCounts(state.raw));
  },
  notes: (state) => {
    const totals = state.app?.totals;
    const share = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
    const mix = totals
      ? `verdicts ${share(state.scope.accepts, state.scope.verdicts)} accept; criteria ${share(totals.unanimous, totals.criteria)} unanimous, ` +
        `${share(totals.adjudicated, totals.criteria)} adjudicated, ${share(totals.unresolved, totals.criteria)} unresolved`
      : 'no dashboard computed';
    const appProfile = state.profile?.app ?? [];
    const appMs = appProfile.reduce((sum, statement) => sum + statement.ms, 0);
    return [
      `fixture: a closed campaign over ${count(state.campaign.criteria)} criteria, ${count(state.campaign.assignments)} submitted assignments ` +
        `(${EXPERTS} experts in rotation), ${count(state.campaign.verdicts)} verdicts, ${count(state.campaign.adjudications)} adjudications; ${mix}`,
      `where the time goes (EXPLAIN ANALYZE, untimed; raw with work_mem ${RAW_WORK_MEM}): app ${appMs.toFixed(0)} ms in ` +
        `${appProfile.map(describeProfile).join('; ')} (+ the fold and 1 label lookup); ${state.profile ? describeProfile(state.profile.raw) : 'raw —'}`,
      `maintained on write: the fixture's bulk statements left deltas folded into ${count(state.fold.groups)} groups in ${state.fold.ms.toFixed(0)} ms; ` +
        `amending one submitted verdict (${state.writes.amendments} UPDATEs each way): p50 ${state.writes.withTriggers.p50.toFixed(2)} ms, ` +
        `p95 ${state.writes.withTriggers.p95.toFixed(2)} ms with the triggers vs p50 ${state.writes.withoutTriggers.p50.toFixed(2)} ms, ` +
        `p95 ${state.writes.withoutTriggers.p95.toFixed(2)} ms without`,
    ];
  },
  teardown: async (state) => {
    await state.client.end();
  },
});
