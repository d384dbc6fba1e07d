// The one sentence after "refused, nothing was changed": what the user can do next. It suggests skipping
// invalid records only when that was not asked for already and would import something.
import type { ImportSummary } from '@/lib/import/import-file';

type Refusal = Pick<ImportSummary, 'format' | 'issueCount'> & Partial<Pick<ImportSummary, 'skipInvalid' | 'fatal' | 'validRecords'>>;

/** `skipOption` names the choice where the user is: "--skip-invalid" or "Skip invalid records". */
export function refusalAdvice(summary: Refusal, skipOption: string): string {
  // A problem that stops the file (its encoding, broken CSV) says itself what to fix.
  if (!summary.format || summary.issueCount === 0 || summary.fatal) return '';
  if (summary.skipInvalid || summary.validRecords === 0) return 'No record is valid.';
  const valid =
    summary.validRecords === undefined
      ? 'the valid records'
      : `the ${summary.validRecords.toLocaleString('en')} valid record${summary.validRecords === 1 ? '' : 's'}`;
  return `Fix them, or use ${skipOption} to import ${valid}.`;
}
