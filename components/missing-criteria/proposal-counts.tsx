// A campaign's missing-criterion proposals by decision, on its dashboard, linking to the adjudication tab where
// reviewers decide them. The figures are countProposalDecisions' (the same as the tab's).
import Link from 'next/link';
import { Card } from '@/components/ui/page-header';
import type { ProposalDecisionCounts } from '@/lib/missing-criteria/count-proposal-decisions';

const ROWS = [
  { key: 'PENDING', label: 'Awaiting a reviewer' },
  { key: 'ACCEPTED', label: 'Accepted (new criteria)' },
  { key: 'REJECTED', label: 'Rejected' },
] as const;

export function ProposalCounts({ campaignId, counts }: { campaignId: number; counts: ProposalDecisionCounts }) {
  return (
    <Card>
      <section aria-labelledby="proposal-counts-heading">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="proposal-counts-heading" className="text-sm font-semibold text-slate-900">
            Missing-criterion proposals
          </h2>
          <Link href={`/adjudication?tab=proposals&campaign=${campaignId}`} className="text-sm font-medium text-brand-700 hover:underline">
            Decide them in Adjudication
          </Link>
        </div>
        <dl className="grid grid-cols-3 gap-3">
          {ROWS.map(({ key, label }) => (
            <div key={key}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={`campaign-proposals-${key.toLowerCase()}`}>
                {counts[key].toLocaleString('en')}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-1 text-xs text-slate-500">Counted once the expert has submitted the query they were proposed on.</p>
      </section>
    </Card>
  );
}
