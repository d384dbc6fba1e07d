// Writes an import job's final state. On success it runs inside the import's own transaction (importFile's
// beforeCommit), so the data and the row that describes it commit or roll back together: no row can say
// "failed" over committed data, nor "succeeded" over none. Every text is made storable first (a message
// quoting a NUL byte from the file must not be what fails the write).
import type pg from 'pg';
import type { ImportSummary } from '@/lib/import/import-file';
import { storableJson, storableText } from '@/lib/security/unstorable-text';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The summary exactly as the job row stores it (and as the CLI and the upload page then show it). */
export function storableSummary(summary: ImportSummary): ImportSummary {
  return storableJson(JSON.parse(JSON.stringify(summary))) as ImportSummary;
}

function refusalText(summary: ImportSummary): string {
  return `refused: ${summary.issueCount} problem${summary.issueCount === 1 ? '' : 's'}, nothing was changed`;
}

/** Returns false when the job was no longer RUNNING (another run finished it): the caller must not commit. */
export async function recordImportOutcome({
  db,
  importJobId,
  summary,
  totalBytes,
}: {
  db: Queryable;
  importJobId: number;
  summary: ImportSummary;
  totalBytes: number;
}): Promise<boolean> {
  const stored = storableSummary(summary);
  const result = await db.query(
    `UPDATE import_jobs SET status = $2::"JobStatus", dataset_id = $3, format = COALESCE($4, format), processed_bytes = $5,
            summary = $6::jsonb, errors = $7::jsonb, error_count = $8, error = $9, finished_at = now()
      WHERE id = $1 AND status = 'RUNNING'`,
    [
      importJobId,
      stored.ok ? 'SUCCEEDED' : 'FAILED',
      stored.datasetId,
      stored.format,
      totalBytes,
      JSON.stringify(stored),
      JSON.stringify(stored.issues),
      stored.issueCount,
      stored.ok ? null : storableText(refusalText(stored)),
    ],
  );
  return result.rowCount === 1;
}
