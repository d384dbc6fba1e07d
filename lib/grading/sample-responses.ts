// Which responses a grading campaign grades, and the preview an admin sees before creating it: a dataset's
// responses (filtered by category, model = response source, ideal answers only when asked), stratified by model,
// category or both; the wanted number is allocated to strata in proportion to their sizes (largest remainder,
// the audit sampler's allocate) and each stratum is drawn in the order of md5(seed:response id), so the same
// seed draws the same sample. Only responses whose query has a criterion to grade (not rejected) are eligible.
import 'server-only';
import { allocate } from '@/lib/audit/create-campaign';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { GradingSelection } from '@/lib/grading/schemas';

type Db = Prisma.TransactionClient | typeof prisma;

export interface GradingSamplePreview {
  responses: number;
  queries: number;
  /** Criterion marks one clinician pass over the sample asks for (× k for the campaign). */
  marks: number;
  strata: { stratum: string; population: number; selected: number }[];
}

function stratumSql(selection: GradingSelection): Prisma.Sql {
  if (selection.stratifyBy === 'category') return Prisma.sql`q.category::text`;
  if (selection.stratifyBy === 'model-category') return Prisma.sql`r.source_label || ' · ' || q.category::text`;
  return Prisma.sql`r.source_label`;
}

function poolWhere(selection: GradingSelection): Prisma.Sql {
  return Prisma.sql`q.dataset_id = ${selection.datasetId}
    AND (${selection.categories.length === 0} OR q.category::text = ANY(${selection.categories}::text[]))
    AND (${selection.models.length === 0} OR r.source_label = ANY(${selection.models}::text[]))
    AND (${selection.includeIdeal} OR NOT r.is_ideal)
    AND EXISTS (SELECT 1 FROM criteria c WHERE c.query_id = q.id AND c.status <> 'REJECTED')`;
}

/** The sampled responses as a SQL subquery (response_id, query_id, stratum). */
export async function sampleResponses(db: Db, selection: GradingSelection): Promise<{ sql: Prisma.Sql; populations: Map<string, number> }> {
  const stratum = stratumSql(selection);
  const rows = await db.$queryRaw<{ stratum: string; n: number }[]>`
    SELECT ${stratum} AS stratum, count(*)::int AS n FROM responses r JOIN queries q ON q.id = r.query_id
    WHERE ${poolWhere(selection)} GROUP BY 1`;
  const populations = new Map(rows.map((row) => [row.stratum, row.n]));
  const takes = allocate(selection.responses, Object.fromEntries(populations));
  const sql = Prisma.sql`SELECT pool.response_id, pool.query_id, pool.stratum FROM (
      SELECT r.id AS response_id, q.id AS query_id, ${stratum} AS stratum,
             row_number() OVER (PARTITION BY ${stratum} ORDER BY md5(${String(selection.seed)} || ':' || r.id::text)) AS rn
      FROM responses r JOIN queries q ON q.id = r.query_id WHERE ${poolWhere(selection)}) pool
    JOIN jsonb_each_text(${JSON.stringify(takes)}::jsonb) take ON take.key = pool.stratum
    WHERE pool.rn <= take.value::int`;
  return { sql, populations };
}

export async function previewGradingSample(selection: GradingSelection, db: Db = prisma): Promise<GradingSamplePreview> {
  const { sql, populations } = await sampleResponses(db, selection);
  const [totals] = await db.$queryRaw<{ responses: number; queries: number; marks: number }[]>`
    SELECT count(*)::int AS responses, count(DISTINCT s.query_id)::int AS queries,
      COALESCE(sum((SELECT count(*) FROM criteria c WHERE c.query_id = s.query_id AND c.status <> 'REJECTED')), 0)::int AS marks
    FROM (${sql}) s`;
  const selected = await db.$queryRaw<{ stratum: string; n: number }[]>`SELECT s.stratum, count(*)::int AS n FROM (${sql}) s GROUP BY 1`;
  const selectedBy = new Map(selected.map((row) => [row.stratum, row.n]));
  return {
    responses: totals?.responses ?? 0,
    queries: totals?.queries ?? 0,
    marks: totals?.marks ?? 0,
    strata: [...populations]
      .map(([stratum, population]) => ({ stratum, population, selected: selectedBy.get(stratum) ?? 0 }))
      .sort((a, b) => a.stratum.localeCompare(b.stratum)),
  };
}
