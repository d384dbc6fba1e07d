// The result of an import: counts per kind of record, warnings, and every problem with file, line, field.
import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { ImportCounts, ImportSummary } from '@/lib/import/import-file';
import { refusalAdvice } from '@/lib/import/refusal-advice';

export interface ImportJobView {
  id: number;
  status: string;
  fileName: string;
  datasetName: string;
  datasetId: number | null;
  format: string;
  totalBytes: number;
  processedBytes: number;
  summary: unknown;
  error: string | null;
}

function isSummary(value: unknown): value is ImportSummary {
  return typeof value === 'object' && value !== null && 'issues' in value && 'queries' in value;
}

function CountsRow({ label, counts }: { label: string; counts: ImportCounts & { locked?: number } }) {
  return (
    <tr>
      <th scope="row" className="py-1 pr-4 text-left font-medium text-slate-700">
        {label}
      </th>
      {[counts.added, counts.updated, counts.unchanged, counts.locked].map((value, column) => (
        <Td key={['added', 'updated', 'unchanged', 'locked'][column]} align="right">
          {value !== undefined ? value.toLocaleString('en') : '—'}
        </Td>
      ))}
    </tr>
  );
}

export function ImportSummaryView({ job }: { job: ImportJobView }) {
  const summary = isSummary(job.summary) ? job.summary : null;
  if (!summary) return <Notice tone="error">{job.error ?? 'The import failed.'}</Notice>;
  return (
    <section aria-label="Import result" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        {summary.ok ? <Badge tone="green">Imported</Badge> : <Badge tone="red">Refused</Badge>}
        <span className="text-sm text-slate-700">
          {summary.fileName} · {summary.format ?? 'unknown format'} · dataset “{summary.datasetName}”
        </span>
      </div>
      {summary.ok ? (
        <SimpleTable
          label="Records"
          className="w-auto"
          head={
            <>
              <Th>Records</Th>
              <Th align="right">Added</Th>
              <Th align="right">Updated</Th>
              <Th align="right">Unchanged</Th>
              <Th align="right" title="Changed in the file but already in audit, so kept as they are">
                Kept (in audit)
              </Th>
            </>
          }
        >
          <CountsRow label="Queries" counts={summary.queries} />
          <CountsRow label="Criteria" counts={summary.criteria} />
          <CountsRow label="Responses" counts={summary.responses} />
          {summary.clinicianGrades ? <CountsRow label="Physician labels" counts={summary.clinicianGrades} /> : null}
        </SimpleTable>
      ) : (
        <Notice tone="error">
          The file was refused: {summary.issueCount.toLocaleString('en')} problem{summary.issueCount === 1 ? '' : 's'} found. Nothing was
          changed. {refusalAdvice(summary, '“Skip invalid records”')}
        </Notice>
      )}
      {summary.ok && summary.skippedLines.length > 0 ? (
        <Notice tone="warning">
          Skipped {summary.invalidRecords.toLocaleString('en')} invalid record{summary.invalidRecords === 1 ? '' : 's'} on line
          {summary.skippedLines.length === 1 ? '' : 's'} {summary.skippedLines.slice(0, 40).join(', ')}
          {summary.skippedLines.length > 40 ? ', …' : ''}.
        </Notice>
      ) : null}
      {summary.warnings.map((warning) => (
        <Notice key={warning} tone="warning">
          {warning}
        </Notice>
      ))}
      {summary.issues.length > 0 ? (
        <div>
          <SimpleTable
            scrollClassName="max-h-96 rounded ring-1 ring-slate-200"
            label="Problems"
            head={
              <>
                <Th>File</Th>
                <Th align="right">Line</Th>
                <Th>Field</Th>
                <Th>Problem</Th>
              </>
            }
          >
            {summary.issues.map((issue) => (
              <tr key={`${issue.line}\u0001${issue.field}\u0001${issue.reason}`}>
                <Td className="text-slate-600">{issue.file}</Td>
                <Td align="right">{issue.line || '—'}</Td>
                <Td className="font-mono text-xs">{issue.field}</Td>
                <Td className="[overflow-wrap:anywhere]">{issue.reason}</Td>
              </tr>
            ))}
          </SimpleTable>
          {summary.issueCount > summary.issues.length ? (
            <p className="px-3 py-2 text-xs text-slate-500">
              Showing the first {summary.issues.length.toLocaleString('en')} of {summary.issueCount.toLocaleString('en')} problems.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
