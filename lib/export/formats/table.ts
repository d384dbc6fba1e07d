// One row per criterion, for CSV and Parquet: the query's identity, the criterion's text and weight, and
// (in a release) its final decision and how it was reached. Lists and objects are JSON text.
import type { ExportCriterion, ExportQuery } from '@/lib/export/release-rows';

export const TABLE_COLUMNS = [
  { name: 'query_id', type: 'STRING' },
  { name: 'criterion_id', type: 'STRING' },
  { name: 'category', type: 'STRING' },
  { name: 'department', type: 'STRING' },
  { name: 'language', type: 'STRING' },
  { name: 'position', type: 'INT32' },
  { name: 'title', type: 'STRING' },
  { name: 'description', type: 'STRING' },
  { name: 'tier', type: 'STRING' },
  { name: 'points', type: 'DOUBLE' },
  { name: 'tags', type: 'STRING' },
  { name: 'red_line', type: 'BOOLEAN' },
  { name: 'levels', type: 'STRING' },
  { name: 'evidence', type: 'STRING' },
  { name: 'final_decision', type: 'STRING' },
  { name: 'decision_source', type: 'STRING' },
  { name: 'verdicts', type: 'INT32' },
  { name: 'agreement', type: 'DOUBLE' },
  { name: 'campaign_id', type: 'INT32' },
  { name: 'text_source', type: 'STRING' },
  { name: 'revision', type: 'INT32' },
] as const;
export type TableValue = string | number | boolean | null;

export function tableRow(query: ExportQuery, c: ExportCriterion, position: number): TableValue[] {
  return [
    query.id,
    c.key,
    query.category,
    query.department,
    query.language,
    position,
    c.title,
    c.description,
    c.tier,
    c.points,
    JSON.stringify(c.tags),
    c.redLine,
    JSON.stringify(c.levels.map((l) => ({ label: l.label, description: l.description }))),
    JSON.stringify(c.evidence),
    c.audit?.finalDecision ?? null,
    c.audit?.decisionSource ?? null,
    c.audit?.verdicts ?? null,
    c.audit?.agreement ?? null,
    c.audit?.campaignId ?? null,
    c.audit?.textSource ?? null,
    c.audit?.revision ?? null,
  ];
}
