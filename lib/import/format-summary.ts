// A plain-text import report for the command line.
import type { ImportCounts, ImportSummary } from '@/lib/import/import-file';
import { refusalAdvice } from '@/lib/import/refusal-advice';

const counts = (label: string, c: ImportCounts & { locked?: number }) =>
  `  ${label.padEnd(10)} ${String(c.added).padStart(8)} added ${String(c.updated).padStart(8)} updated ${String(c.unchanged).padStart(8)} unchanged${
    c.locked ? `  ${c.locked} kept (already in audit)` : ''
  }`;

export function formatSummary(summary: ImportSummary, maxIssues = 50): string {
  const lines: string[] = [];
  if (summary.ok) {
    lines.push(
      `Imported ${summary.fileName} (${summary.format}) into "${summary.datasetName}" in ${(summary.durationMs / 1000).toFixed(1)} s:`,
    );
    lines.push(counts('queries', summary.queries), counts('criteria', summary.criteria), counts('responses', summary.responses));
    if (summary.clinicianGrades) lines.push(counts('labels', summary.clinicianGrades));
    if (summary.skippedLines.length)
      lines.push(
        `Skipped ${summary.invalidRecords} invalid record(s) on line(s) ${summary.skippedLines.slice(0, 30).join(', ')}${summary.skippedLines.length > 30 ? ', …' : ''}`,
      );
  } else {
    const advice = refusalAdvice(summary, '--skip-invalid');
    lines.push(`Refused ${summary.fileName}: ${summary.issueCount} problem(s); nothing was changed.${advice ? ` ${advice}` : ''}`);
  }
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  for (const issue of summary.issues.slice(0, maxIssues)) lines.push(`${issue.file}:${issue.line}: ${issue.field}: ${issue.reason}`);
  if (summary.issueCount > Math.min(maxIssues, summary.issues.length))
    lines.push(`… and ${summary.issueCount - Math.min(maxIssues, summary.issues.length)} more`);
  return lines.join('\n');
}
