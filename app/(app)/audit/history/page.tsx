import type { Metadata } from 'next';
import { formatDate } from '@/components/ui/format';
import Link from 'next/link';
import { forbidden } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { listExpertHistory } from '@/lib/audit/expert-view';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'My submitted queries' };

/** The expert's own proposals on one query by a reviewer's decision: "1 accepted · 1 pending", or "—". */
function describeProposals(counts: { PENDING: number; ACCEPTED: number; REJECTED: number }): string {
  const parts = [
    counts.ACCEPTED ? `${counts.ACCEPTED} accepted` : null,
    counts.REJECTED ? `${counts.REJECTED} rejected` : null,
    counts.PENDING ? `${counts.PENDING} awaiting a reviewer` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '—';
}

export default async function AuditHistoryPage() {
  const user = await requireSection('audit');
  if (user.role !== 'EXPERT') forbidden();
  const rows = await listExpertHistory(user.id);
  return (
    <>
      <PageHeader
        title="My submitted queries"
        description="Open one to review or amend your verdicts while its campaign is open. Every change is recorded."
      />
      <Card className="p-0">
        {rows.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">You have not submitted any query yet.</p>
        ) : (
          <SimpleTable
            label="Submitted queries"
            head={
              <>
                <Th>Query</Th>
                <Th>Campaign</Th>
                <Th align="right">Criteria</Th>
                <Th>Your missing-criterion proposals</Th>
                <Th>Submitted</Th>
                <Th>Status</Th>
              </>
            }
          >
            {rows.map((row) => (
              <tr key={row.assignmentId}>
                <Td>
                  <Link href={`/audit/work/${row.assignmentId}`} className="font-mono text-brand-700 hover:underline">
                    {row.queryExternalId}
                  </Link>
                </Td>
                <Td>{row.campaignName}</Td>
                <Td align="right">{row.criteria}</Td>
                <Td className="text-xs text-slate-600">{describeProposals(row.proposals)}</Td>
                <Td className="tabular-nums">{formatDate(row.submittedAt, true)}</Td>
                <Td>{row.amendable ? <Badge tone="green">Can amend</Badge> : <Badge>Campaign closed</Badge>}</Td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </Card>
    </>
  );
}
