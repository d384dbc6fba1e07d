// The criteria browser's "export the selection": the selected criteria as CSV (neutralised against formulas by
// lib/export/csv.ts) or JSON Lines, with the text they have now and the names people use (the criterion's
// reference, the dataset and query by name). No provenance: the file is for working with the criteria.
import 'server-only';
import { criterionReference } from '@/lib/criteria/criterion-reference';
import type { ExportCriteriaInput } from '@/lib/criteria/schemas';
import { prisma } from '@/lib/db';
import { toCsv } from '@/lib/export/csv';

const COLUMNS = [
  'reference',
  'dataset',
  'query_id',
  'category',
  'department',
  'title',
  'description',
  'tier',
  'points',
  'red_line',
  'tags',
  'status',
  'revision',
] as const;

export async function exportCriteria({
  input,
}: {
  input: ExportCriteriaInput;
}): Promise<{ fileName: string; mimeType: string; content: string; rows: number }> {
  const criteria = await prisma.criterion.findMany({
    where: { id: { in: input.criterionIds } },
    orderBy: { id: 'asc' },
    select: {
      key: true,
      position: true,
      category: true,
      title: true,
      description: true,
      tier: true,
      points: true,
      redLine: true,
      tags: true,
      status: true,
      revision: true,
      dataset: { select: { name: true } },
      query: { select: { externalId: true, department: true } },
    },
  });
  const records = criteria.map((criterion) => ({
    reference: criterionReference({ key: criterion.key, position: criterion.position, queryExternalId: criterion.query.externalId }),
    dataset: criterion.dataset.name,
    query_id: criterion.query.externalId,
    category: criterion.category,
    department: criterion.query.department,
    title: criterion.title,
    description: criterion.description,
    tier: criterion.tier,
    points: criterion.points,
    red_line: criterion.redLine,
    tags: criterion.tags,
    status: criterion.status,
    revision: criterion.revision,
  }));
  const fileName = `criteria-selection-${records.length}.${input.format}`;
  if (input.format === 'jsonl') {
    return {
      fileName,
      mimeType: 'application/x-ndjson',
      content: records.map((record) => `${JSON.stringify(record)}\n`).join(''),
      rows: records.length,
    };
  }
  const rows = records.map((record) => COLUMNS.map((column) => (column === 'tags' ? record.tags.join(' ') : record[column])));
  return { fileName, mimeType: 'text/csv', content: toCsv(COLUMNS, rows), rows: records.length };
}
