// Admins' list of reviews that marked the judge's verdict wrong, with comments and rejected criteria (CSV too).
import { preferenceLabel } from '@/components/pairwise/labels';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import { Card } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { DisputedVerdict } from '@/lib/pairwise/list-disputed-verdicts';

const winnerLabel = (winner: string | null) => (winner === null ? '—' : winner === 'TIE' ? 'Tie' : `${winner} better`);

export function DisputedVerdicts({ rows }: { rows: DisputedVerdict[] }) {
  return (
    <Card
      title={
        <span className="flex items-center justify-between gap-3">
          <span>Verdicts reviewers marked wrong (admins only)</span>
          <CsvDownloadLink
            filename="pairwise-disputed-verdicts.csv"
            description="Verdicts reviewers marked wrong"
            header={['Comparison', 'Query', 'Reviewer', 'Reviewer preference', 'Judge winner', 'Rejected criteria', 'Comment', 'Submitted']}
            rows={rows.map((r) => [
              r.comparisonId,
              r.queryExternalId,
              r.reviewer,
              r.preference,
              r.judgeWinner,
              r.rejectedCriteria.join('; '),
              r.comment,
              r.submittedAt,
            ])}
          />
        </span>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No reviewer has marked a verdict of the judge wrong yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <SimpleTable
            label="Verdicts reviewers marked wrong"
            head={
              <>
                <Th>Query</Th>
                <Th>Reviewer</Th>
                <Th>Their preference</Th>
                <Th>Judge (canonical A/B)</Th>
                <Th>Rejected criteria</Th>
                <Th>Comment</Th>
              </>
            }
          >
            {rows.map((row) => (
              <tr key={row.judgmentId}>
                <Td>{row.queryExternalId}</Td>
                <Td>{row.reviewer}</Td>
                <Td>{preferenceLabel(row.preference)}</Td>
                <Td>{winnerLabel(row.judgeWinner)}</Td>
                <Td>{row.rejectedCriteria.join('; ') || '—'}</Td>
                <Td className="max-w-md whitespace-pre-wrap">{row.comment ?? '—'}</Td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
    </Card>
  );
}
