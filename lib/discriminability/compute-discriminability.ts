// Rubric discriminability figures over the verified pairs (lib/discriminability/verified-pairs.ts): score separation
// (judge-graded from one GRADE run, and clinician-graded), per query, criterion set, meta-rubric version and
// generator model; proxy accuracy of one PROXY run; and each criterion's met counts with its flags. The sums of
// HealthBench's score are added up in SQL per response and criterion subset (one statement); the score, the
// separation and the flags are the pure functions of lib/judge/scoring.ts and this folder.
import 'server-only';
import { pgPool } from '@/lib/db';
import { listProxyUnits } from '@/lib/judge/list-proxy-units';
import { type ProxyAccuracy, proxyAccuracy } from '@/lib/judge/proxy-accuracy';
import { healthbenchScoreFromSums } from '@/lib/judge/scoring';
import { criterionFlagsSql, DEFAULT_MIN_PAIRS_TO_FLAG, SEPARATION_BINS } from '@/lib/discriminability/flag-criterion';
import { type Separation, type SeparationCounts, scoreSeparation, separationCounts } from '@/lib/discriminability/score-separation';
import { DEFAULT_MIN_GRADE_DIFFERENCE, listVerifiedPairs, type VerifiedPair } from '@/lib/discriminability/verified-pairs';

export type ScoreSource = 'judge' | 'clinicians';

/** Flagged criteria listed per source and flag (the page and its CSV); the summary counts every one. */
export const FLAGGED_LIMIT = 500;
export type GroupKind = 'all' | 'set' | 'version' | 'model';

export interface SeparationGroup {
  kind: GroupKind;
  key: string;
  label: string;
  judge: Separation;
  clinicians: Separation;
}

export interface QuerySeparation {
  queryId: number;
  externalId: string;
  pairs: number;
  /** Judge-graded, over the whole rubric. */
  judge: SeparationCounts;
}

export interface CriterionDiscrimination {
  criterionId: number;
  queryId: number;
  queryExternalId: string;
  title: string;
  points: number;
  /** The meta-rubric the criterion was generated under (where a proposal citing it goes); null when imported. */
  metaRubricId: number | null;
  source: ScoreSource;
  pairs: number;
  metByPreferred: number;
  metByOther: number;
  nonDiscriminating: boolean;
  inverted: boolean;
}

export interface Discriminability {
  settings: { datasetId: number | null; minGradeDifference: number; minPairsToFlag: number };
  pairs: { total: number; reviewers: number; clinicianGrades: number };
  gradeRun: { id: number; label: string } | null;
  proxyRun: { id: number; label: string; metaRubricVersionId: number | null } | null;
  /** Score separation by group: 'all' first, then criterion sets, versions and generator models by key. */
  groups: SeparationGroup[];
  byQuery: QuerySeparation[];
  proxy: ProxyAccuracy | null;
  /** Per source: the criteria labelled on at least one verified pair, and how many of them are flagged. */
  criteriaSummary: {
    source: ScoreSource;
    examined: number;
    nonDiscriminating: number;
    inverted: number;
    /** Criteria per bin of criterionSeparation (SEPARATION_BINS over [−1, 1]). */
    separation: number[];
  }[];
  /** The flagged criteria: per source and flag, at most FLAGGED_LIMIT, those on the most pairs first. */
  criteria: CriterionDiscrimination[];
}

/**
 * One output row of FIGURES_SQL. part 'pair': a pair's sums over one criterion subset (id: the pair's index, key: the
 * subset, points: Σ positive points, a1..a4: achieved by judge-preferred, judge-other, clinicians-preferred,
 * clinicians-other, c1..c4: whether each has every label). part 'criteria', one row: j, the criteria's figures as
 * JSON (CriteriaFigures), flagged where their counts are so that 100,000 criteria are not sent one row each.
 */
interface FigureRow {
  part: 'pair' | 'criteria';
  id: number;
  key: string;
  points: number | null;
  a1: number;
  a2: number;
  a3: number;
  a4: number;
  c1: boolean | null;
  c2: boolean | null;
  c3: boolean | null;
  c4: boolean | null;
  j: string | null;
}

type Flagged = Omit<CriterionDiscrimination, 'queryExternalId' | 'title'>;

/** Per source the criteria examined and flagged, the separation histogram's counts, and the flagged criteria shown. */
interface CriteriaFigures {
  summary: { source: ScoreSource; examined: number; nonDiscriminating: number; inverted: number }[];
  bins: { source: ScoreSource; bin: number; n: number }[];
  /** Per source and flag, at most FLAGGED_LIMIT: those on the most pairs first, then by id. */
  flagged: Flagged[];
}

const PAIR_SUMS = `sum(points) FILTER (WHERE points > 0)::float8 AS points,
       coalesce(sum(points) FILTER (WHERE jp), 0)::float8 AS a1, coalesce(sum(points) FILTER (WHERE jo), 0)::float8 AS a2,
       coalesce(sum(points) FILTER (WHERE cp), 0)::float8 AS a3, coalesce(sum(points) FILTER (WHERE co), 0)::float8 AS a4,
       bool_and(jp IS NOT NULL) AS c1, bool_and(jo IS NOT NULL) AS c2, bool_and(cp IS NOT NULL) AS c3, bool_and(co IS NOT NULL) AS c4,
       NULL::text AS j`;

const FLAGS = criterionFlagsSql({ points: 's.points', pairs: 's.n', metByPreferred: 's.mp', metByOther: 's.mo', minPairs: '$5::float8' });

/**
 * Every figure's counts in one pass over (verified pair × criterion of its query not rejected), each with the judge's
 * grade (run $4) and the clinicians' strict-majority label of both responses: per pair and criterion subset (the whole
 * rubric, each criterion set: imported or generated by one run, each meta-rubric version, each generator model)
 * HealthBench's sums, and per criterion the pairs labelled on it and who met it, flagged in SQL (CriteriaFigures).
 * $1 query, $2 preferred, $3 other, $5 pairs to flag, $6 flagged criteria listed per source and flag.
 */
const FIGURES_SQL = `
WITH pairs AS (SELECT (n - 1)::int AS i, query_id, preferred, other FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS p(query_id, preferred, other, n)),
clin AS (SELECT response_id, criterion_id, 2 * count(*) FILTER (WHERE met) > count(*) AS met FROM clinician_grades
          WHERE response_id IN (SELECT preferred FROM pairs UNION SELECT other FROM pairs) GROUP BY 1, 2
         HAVING 2 * count(*) FILTER (WHERE met) <> count(*)),
-- Per pair its query's criteria and their grades, looked up through the indexes (criteria by query, grades by run and
-- response): OFFSET 0 keeps the subquery per pair, where the planner would otherwise hash the whole criteria, provenance
-- and grades tables (other datasets' and runs' rows included) to join 10,000 pairs.
items AS MATERIALIZED (
  SELECT p.i, x.criterion_id, p.query_id, x.points, x.jp, x.jo, lp.met AS cp, lo.met AS co, x.set_key, x.version_id, x.models,
         x.meta_rubric_id
    FROM pairs p
   CROSS JOIN LATERAL (
     SELECT c.id AS criterion_id, c.points, gp.met AS jp, go.met AS jo, coalesce(pv.judge_run_id::text, 'imported') AS set_key,
            pv.meta_rubric_version_id AS version_id, pv.generator_models AS models, v.meta_rubric_id
       FROM criteria c
       LEFT JOIN criterion_provenance pv ON pv.criterion_id = c.id
       LEFT JOIN meta_rubric_versions v ON v.id = pv.meta_rubric_version_id
       LEFT JOIN grades gp ON gp.run_id = $4 AND gp.response_id = p.preferred AND gp.criterion_id = c.id
       LEFT JOIN grades go ON go.run_id = $4 AND go.response_id = p.other AND go.criterion_id = c.id
      WHERE c.query_id = p.query_id AND c.status <> 'REJECTED'
     OFFSET 0) x
    LEFT JOIN clin lp ON lp.response_id = p.preferred AND lp.criterion_id = x.criterion_id
    LEFT JOIN clin lo ON lo.response_id = p.other AND lo.criterion_id = x.criterion_id),
-- Per criterion: the judge's pairs (both graded) and how many of them each side met; the same with the clinicians'
-- labels; then per source the flags and the separation bin of lib/discriminability/flag-criterion.ts ($5 pairs to flag).
crit AS (
  SELECT * FROM (SELECT criterion_id, min(query_id) AS query_id, min(points) AS points, min(meta_rubric_id) AS meta_rubric_id,
                        count(*) FILTER (WHERE jp IS NOT NULL AND jo IS NOT NULL)::int AS jn,
                        count(*) FILTER (WHERE jp AND jo IS NOT NULL)::int AS jmp, count(*) FILTER (WHERE jo AND jp IS NOT NULL)::int AS jmo,
                        count(*) FILTER (WHERE cp IS NOT NULL AND co IS NOT NULL)::int AS cn,
                        count(*) FILTER (WHERE cp AND co IS NOT NULL)::int AS cmp, count(*) FILTER (WHERE co AND cp IS NOT NULL)::int AS cmo
                   FROM items GROUP BY criterion_id) k
   WHERE k.jn > 0 OR k.cn > 0),
sourced AS (
  SELECT 'judge' AS source, criterion_id, query_id, points, jn AS n, jmp AS mp, jmo AS mo, meta_rubric_id FROM crit WHERE jn > 0
  UNION ALL
  SELECT 'clinicians', criterion_id, query_id, points, cn, cmp, cmo, meta_rubric_id FROM crit WHERE cn > 0),
judged AS (
  SELECT s.*, ${FLAGS.nonDiscriminating} AS nd, ${FLAGS.inverted} AS inv, ${FLAGS.bin} AS bin FROM sourced s)
SELECT 'pair' AS part, i AS id,
       CASE WHEN GROUPING(set_key) = 0 THEN 'set:' || set_key WHEN GROUPING(version_id) = 0 THEN 'version:' || version_id ELSE 'all' END AS key,
       ${PAIR_SUMS}
  FROM items
 GROUP BY GROUPING SETS ((i), (i, set_key), (i, version_id))
HAVING GROUPING(version_id) = 1 OR version_id IS NOT NULL
UNION ALL
SELECT 'pair', i, 'model:' || m, ${PAIR_SUMS}
  FROM items CROSS JOIN LATERAL unnest(models) AS m
 WHERE cardinality(models) > 0
 GROUP BY i, m
UNION ALL
SELECT 'criteria', 0, '', NULL, 0, 0, 0, 0, NULL, NULL, NULL, NULL,
       json_build_object(
         'summary', (SELECT coalesce(json_agg(s), '[]') FROM (
           SELECT source, count(*)::int AS examined, count(*) FILTER (WHERE nd)::int AS "nonDiscriminating",
                  count(*) FILTER (WHERE inv)::int AS inverted FROM judged GROUP BY source) s),
         'bins', (SELECT coalesce(json_agg(b), '[]') FROM (SELECT source, bin, count(*)::int AS n FROM judged GROUP BY source, bin) b),
         'flagged', (SELECT coalesce(json_agg(f), '[]') FROM (
           SELECT source, criterion_id AS "criterionId", query_id AS "queryId", points, n AS pairs, mp AS "metByPreferred",
                  mo AS "metByOther", meta_rubric_id AS "metaRubricId", nd AS "nonDiscriminating", inv AS inverted
             FROM (SELECT *, row_number() OVER (PARTITION BY source, nd ORDER BY n DESC, criterion_id) AS rn_nd,
                             row_number() OVER (PARTITION BY source, inv ORDER BY n DESC, criterion_id) AS rn_inv
                     FROM judged WHERE nd OR inv) r
            WHERE (nd AND rn_nd <= $6) OR (inv AND rn_inv <= $6)) f))::text`;

async function pickRun(kind: 'GRADE' | 'PROXY', id: number | undefined, datasetId: number | undefined) {
  const { rows } = await pgPool().query<{ id: number; meta_rubric_version_id: number | null; label: string | null }>(
    `SELECT r.id, r.meta_rubric_version_id, m.name || ' v' || v.number AS label
       FROM judge_runs r LEFT JOIN meta_rubric_versions v ON v.id = r.meta_rubric_version_id LEFT JOIN meta_rubrics m ON m.id = v.meta_rubric_id
      WHERE r.kind = $1::"JudgeRunKind" AND ($2::int IS NULL OR r.id = $2)
        AND ($3::int IS NULL OR (r.scope->>'datasetId')::int = $3)
        AND ($2::int IS NOT NULL OR r.status IN ('SUCCEEDED', 'RUNNING'))
      ORDER BY r.id DESC LIMIT 1`,
    [kind, id ?? null, datasetId ?? null],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, metaRubricVersionId: row.meta_rubric_version_id, label: `Run #${row.id}${row.label ? ` (${row.label})` : ''}` };
}

/** The versions' names for the group labels (a small table, read beside the figures). */
async function versionLabels(): Promise<Map<string, string>> {
  const { rows } = await pgPool().query<{ id: number; label: string }>(
    `SELECT v.id, m.name || ' v' || v.number AS label FROM meta_rubric_versions v JOIN meta_rubrics m ON m.id = v.meta_rubric_id`,
  );
  return new Map(rows.map((row) => [`version:${row.id}`, row.label]));
}

function groupLabel(key: string, versions: Map<string, string>): string {
  if (key === 'all') return 'Whole rubric';
  if (key === 'set:imported') return 'Imported criteria';
  if (key.startsWith('set:')) return `Generated by run #${key.slice(4)}`;
  if (key.startsWith('version:')) return versions.get(key) ?? key;
  return key.slice(6);
}

/**
 * FIGURES_SQL with room for its hash aggregates and the pair × criterion rows in memory (the default work_mem of a
 * few MB spills them to disk at 10,000 pairs): one transaction on one connection.
 */
async function queryFigures(params: unknown[]): Promise<FigureRow[]> {
  const client = await pgPool().connect();
  try {
    await client.query("BEGIN READ ONLY; SET LOCAL work_mem = '64MB'");
    const { rows } = await client.query<FigureRow>(FIGURES_SQL, params);
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** HealthBench's score of one side of a pair over a subset, NaN when a label is missing or nothing is achievable. */
function sideScore(row: FigureRow | undefined, source: ScoreSource, side: 'preferred' | 'other'): number {
  if (!row || row.points === null) return Number.NaN;
  const [achieved, complete] =
    source === 'judge'
      ? side === 'preferred'
        ? [row.a1, row.c1]
        : [row.a2, row.c2]
      : side === 'preferred'
        ? [row.a3, row.c3]
        : [row.a4, row.c4];
  return complete ? healthbenchScoreFromSums(achieved, row.points) : Number.NaN;
}

function unitsOf(pairs: readonly { index: number; pair: VerifiedPair }[], sums: Map<string, FigureRow>, key: string, source: ScoreSource) {
  return pairs.map(({ index, pair }) => {
    const row = sums.get(`${index}|${key}`);
    return { queryId: pair.queryId, preferred: sideScore(row, source, 'preferred'), other: sideScore(row, source, 'other') };
  });
}

export interface DiscriminabilityOptions {
  datasetId?: number;
  /** The GRADE and PROXY runs; by default the latest finished or running one (of the dataset). */
  gradeRunId?: number;
  proxyRunId?: number;
  minGradeDifference?: number;
  minPairsToFlag?: number;
}

/** Computes every figure now; pages read them through readDiscriminability (stored until an input changes). */
export async function computeDiscriminability({
  datasetId,
  gradeRunId,
  proxyRunId,
  minGradeDifference = DEFAULT_MIN_GRADE_DIFFERENCE,
  minPairsToFlag = DEFAULT_MIN_PAIRS_TO_FLAG,
}: DiscriminabilityOptions = {}): Promise<Discriminability> {
  const [pairs, gradeRun, proxyRun] = await Promise.all([
    listVerifiedPairs({ datasetId, minGradeDifference }),
    pickRun('GRADE', gradeRunId, datasetId),
    pickRun('PROXY', proxyRunId, datasetId),
  ]);
  const queryIds = pairs.map((pair) => pair.queryId);
  const [figureRows, queryRows, proxyUnits, versions] = await Promise.all([
    queryFigures([
      queryIds,
      pairs.map((pair) => pair.preferredResponseId),
      pairs.map((pair) => pair.otherResponseId),
      gradeRun?.id ?? null,
      minPairsToFlag,
      FLAGGED_LIMIT,
    ]),
    pgPool().query<{ id: number; external_id: string }>('SELECT id, external_id FROM queries WHERE id = ANY($1::int[])', [
      [...new Set(queryIds)],
    ]),
    proxyRun ? listProxyUnits({ runId: proxyRun.id }) : Promise.resolve(null),
    versionLabels(),
  ]);
  const sums = new Map<string, FigureRow>();
  let criteriaFigures: CriteriaFigures = { summary: [], bins: [], flagged: [] };
  for (const row of figureRows) {
    if (row.part === 'pair') sums.set(`${row.id}|${row.key}`, row);
    else if (row.j !== null) criteriaFigures = JSON.parse(row.j) as CriteriaFigures;
  }
  const keys = [...new Set(figureRows.filter((row) => row.part === 'pair').map((row) => row.key))].sort();
  const indexed = pairs.map((pair, index) => ({ index, pair }));
  // The clinicians' score verifies the clinician-grades pairs by construction: it is measured on the reviewers' pairs only.
  const reviewerPairs = indexed.filter(({ pair }) => pair.basis === 'reviewers');
  const groups: SeparationGroup[] = ['all', ...keys.filter((key) => key !== 'all')].map((key) => ({
    kind: key.split(':')[0] as GroupKind,
    key,
    label: groupLabel(key, versions),
    judge: scoreSeparation(unitsOf(indexed, sums, key, 'judge')),
    clinicians: scoreSeparation(unitsOf(reviewerPairs, sums, key, 'clinicians')),
  }));
  const externalIds = new Map(queryRows.rows.map((row) => [row.id, row.external_id]));
  const unitsByQuery = new Map<number, ReturnType<typeof unitsOf>>();
  for (const unit of unitsOf(indexed, sums, 'all', 'judge')) {
    const own = unitsByQuery.get(unit.queryId);
    if (own) own.push(unit);
    else unitsByQuery.set(unit.queryId, [unit]);
  }
  const byQuery = [...unitsByQuery].map(([queryId, own]) => ({
    queryId,
    externalId: externalIds.get(queryId) ?? String(queryId),
    pairs: own.length,
    judge: separationCounts(own),
  }));
  const criteriaSummary = (['judge', 'clinicians'] as const).map((source) => {
    const counted = criteriaFigures.summary.find((entry) => entry.source === source);
    const separation = new Array<number>(SEPARATION_BINS).fill(0);
    for (const bin of criteriaFigures.bins) if (bin.source === source) separation[bin.bin] = bin.n;
    return {
      source,
      examined: counted?.examined ?? 0,
      nonDiscriminating: counted?.nonDiscriminating ?? 0,
      inverted: counted?.inverted ?? 0,
      separation,
    };
  });
  // The flagged criteria shown (and in the CSV): per source and flag, those on the most pairs first, at most FLAGGED_LIMIT.
  const shown = (['judge', 'clinicians'] as const).flatMap((source) =>
    (['nonDiscriminating', 'inverted'] as const).flatMap((flag) =>
      criteriaFigures.flagged
        .filter((entry) => entry.source === source && entry[flag])
        .sort((x, y) => y.pairs - x.pairs || x.criterionId - y.criterionId)
        .slice(0, FLAGGED_LIMIT),
    ),
  );
  const unique = [...new Map(shown.map((entry) => [`${entry.criterionId}|${entry.source}`, entry])).values()];
  const titles = new Map(
    (
      await pgPool().query<{ id: number; title: string }>('SELECT id, title FROM criteria WHERE id = ANY($1::int[])', [
        [...new Set(unique.map((entry) => entry.criterionId))],
      ])
    ).rows.map((row) => [row.id, row.title]),
  );
  const criteria: CriterionDiscrimination[] = unique.map((entry) => ({
    ...entry,
    queryExternalId: externalIds.get(entry.queryId) ?? String(entry.queryId),
    title: titles.get(entry.criterionId) ?? '',
  }));
  return {
    settings: { datasetId: datasetId ?? null, minGradeDifference, minPairsToFlag },
    pairs: {
      total: pairs.length,
      reviewers: reviewerPairs.length,
      clinicianGrades: pairs.length - reviewerPairs.length,
    },
    gradeRun: gradeRun ? { id: gradeRun.id, label: gradeRun.label } : null,
    proxyRun,
    groups,
    byQuery,
    proxy: proxyUnits ? proxyAccuracy(proxyUnits) : null,
    criteriaSummary,
    criteria,
  };
}
