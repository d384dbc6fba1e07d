// A file as a stream of parsed, validated records in the normalized shape, whatever its format. Every problem
// names the field as the user's file writes it; in a file that is one JSON array, prefixed with the record's
// index in the array ([3].essential[0].Tag), as well as the line it starts on.
import type { ImportFormat } from '@/lib/import/formats/detect';
import { type CsvHeader, columnName, parseCsvHeader, parseCsvRow } from '@/lib/import/formats/csv';
import { parseHealthBench } from '@/lib/import/formats/healthbench';
import { type MetaEvalItem, parseHealthBenchMeta } from '@/lib/import/formats/healthbench-meta';
import { parseNative } from '@/lib/import/formats/native';
import { parseQuark } from '@/lib/import/formats/quark';
import {
  type FieldPath,
  type FieldProblem,
  type FormatResult,
  type NormalizedCriterionRow,
  type NormalizedQuery,
  fieldName,
} from '@/lib/import/normalized';
import type { FileSource } from '@/lib/files/file-source';
import { type RawRecord, csvRecords, jsonArrayOrLineRecords, jsonLineRecords } from '@/lib/import/records';
import { findUnstorableText } from '@/lib/security/unstorable-text';

export type ParsedRecord =
  | {
      kind: 'query';
      line: number;
      value: NormalizedQuery;
      warnings: string[];
      bytesRead: number;
      /** The id's field in the file; `idDerived` when the id is a hash of the record's text. */
      idField: string;
      idDerived: boolean;
    }
  | {
      kind: 'row';
      line: number;
      value: NormalizedCriterionRow;
      bytesRead: number;
      /** The columns of the query id and of the criterion's identity (its id, or its title when hashed). */
      queryIdField: string;
      keyField: string;
      keyDerived: boolean;
    }
  | InvalidRecord;

export type InvalidRecord = { kind: 'invalid'; line: number; problems: FieldProblem[]; fatal: boolean; bytesRead: number };

/** A graded item of a HealthBench meta-evaluation file. */
export type ParsedItem = { kind: 'item'; line: number; value: MetaEvalItem; warnings: string[]; bytesRead: number } | InvalidRecord;

function recordsOf(source: FileSource, format: ImportFormat): AsyncGenerator<RawRecord> {
  if (format === 'csv') return csvRecords(source);
  if (format === 'quark') return jsonArrayOrLineRecords(source);
  return jsonLineRecords(source);
}

/** `at` is where the record sits in the file: [3] in a JSON array, so that its messages name it. */
const PARSERS: Record<
  Exclude<ImportFormat, 'csv' | 'healthbench-meta'>,
  (value: unknown, at: FieldPath) => FormatResult<NormalizedQuery>
> = {
  native: parseNative,
  healthbench: parseHealthBench,
  quark: parseQuark,
};

/** "[3]" before a field of the 4th element of a JSON array: "[3].essential[0].Tag", "[3]" for the record. */
function inRecord(index: number | undefined, problems: FieldProblem[]): FieldProblem[] {
  if (index === undefined) return problems;
  return problems.map((problem) => {
    if (problem.field.startsWith('(')) return { ...problem, field: `[${index}]` };
    return { ...problem, field: `[${index}]${problem.field.startsWith('[') ? '' : '.'}${problem.field}` };
  });
}

export function parseFile(source: FileSource, format: 'healthbench-meta'): AsyncGenerator<ParsedItem>;
export function parseFile(source: FileSource, format: Exclude<ImportFormat, 'healthbench-meta'>): AsyncGenerator<ParsedRecord>;
export async function* parseFile(source: FileSource, format: ImportFormat): AsyncGenerator<ParsedRecord | ParsedItem> {
  let header: CsvHeader | undefined;
  const positions = new Map<string, number>();
  for await (const record of recordsOf(source, format)) {
    const { line, bytesRead, index } = record;
    const invalid = (problems: FieldProblem[], fatal = false): ParsedRecord => ({
      kind: 'invalid',
      line,
      problems: inRecord(index, problems),
      fatal,
      bytesRead,
    });
    if (record.kind === 'problem') {
      yield invalid([{ field: record.wholeFile ? '(file)' : '(line)', reason: record.reason }], record.fatal);
      continue;
    }
    // PostgreSQL cannot hold U+0000 or half a surrogate pair; refuse them up front with a clear reason.
    const unstorable = findUnstorableText(record.value);
    if (unstorable) {
      const field = format === 'csv' ? columnName(header ?? { names: [] }, Number(unstorable.path[0] ?? 0)) : fieldName(unstorable.path);
      yield invalid([{ field, reason: unstorable.reason }]);
      continue;
    }
    if (format === 'csv') {
      const fields = record.value as string[];
      if (!header) {
        const parsed = parseCsvHeader(fields);
        if (!parsed.ok) {
          yield invalid(parsed.problems, true);
          return;
        }
        header = parsed.value;
        continue;
      }
      const queryId = fields[header.index.query_id ?? 0]?.trim() ?? '';
      const position = positions.get(queryId) ?? 0;
      const parsed = parseCsvRow(fields, header, position);
      if (parsed.ok) {
        positions.set(queryId, position + 1);
        const idColumn = header.index.criterion_id;
        const keyDerived = idColumn === undefined || !fields[idColumn]?.trim();
        yield {
          kind: 'row',
          line,
          value: parsed.value,
          bytesRead,
          queryIdField: columnName(header, header.index.query_id ?? 0),
          keyField: columnName(header, keyDerived ? (header.index.title ?? 0) : (idColumn ?? 0)),
          keyDerived,
        };
      } else yield invalid(parsed.problems);
      continue;
    }
    if (typeof record.value !== 'object' || record.value === null || Array.isArray(record.value)) {
      const what = Array.isArray(record.value) ? 'a JSON array' : record.value === null ? 'null' : `a ${typeof record.value}`;
      yield invalid([{ field: '(record)', reason: `must be a JSON object (one record), not ${what}` }]);
      continue;
    }
    if (format === 'healthbench-meta') {
      const item = parseHealthBenchMeta(record.value);
      if (item.ok) yield { kind: 'item', line, value: item.value, warnings: item.warnings ?? [], bytesRead };
      else yield { kind: 'invalid', line, problems: item.problems, fatal: false, bytesRead };
      continue;
    }
    const parsed = PARSERS[format](record.value, index === undefined ? [] : [index]);
    if (parsed.ok)
      yield {
        kind: 'query',
        line,
        value: parsed.value,
        warnings: parsed.warnings ?? [],
        bytesRead,
        idField: fieldName(parsed.idField ?? ['id']),
        idDerived: parsed.idDerived ?? false,
      };
    else yield { kind: 'invalid', line, problems: parsed.problems, fatal: false, bytesRead };
  }
}
