// Detects a file's format from its first whole record (a line up to the 32 MB line limit, or the first element
// of a JSON array), never from a fixed byte window: a HealthBench line whose prompt fills the first megabyte
// is still recognised by the keys after it.
import { type ImportFormat, formatOfRecord, formatOfText, isCsv } from '@/lib/import/formats/detect';
import type { FileSource } from '@/lib/files/file-source';
import { type LineEvent, readLines } from '@/lib/import/read-lines';
import { jsonArrayOrLineRecords } from '@/lib/import/records';

export type SniffResult =
  | { kind: 'format'; format: ImportFormat }
  /** Nothing but blank lines (or an empty JSON array). */
  | { kind: 'empty' }
  /** The first line cannot be read (not UTF-8, over the line limit). */
  | { kind: 'unreadable'; line: number; reason: string }
  | { kind: 'unknown'; line: number; array: boolean };

async function firstLine(source: FileSource): Promise<LineEvent | null> {
  for await (const event of readLines(source)) {
    if (event.kind === 'error' || event.text.trim() !== '') return event; // returning closes the file
  }
  return null;
}

export async function sniffFormat(source: FileSource): Promise<SniffResult> {
  const first = await firstLine(source);
  if (!first) return { kind: 'empty' };
  if (first.kind === 'error') return { kind: 'unreadable', line: first.line, reason: first.reason };
  const text = first.text.trimStart();
  if (isCsv(text, source.name)) return { kind: 'format', format: 'csv' };
  if (text.startsWith('[')) {
    for await (const record of jsonArrayOrLineRecords(source)) {
      const format = record.kind === 'value' ? formatOfRecord(record.value) : null;
      return format ? { kind: 'format', format } : { kind: 'unknown', line: record.line, array: true };
    }
    return { kind: 'empty' };
  }
  let format: ImportFormat | null;
  try {
    format = formatOfRecord(JSON.parse(text));
  } catch {
    format = formatOfText(text);
  }
  return format ? { kind: 'format', format } : { kind: 'unknown', line: first.line, array: false };
}
