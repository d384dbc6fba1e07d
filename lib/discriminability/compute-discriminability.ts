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
import { DEFAULT_MIN_PAIRS_TO_FLAG, flagCriterion } from '@/lib/discriminability/flag-criterion';
import { type Separation, scoreSeparation } from '@/lib/discriminability/score-separation';
import { DEFAULT_MIN_GRADE_DIFFERENCE, listVerifiedPairs, type VerifiedPair } from '@/lib/discriminability/verified-pairs';

export type ScoreSource = 'judge' | 'clinicians';
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
  judge: Separation;
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
  /** Every criterion labelled on at least one verified pair, per source. */
  criteria: CriterionDiscrimination[];
}

interface SumRow {
  response_id: number;
  key: string;
  possible: number | null;
  judge_achieved: number | null;
  judge_complete: boolean;
  clin_achieved: number | null;
  clin_complete: boolean;
}

/** Per response of the pairs and criterion subset, HealthBench's two sums under each source, and whether every label is there. */
const SUMS_SQL = `
WITH resp AS (SELECT DISTINCT unnest($1::int[]) AS response_id),
clin AS (SELECT response_id, criterion_id, count(*) FILTER (WHERE met)::int AS met_count, count(*)::int AS n
           FROM clinician_grades WHERE response_id IN (SELECT response_id FROM resp) GROUP BY 1, 2),
items AS (
  SELECT r.response_id, c.points, g.met AS judge_met,
         CASE WHEN cl.n IS NULL OR 2 * cl.met_count = cl.n THEN NULL ELSE 2 * cl.met_count > cl.n END AS clin_met,
         ARRAY['all', 'set:' || coalesce(pv.judge_run_id::text, 'imported')]
           || CASE WHEN pv.meta_rubric_version_id IS NULL THEN '{}'::text[] ELSE ARRAY['version:' || pv.meta_rubric_version_id] END
           || coalesce((SELECT array_agg('model:' || m) FROM unnest(pv.generator_models) m), '{}'::text[]) AS keys
    FROM resp r
    JOIN responses rs ON rs.id = r.response_id
    JOIN criteria c ON c.query_id = rs.query_id AND c.status <> 'REJECTED'
    LEFT JOIN criterion_provenance pv ON pv.criterion_id = c.id
    LEFT JOIN grades g ON g.run_id = $2 AND g.response_id = r.response_id AND g.criterion_id = c.id
    LEFT JOIN clin cl ON cl.response_id = r.response_id AND cl.criterion_id = c.id)
SELECT response_id, k.key,
       sum(points) FILTER (WHERE points > 0)::float8 AS possible,
       coalesce(sum(points) FILTER (WHERE judge_met), 0)::float8 AS judge_achieved, bool_and(judge_met IS NOT NULL) AS judge_complete,
       coalesce(sum(points) FILTER (WHERE clin_met), 0)::float8 AS clin_achieved, bool_and(clin_met IS NOT NULL) AS clin_complete
  FROM items CROSS JOIN LATERAL unnest(keys) AS k(key)
 GROUP BY response_id, k.key`;

interface CriterionRow {
  criterion_id: number;
  query_id: number;
  external_id: string;
  title: string;
  points: number;
  meta_rubric_id: number | null;
  source: ScoreSource;
  pairs: number;
  met_preferred: number;
  met_other: number;
}

/** Per criterion of the pairs' queries, the pairs whose two responses are both labelled on it, and who met it, per source. */
const CRITERIA_SQL = `
WITH pairs AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[]) AS p(query_id, preferred, other)),
resp AS (SELECT DISTINCT unnest(ARRAY[preferred, other]) AS response_id FROM pairs),
labels AS (
  SELECT 'judge' AS source, g.response_id, g.criterion_id, g.met FROM grades g
   WHERE g.run_id = $4 AND g.met IS NOT NULL AND g.response_id IN (SELECT response_id FROM resp)
  UNION ALL
  SELECT 'clinicians', response_id, criterion_id, 2 * count(*) FILTER (WHERE met) > count(*) FROM clinician_grades
   WHERE response_id IN (SELECT response_id FROM resp) GROUP BY response_id, criterion_id
  HAVING 2 * count(*) FILTER (WHERE met) <> count(*))
SELECT c.id AS criterion_id, c.query_id, q.external_id, c.title, c.points, v.meta_rubric_id, lp.source, count(*)::int AS pairs,
       count(*) FILTER (WHERE lp.met)::int AS met_preferred, count(*) FILTER (WHERE lo.met)::int AS met_other
  FROM pairs p
  JOIN criteria c ON c.query_id = p.query_id AND c.status <> 'REJECTED'
  JOIN queries q ON q.id = c.query_id
  LEFT JOIN criterion_provenance pv ON pv.criterion_id = c.id
  LEFT JOIN meta_rubric_versions v ON v.id = pv.meta_rubric_version_id
  JOIN labels lp ON lp.response_id = p.preferred AND lp.criterion_id = c.id
  JOIN labels lo ON lo.response_id = p.other AND lo.criterion_id = c.id AND lo.source = lp.source
 GROUP BY c.id, q.external_id, v.meta_rubric_id, lp.source
 ORDER BY c.query_id, c.id, lp.source`;

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

async function groupLabels(keys: string[]): Promise<Map<string, string>> {
  const versionIds = keys.filter((key) => key.startsWith('version:')).map((key) => Number(key.slice(8)));
  const { rows } = await pgPool().query<{ id: number; label: string }>(
    `SELECT v.id, m.name || ' v' || v.number AS label FROM meta_rubric_versions v JOIN meta_rubrics m ON m.id = v.meta_rubric_id
      WHERE v.id = ANY($1::int[])`,
    [versionIds],
  );
  const versions = new Map(rows.map((row) => [`version:${row.id}`, row.label]));
  return new Map(
    keys.map((key) => {
      if (key === 'all') return [key, 'Whole rubric'];
      if (key === 'set:imported') return [key, 'Imported criteria'];
      if (key.startsWith('set:')) return [key, `Generated by run #${key.slice(4)}`];
      if (key.startsWith('version:')) return [key, versions.get(key) ?? key];
      return [key, key.slice(6)];
    }),
  );
}

function separationsOf(pairs: readonly VerifiedPair[], sums: Map<string, SumRow>, key: string) {
  const score = (row: SumRow | undefined, source: ScoreSource) => {
    if (!row || row.possible === null) return Number.NaN;
    if (source === 'judge') return row.judge_complete ? healthbenchScoreFromSums(row.judge_achieved ?? 0, row.possible) : Number.NaN;
    return row.clin_complete ? healthbenchScoreFromSums(row.clin_achieved ?? 0, row.possible) : Number.NaN;
  };
  const units = (source: ScoreSource, only: readonly VerifiedPair[]) =>
    only.map((pair) => ({
      queryId: pair.queryId,
      preferred: score(sums.get(`${pair.preferredResponseId}|${key}`), source),
      other: score(sums.get(`${pair.otherResponseId}|${key}`), source),
    }));
  return { units, judge: scoreSeparation(units('judge', pairs)) };
}

export async function computeDiscriminability({
  datasetId,
  gradeRunId,
  proxyRunId,
  minGradeDifference = DEFAULT_MIN_GRADE_DIFFERENCE,
  minPairsToFlag = DEFAULT_MIN_PAIRS_TO_FLAG,
}: {
  datasetId?: number;
  gradeRunId?: number;
  proxyRunId?: number;
  minGradeDifference?: number;
  minPairsToFlag?: number;
} = {}): Promise<Discriminability> {
  const [pairs, gradeRun, proxyRun] = await Promise.all([
    listVerifiedPairs({ datasetId, minGradeDifference }),
    pickRun('GRADE', gradeRunId, datasetId),
    pickRun('PROXY', proxyRunId, datasetId),
  ]);
  const responseIds = pairs.flatMap((pair) => [pair.preferredResponseId, pair.otherResponseId]);
  const columns = [
    pairs.map((pair) => pair.queryId),
    pairs.map((pair) => pair.preferredResponseId),
    pairs.map((pair) => pair.otherResponseId),
  ];
  const [sumRows, criterionRows, queryRows, proxyUnits] = await Promise.all([
    pgPool().query<SumRow>(SUMS_SQL, [responseIds, gradeRun?.id ?? null]),
    pgPool().query<CriterionRow>(CRITERIA_SQL, [...columns, gradeRun?.id ?? null]),
    pgPool().query<{ id: number; external_id: string }>('SELECT id, external_id FROM queries WHERE id = ANY($1::int[])', [
      [...new Set(columns[0])],
    ]),
    proxyRun ? listProxyUnits({ runId: proxyRun.id }) : Promise.resolve(null),
  ]);
  const sums = new Map(sumRows.rows.map((row) => [`${row.response_id}|${row.key}`, row]));
  const keys = [...new Set(sumRows.rows.map((row) => row.key))].sort();
  const labels = await groupLabels(keys);
  // The clinicians' score verifies the clinician-grades pairs by construction: it is measured on the reviewers' pairs only.
  const reviewerPairs = pairs.filter((pair) => pair.basis === 'reviewers');
  const groups: SeparationGroup[] = ['all', ...keys.filter((key) => key !== 'all')].map((key) => {
    const { units, judge } = separationsOf(pairs, sums, key);
    return {
      kind: key.split(':')[0] as GroupKind,
      key,
      label: labels.get(key) ?? key,
      judge,
      clinicians: scoreSeparation(units('clinicians', reviewerPairs)),
    };
  });
  const externalIds = new Map(queryRows.rows.map((row) => [row.id, row.external_id]));
  const pairsByQuery = new Map<number, VerifiedPair[]>();
  for (const pair of pairs) pairsByQuery.set(pair.queryId, [...(pairsByQuery.get(pair.queryId) ?? []), pair]);
  const byQuery = [...pairsByQuery].map(([queryId, own]) => ({
    queryId,
    externalId: externalIds.get(queryId) ?? String(queryId),
    pairs: own.length,
    judge: separationsOf(own, sums, 'all').judge,
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
    criteria: criterionRows.rows.map((row) => ({
      criterionId: row.criterion_id,
      queryId: row.query_id,
      queryExternalId: row.external_id,
      title: row.title,
      points: row.points,
      metaRubricId: row.meta_rubric_id,
      source: row.source,
      pairs: row.pairs,
      metByPreferred: row.met_preferred,
      metByOther: row.met_other,
      ...flagCriterion(
        { points: row.points, pairs: row.pairs, metByPreferred: row.met_preferred, metByOther: row.met_other },
        minPairsToFlag,
      ),
    })),
  };
}
