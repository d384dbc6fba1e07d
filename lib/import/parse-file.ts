// A file as a stream of parsed, validated records in the normalized shape, whatever its format.
import type { ImportFormat } from '@/lib/import/formats/detect';
import { type CsvHeader, parseCsvHeader, parseCsvRow } from '@/lib/import/formats/csv';
import { parseHealthBench } from '@/lib/import/formats/healthbench';
import { parseNative } from '@/lib/import/formats/native';
import { parseQuark } from '@/lib/import/formats/quark';
import type { FieldProblem, FormatResult, NormalizedCriterionRow, NormalizedQuery } from '@/lib/import/normalized';
import type { FileSource } from '@/lib/import/read-lines';
import { type RawRecord, csvRecords, jsonArrayOrLineRecords, jsonLineRecords } from '@/lib/import/records';
import { findUnstorableText, formatFieldPath } from '@/lib/security/unstorable-text';

export type ParsedRecord =
  | { kind: 'query'; line: number; value: NormalizedQuery; warnings: string[]; bytesRead: number }
  | { kind: 'row'; line: number; value: NormalizedCriterionRow; bytesRead: number }
  | { kind: 'invalid'; line: number; problems: FieldProblem[]; fatal: boolean; bytesRead: number };

function recordsOf(source: FileSource, format: ImportFormat): AsyncGenerator<RawRecord> {
  if (format === 'csv') return csvRecords(source);
  if (format === 'quark') return jsonArrayOrLineRecords(source);
  return jsonLineRecords(source);
}

const PARSERS: Record<Exclude<ImportFormat, 'csv'>, (value: unknown) => FormatResult<NormalizedQuery>> = {
  native: parseNative,
  healthbench: parseHealthBench,
  quark: parseQuark,
};

export async function* parseFile(source: FileSource, format: ImportFormat): AsyncGenerator<ParsedRecord> {
  let header: CsvHeader | undefined;
  const positions = new Map<string, number>();
  for await (const record of recordsOf(source, format)) {
    const { line, bytesRead } = record;
    if (record.kind === 'problem') {
      yield { kind: 'invalid', line, problems: [{ field: '(line)', reason: record.reason }], fatal: record.fatal, bytesRead };
      continue;
    }
    // PostgreSQL cannot hold U+0000 or half a surrogate pair; refuse them up front with a clear reason.
    const unstorable = findUnstorableText(record.value);
    if (unstorable) {
      const field = format === 'csv' ? `column ${Number(unstorable.path[0] ?? 0) + 1}` : formatFieldPath(unstorable.path);
      yield { kind: 'invalid', line, problems: [{ field, reason: unstorable.reason }], fatal: false, bytesRead };
      continue;
    }
    if (format === 'csv') {
      const fields = record.value as string[];
      if (!header) {
        const parsed = parseCsvHeader(fields);
        if (!parsed.ok) {
          yield { kind: 'invalid', line, problems: parsed.problems, fatal: true, bytesRead };
          return;
        }
        header = parsed.value;
        continue;
      }
      const queryId = fields[header.query_id ?? 0]?.trim() ?? '';
      const position = positions.get(queryId) ?? 0;
      const parsed = parseCsvRow(fields, header, position);
      if (parsed.ok) {
        positions.set(queryId, position + 1);
        yield { kind: 'row', line, value: parsed.value, bytesRead };
      } else yield { kind: 'invalid', line, problems: parsed.problems, fatal: false, bytesRead };
      continue;
    }
    const parsed = PARSERS[format](record.value);
    if (parsed.ok) yield { kind: 'query', line, value: parsed.value, warnings: parsed.warnings ?? [], bytesRead };
    else yield { kind: 'invalid', line, problems: parsed.problems, fatal: false, bytesRead };
  }
  if (format === 'csv' && !header) return;
}
