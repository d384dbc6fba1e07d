// The disagreement browser of a grading run: the items clinicians graded where the judge's label differs from
// theirs, with the judge's explanation, each clinician's label and what is needed to cite the criterion.
import 'server-only';
import { pgPool } from '@/lib/db';
import type { DisagreementFilter } from '@/lib/judge-agreement/schemas';

export interface Disagreement {
  responseId: number;
  criterionId: number;
  queryExternalId: string;
  datasetName: string;
  category: string;
  criterionTitle: string;
  criterionDescription: string;
  tier: string;
  points: number;
  model: string;
  responseExcerpt: string;
  /** The response is longer than the excerpt. */
  truncated: boolean;
  judgeMet: boolean;
  explanation: string;
  labels: { physician: string; met: boolean }[];
  /** The meta-rubric the criterion was generated under (for "cite in a proposal"), or null. */
  metaRubricId: number | null;
}

const EXCERPT_CHARS = 600;

/** $1 run, $2 kind, $3 category or null, $4 limit, $5 offset. */
const LIST_SQL = `
WITH items AS (
  SELECT g.response_id, g.criterion_id, g.met AS judge, g.explanation,
         count(*) FILTER (WHERE cg.met)::int AS met, count(*)::int AS n,
         min(COALESCE(cg.category, q.category::text)) AS category,
         jsonb_agg(jsonb_build_object('physician', cg.physician_id, 'met', cg.met) ORDER BY cg.physician_id) AS labels
    FROM grades g
    JOIN clinician_grades cg ON cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id
    JOIN responses r ON r.id = g.response_id
    JOIN queries q ON q.id = r.query_id
   WHERE g.run_id = $1 AND g.met IS NOT NULL
   GROUP BY g.response_id, g.criterion_id, g.met, g.explanation),
filtered AS (
  SELECT * FROM items
   WHERE ($3::text IS NULL OR category = $3)
     AND CASE $2
           WHEN 'majority' THEN 2 * met = n OR judge <> (2 * met > n)
           WHEN 'judge-met' THEN judge AND 2 * met < n
           WHEN 'judge-not-met' THEN NOT judge AND 2 * met > n
           WHEN 'split' THEN 2 * met = n
           ELSE (judge AND met < n) OR (NOT judge AND met > 0)
         END)
SELECT f.response_id, f.criterion_id, f.judge, f.explanation, f.category, f.labels, count(*) OVER ()::int AS total,
       q.external_id, d.name AS dataset_name, c.title, c.description, c.tier::text AS tier, c.points,
       r.source_label, left(r.content, ${EXCERPT_CHARS}) AS excerpt, length(r.content) > ${EXCERPT_CHARS} AS truncated,
       mv.meta_rubric_id
  FROM filtered f
  JOIN responses r ON r.id = f.response_id
  JOIN queries q ON q.id = r.query_id
  JOIN datasets d ON d.id = q.dataset_id
  JOIN criteria c ON c.id = f.criterion_id
  LEFT JOIN criterion_provenance p ON p.criterion_id = c.id
  LEFT JOIN meta_rubric_versions mv ON mv.id = p.meta_rubric_version_id
 ORDER BY f.criterion_id, f.response_id
 LIMIT $4 OFFSET $5`;

interface Row {
  response_id: number;
  criterion_id: number;
  judge: boolean;
  explanation: string;
  category: string;
  labels: { physician: string; met: boolean }[];
  total: number;
  external_id: string;
  dataset_name: string;
  title: string;
  description: string;
  tier: string;
  points: number;
  source_label: string;
  excerpt: string;
  truncated: boolean;
  meta_rubric_id: number | null;
}

export async function listDisagreements({
  runId,
  filter,
  pageSize = 25,
}: {
  runId: number;
  filter: DisagreementFilter;
  pageSize?: number;
}): Promise<{ total: number; items: Disagreement[] }> {
  const result = await pgPool().query<Row>(LIST_SQL, [runId, filter.kind, filter.category ?? null, pageSize, (filter.page - 1) * pageSize]);
  return {
    total: result.rows[0]?.total ?? 0,
    items: result.rows.map((row) => ({
      responseId: row.response_id,
      criterionId: row.criterion_id,
      queryExternalId: row.external_id,
      datasetName: row.dataset_name,
      category: row.category,
      criterionTitle: row.title,
      criterionDescription: row.description,
      tier: row.tier,
      points: row.points,
      model: row.source_label,
      responseExcerpt: row.excerpt,
      truncated: row.truncated,
      judgeMet: row.judge,
      explanation: row.explanation,
      labels: row.labels,
      metaRubricId: row.meta_rubric_id,
    })),
  };
}
