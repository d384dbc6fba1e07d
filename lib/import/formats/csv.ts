// CSV of criteria for queries that already exist in the dataset, keyed by the query's external id.
// Header (any order, case-insensitive): query_id, title, tier, points (required); criterion_id,
// description, tags ("a;b" or a JSON array), red_line (true/false/yes/no/1/0), levels (a JSON array of
// { label, description }, or "Label: text | Label: text"), evidence (a JSON array of { source, citation?,
// url? }, or a plain source name). Unknown columns refuse the file.
import { TIERS } from '@/lib/vocabulary/enums';
import { z } from '@/lib/zod';
import { criterionSchema } from '@/lib/import/native-schema';
import {
  type FieldProblem,
  type FormatResult,
  type NormalizedCriterionRow,
  type FieldPath,
  fieldName,
  normalizeCriterion,
  zodProblems,
} from '@/lib/import/normalized';

export const CSV_COLUMNS = [
  'query_id',
  'criterion_id',
  'title',
  'description',
  'tier',
  'points',
  'tags',
  'red_line',
  'levels',
  'evidence',
] as const;
const REQUIRED = ['query_id', 'title', 'tier', 'points'] as const;
type Column = (typeof CSV_COLUMNS)[number];

export interface CsvHeader {
  /** Where each known column is. */
  index: Partial<Record<Column, number>>;
  /** Each column's header as written in the file ("Red line" for red_line): messages name that. */
  names: string[];
}

/** A column as the file's header names it (or "column 3" when the header cell is empty). */
export function columnName(header: Pick<CsvHeader, 'names'>, index: number): string {
  return header.names[index]?.trim() || `column ${index + 1}`;
}

export function parseCsvHeader(fields: string[]): FormatResult<CsvHeader> {
  const header: CsvHeader = { index: {}, names: fields };
  const problems: FieldProblem[] = [];
  fields.forEach((raw, index) => {
    const name = raw
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if ((CSV_COLUMNS as readonly string[]).includes(name)) header.index[name as Column] = index;
    else problems.push({ field: columnName(header, index), reason: `unknown column (expected: ${CSV_COLUMNS.join(', ')})` });
  });
  for (const column of REQUIRED)
    if (header.index[column] === undefined) problems.push({ field: column, reason: 'required column is missing' });
  return problems.length ? { ok: false, problems } : { ok: true, value: header };
}

/** The internal criterion field each column fills. */
const COLUMN_OF_FIELD: Record<string, Column> = { id: 'criterion_id', redLine: 'red_line' };

function jsonOr<T>(text: string, fallback: (text: string) => T): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return Symbol.for('invalid-json');
    }
  }
  return fallback(trimmed);
}

const booleanText = z
  .string()
  .transform((text) => text.trim().toLowerCase())
  .pipe(z.enum(['', 'true', 'false', 'yes', 'no', '1', '0'], 'must be true or false'))
  .transform((text) => ['true', 'yes', '1'].includes(text));

export function parseCsvRow(fields: string[], header: CsvHeader, position: number): FormatResult<NormalizedCriterionRow> {
  const get = (column: Column) => {
    const index = header.index[column];
    return index === undefined ? undefined : (fields[index] ?? '');
  };
  const named = (column: Column) => {
    const index = header.index[column];
    return index === undefined ? column : columnName(header, index);
  };
  const problems: FieldProblem[] = [];
  const queryId = get('query_id')?.trim() ?? '';
  if (!queryId) problems.push({ field: named('query_id'), reason: 'must not be empty' });

  const pointsText = get('points')?.trim() ?? '';
  const points = pointsText === '' ? Number.NaN : Number(pointsText);
  const tierText = (get('tier') ?? '').trim().toUpperCase();
  const redLine = booleanText.safeParse(get('red_line') ?? '');
  if (!redLine.success) problems.push({ field: named('red_line'), reason: 'must be true or false' });

  const levelsRaw = get('levels');
  const levels = levelsRaw
    ? jsonOr(levelsRaw, (text) =>
        text
          .split('|')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const colon = part.indexOf(':');
            return colon > 0
              ? { label: part.slice(0, colon).trim(), description: part.slice(colon + 1).trim() }
              : { label: part, description: '' };
          }),
      )
    : [];
  const tagsRaw = get('tags');
  const tags = tagsRaw
    ? jsonOr(tagsRaw, (text) =>
        text
          .split(';')
          .map((tag) => tag.trim())
          .filter(Boolean),
      )
    : [];
  const evidenceRaw = get('evidence');
  const evidence = evidenceRaw ? jsonOr(evidenceRaw, (text) => (text ? [{ source: text }] : [])) : [];
  for (const [field, value] of [
    ['levels', levels],
    ['tags', tags],
    ['evidence', evidence],
  ] as const) {
    if (value === Symbol.for('invalid-json')) problems.push({ field: named(field), reason: 'starts like JSON but is not valid JSON' });
  }
  if (problems.length) return { ok: false, problems };

  const candidate = {
    ...(get('criterion_id')?.trim() ? { id: get('criterion_id')?.trim() } : {}),
    title: get('title') ?? '',
    description: get('description') ?? '',
    tier: (TIERS as readonly string[]).includes(tierText) ? tierText : get('tier'),
    points: pointsText === '' ? undefined : points,
    levels,
    tags,
    redLine: redLine.success ? redLine.data : false,
    evidence,
  };
  const parsed = criterionSchema.safeParse(candidate);
  if (!parsed.success) {
    // The column as the file's header names it, then the path inside the cell's JSON: Levels[0].label.
    const cellField = ([field, ...inside]: FieldPath) => {
      const column = named(COLUMN_OF_FIELD[String(field)] ?? (String(field) as Column));
      return inside.length ? `${column}${fieldName(['_', ...inside]).slice(1)}` : column;
    };
    return {
      ok: false,
      problems: zodProblems(parsed.error, undefined, cellField).map((problem) => ({
        field: problem.field,
        reason: problem.field === named('points') && pointsText !== '' && Number.isNaN(points) ? 'must be a number' : problem.reason,
      })),
    };
  }
  return { ok: true, value: { queryExternalId: queryId, criterion: normalizeCriterion(parsed.data, position) } };
}
