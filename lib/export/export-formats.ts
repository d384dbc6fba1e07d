// Each export format's file name, content type and bytes. Every generator reads the release through
// readExportRecords (fixed order, batches) and yields ~256 KB buffers; nothing depends on the clock or
// on row order in PostgreSQL, so the same release always produces the same bytes.
import { healthBenchLine } from '@/lib/export/formats/healthbench';
import { nativeLine } from '@/lib/export/formats/native';
import { hasReleaseLines, releaseLineChunks } from '@/lib/export/release-lines';
import { parquetBytes } from '@/lib/export/formats/parquet';
import { quarkObject } from '@/lib/export/formats/quark';
import { CSV_FORMULA_RULE, csvLine } from '@/lib/export/csv';
import { TABLE_COLUMNS, tableRow } from '@/lib/export/formats/table';
import { type ExportRecord, type ExportSource, readExportRecords } from '@/lib/export/release-rows';
import type { ExportFormat } from '@/lib/export/format-names';

export const FORMAT_FILES: Record<ExportFormat, { suffix: string; contentType: string }> = {
  native: { suffix: '.native.jsonl', contentType: 'application/x-ndjson; charset=utf-8' },
  healthbench: { suffix: '.healthbench.jsonl', contentType: 'application/x-ndjson; charset=utf-8' },
  quark: { suffix: '.quark.json', contentType: 'application/json; charset=utf-8' },
  csv: { suffix: '.criteria.csv', contentType: 'text/csv; charset=utf-8' },
  parquet: { suffix: '.criteria.parquet', contentType: 'application/vnd.apache.parquet' },
  hf: { suffix: '.hf.tar', contentType: 'application/x-tar' },
};

/**
 * Formats whose text cells are changed to defuse spreadsheet formulas (lib/export/csv.ts); every other format
 * (JSONL, JSON, Parquet, the HF folder) carries the text verbatim. Written into each release's manifest.
 */
export const FORMULA_NEUTRALISED: { formats: ExportFormat[]; rule: string } = { formats: ['csv'], rule: CSV_FORMULA_RULE };

/** Formats a format needs exported first (the HF folder is assembled from stored files). */
export const FORMAT_DEPENDENCIES: Partial<Record<ExportFormat, ExportFormat[]>> = { hf: ['parquet', 'healthbench'] };

export function releaseFileBase(release: { name: string; version: number }): string {
  const slug = release.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'release'}-v${release.version}`;
}

export function releaseFileName(release: { name: string; version: number }, format: ExportFormat): string {
  return `${releaseFileBase(release)}${FORMAT_FILES[format].suffix}`;
}

const CHUNK_CHARS = 256 * 1024;

/** Text pieces joined into buffers of about CHUNK_CHARS; reports criteria written after each record. */
async function* textChunks(
  records: AsyncIterable<ExportRecord>,
  render: (record: ExportRecord, index: number) => string,
  { prefix = '', suffix = '', onRows }: { prefix?: string; suffix?: string; onRows?: ((rows: number) => void) | undefined },
): AsyncGenerator<Buffer> {
  let buffer = prefix;
  let rows = 0;
  let index = 0;
  for await (const record of records) {
    buffer += render(record, index);
    index += 1;
    rows += record.criteria.length;
    if (buffer.length >= CHUNK_CHARS) {
      yield Buffer.from(buffer, 'utf8');
      buffer = '';
      onRows?.(rows);
    }
  }
  buffer += suffix;
  if (buffer) yield Buffer.from(buffer, 'utf8');
  onRows?.(rows);
}

/** A release's native lines as stored when it was frozen; rendered from its snapshot if it has none. */
async function* releaseNative(releaseId: number, records: AsyncIterable<ExportRecord>, onRows?: (rows: number) => void) {
  if (await hasReleaseLines(releaseId)) yield* releaseLineChunks(releaseId, onRows);
  else yield* textChunks(records, nativeLine, { onRows });
}

/** The bytes of one table-like or line format (everything but the HF folder, which lib/releases/run-release-job.ts assembles). */
export function formatBytes(
  format: Exclude<ExportFormat, 'hf'>,
  source: ExportSource,
  onRows?: (rows: number) => void,
): AsyncGenerator<Buffer> {
  const records = readExportRecords(source);
  switch (format) {
    case 'native':
      return source.kind === 'release' ? releaseNative(source.releaseId, records, onRows) : textChunks(records, nativeLine, { onRows });
    case 'healthbench':
      return textChunks(records, healthBenchLine, { onRows });
    case 'quark':
      return textChunks(records, (record, index) => `${index === 0 ? '' : ',\n'}${quarkObject(record)}`, {
        prefix: '[\n',
        suffix: '\n]\n',
        onRows,
      });
    case 'csv':
      return textChunks(
        records,
        ({ query, criteria }) => criteria.map((criterion, position) => csvLine(tableRow(query, criterion, position))).join(''),
        { prefix: csvLine(TABLE_COLUMNS.map((column) => column.name)), onRows },
      );
    case 'parquet':
      return parquetBytes(records, onRows);
  }
}
