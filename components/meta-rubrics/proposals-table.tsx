import Link from 'next/link';
import { formatDate } from '@/components/ui/format';
import { PROPOSAL_STATUS } from '@/components/meta-rubrics/labels';
import { Badge } from '@/components/ui/badge';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { ProposalSummary } from '@/lib/meta-rubrics/read-meta-rubrics';

export function ProposalsTable({ metaRubricId, proposals }: { metaRubricId: number; proposals: ProposalSummary[] }) {
  if (!proposals.length) return <p className="text-sm text-slate-600">No proposals yet.</p>;
  return (
    <SimpleTable
      label="Proposals"
      head={
        <>
          <Th>Proposal</Th>
          <Th>Status</Th>
          <Th>Author</Th>
          <Th>Base</Th>
          <Th align="right">Evidence</Th>
          <Th>Updated</Th>
        </>
      }
    >
      {proposals.map((proposal) => (
        <tr key={proposal.id}>
          <Td>
            <Link href={`/meta-rubrics/${metaRubricId}/proposals/${proposal.id}`} className="font-medium text-brand-700 hover:underline">
              {proposal.title}
            </Link>
          </Td>
          <Td>
            <Badge tone={PROPOSAL_STATUS[proposal.status]?.tone}>{PROPOSAL_STATUS[proposal.status]?.label}</Badge>
            {proposal.resultingNumber ? <span className="ml-1 text-xs text-slate-500">→ v{proposal.resultingNumber}</span> : null}
          </Td>
          <Td>{proposal.mine ? 'You' : proposal.authorName}</Td>
          <Td>v{proposal.baseNumber}</Td>
          <Td align="right">{proposal.evidence}</Td>
          <Td>{formatDate(proposal.updatedAt)}</Td>
        </tr>
      ))}
    </SimpleTable>
  );
}
