// The command line's report of an import, read back from its job row after the run, so that what is printed
// is what the database holds (the row's final state commits with the data; see record-import-outcome.ts).
import { prisma } from '@/lib/db';
import { formatSummary } from '@/lib/import/format-summary';
import type { ImportSummary } from '@/lib/import/import-file';

function isSummary(value: unknown): value is ImportSummary {
  return typeof value === 'object' && value !== null && 'issues' in value && 'queries' in value;
}

export async function describeImportJob(importJobId: number): Promise<{ ok: boolean; text: string }> {
  const row = await prisma.importJob.findUnique({ where: { id: importJobId }, select: { status: true, summary: true, error: true } });
  if (!row) return { ok: false, text: `[import] import job ${importJobId} is gone; nothing can be said about its outcome` };
  const summary = isSummary(row.summary) ? row.summary : null;
  if (row.status === 'SUCCEEDED' && summary) return { ok: true, text: formatSummary(summary) };
  if (row.status === 'FAILED' && summary) return { ok: false, text: formatSummary(summary) };
  if (row.status === 'FAILED') return { ok: false, text: `[import] ${row.error ?? 'the import failed and changed nothing'}` };
  // Still RUNNING or QUEUED: the final write did not happen, and the data commits only with it.
  return { ok: false, text: `[import] ${row.error ?? 'the import did not finish and changed nothing'}` };
}
