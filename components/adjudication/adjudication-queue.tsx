// The reviewer's queue of disagreements: unresolved and adjudicated tabs, a campaign and agreement filter
// that lives in the URL (a plain GET form, so links to a filtered queue can be shared), and one row per
// criterion with its verdict distribution and agreement, lowest agreement first. A third tab holds the experts'
// missing-criterion proposals (its body is components/missing-criteria/proposal-queue.tsx, passed as children).
import type { Tier } from '@/lib/vocabulary/enums';
import { IdOptions } from '@/components/ui/id-options';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { VerdictDistribution } from '@/components/adjudication/verdict-distribution';
import { DECISION_LABELS } from '@/components/audit/labels';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { AdjudicationQueue as Queue } from '@/lib/adjudication/list-adjudication-queue';
import type { QueueParams, QueueTab } from '@/lib/adjudication/schemas';

/** The queue's URL with some parameters changed; the filters travel to the item screens too. */
export function queueQuery(params: Partial<QueueParams>): string {
  const search = new URLSearchParams();
  if (params.tab && params.tab !== 'unresolved') search.set('tab', params.tab);
  if (params.campaign !== undefined) search.set('campaign', String(params.campaign));
  if (params.max !== undefined) search.set('max', String(params.max));
  if (params.page && params.page > 1) search.set('page', String(params.page));
  if (params.tab === 'proposals' && params.decision && params.decision !== 'PENDING') search.set('decision', params.decision);
  const text = search.toString();
  return text ? `?${text}` : '';
}

const TABS: { tab: QueueTab; label: string }[] = [
  { tab: 'unresolved', label: 'Unresolved' },
  { tab: 'adjudicated', label: 'Adjudicated' },
  { tab: 'proposals', label: 'Missing criteria' },
];

export function formatAgreement(agreement: number): string {
  return agreement.toFixed(2);
}

export function AdjudicationQueue({
  queue,
  params,
  campaigns,
  proposalsPending,
  children,
}: {
  queue: Queue;
  params: QueueParams;
  campaigns: { id: number; name: string }[];
  /** Missing-criterion proposals awaiting a decision under the same campaign filter (the third tab's count). */
  proposalsPending: number;
  /** The proposals tab's body. */
  children?: ReactNode;
}) {
  const filters = { campaign: params.campaign, max: params.max };
  const totals = { ...queue.totals, proposals: proposalsPending };
  const proposals = params.tab === 'proposals';
  const pages = proposals ? 1 : Math.max(1, Math.ceil(queue.totals[params.tab as keyof Queue['totals']] / queue.pageSize));
  return (
    <section aria-labelledby="queue-heading" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="queue-heading" className="sr-only">
        Queue
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-100 px-4 pt-3">
        <nav aria-label="Queue tabs" className="-mb-px flex gap-4">
          {TABS.map(({ tab, label }) => {
            const current = params.tab === tab;
            return (
              <Link
                key={tab}
                href={`/adjudication${queueQuery({ ...filters, tab })}`}
                aria-current={current ? 'page' : undefined}
                className={`border-b-2 px-1 pb-2 text-sm font-medium ${
                  current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {label}{' '}
                <span className="tabular-nums text-slate-500" data-testid={`queue-tab-count-${tab}`}>
                  ({totals[tab].toLocaleString('en')}
                  {tab === 'proposals' ? ' pending' : ''})
                </span>
              </Link>
            );
          })}
        </nav>
        <form method="get" action="/adjudication" aria-label="Filter the queue" className="flex flex-wrap items-end gap-2 pb-3">
          {params.tab !== 'unresolved' ? <input type="hidden" name="tab" value={params.tab} /> : null}
          {proposals && params.decision !== 'PENDING' ? <input type="hidden" name="decision" value={params.decision} /> : null}
          <div>
            <label htmlFor="queue-campaign" className="mb-1 block text-xs font-medium text-slate-700">
              Campaign
            </label>
            <select id="queue-campaign" name="campaign" defaultValue={params.campaign ?? ''} className={`${inputClasses} w-56`}>
              <IdOptions items={campaigns} allLabel="All campaigns" />
            </select>
          </div>
          <div hidden={proposals}>
            <label htmlFor="queue-max" className="mb-1 block text-xs font-medium text-slate-700">
              Agreement at most
            </label>
            <input
              id="queue-max"
              name="max"
              type="number"
              min={0}
              max={1}
              step={0.01}
              placeholder="Any"
              defaultValue={params.max ?? ''}
              aria-describedby="queue-max-hint"
              className={`${inputClasses} w-28`}
            />
          </div>
          <button type="submit" className={buttonClasses('secondary', 'md')}>
            Apply
          </button>
          <p id="queue-max-hint" className="w-full text-xs text-slate-500" hidden={proposals}>
            Agreement is the share of expert pairs that chose the same decision (0 = all differ). Empty: every disagreement.
          </p>
        </form>
      </div>
      {proposals ? (
        children
      ) : queue.items.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="text-sm font-medium text-slate-900">
            {params.tab === 'unresolved' ? 'Nothing to adjudicate' : 'No adjudications yet'}
          </p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            {params.tab === 'unresolved'
              ? 'Criteria appear here once all their verdicts are in and the experts disagree.'
              : 'Criteria you adjudicate move here, to revisit.'}
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <SimpleTable
            label={params.tab === 'unresolved' ? 'Unresolved disagreements' : 'Adjudicated disagreements'}
            head={
              <>
                <Th>Criterion</Th>
                <Th>Tier</Th>
                <Th>Verdicts</Th>
                <Th align="right">Agreement</Th>
                <Th>Status</Th>
              </>
            }
          >
            {queue.items.map((item) => {
              const tier = TIER_LABELS[item.tier as Tier];
              const gold = item.goldDecision ? DECISION_LABELS[item.goldDecision as keyof typeof DECISION_LABELS] : null;
              return (
                <tr key={`${item.campaignId}:${item.criterionId}`} className="align-top hover:bg-slate-50/70">
                  <Td className="max-w-xl">
                    <Link
                      href={`/adjudication/${item.campaignId}/${item.criterionId}${queueQuery(filters)}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {item.title}
                    </Link>
                    <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">
                      <span className="font-medium text-slate-500">{item.queryExternalId}:</span> {item.querySnippet}
                    </p>
                    <p className="text-xs text-slate-500">{item.campaignName}</p>
                  </Td>
                  <Td className="whitespace-nowrap">
                    <Badge tone={tier?.tone ?? 'slate'}>{tier?.label ?? item.tier}</Badge>{' '}
                    <span className="text-xs tabular-nums text-slate-600">{formatPoints(item.points)}</span>
                    {item.redLine ? (
                      <span className="ml-1">
                        <Badge tone="red">Red line</Badge>
                      </span>
                    ) : null}
                  </Td>
                  <Td>
                    <VerdictDistribution counts={item.counts} />
                  </Td>
                  <Td align="right">{formatAgreement(item.agreement)}</Td>
                  <Td className="whitespace-nowrap">
                    {gold ? <Badge tone={gold.tone}>Gold: {gold.label}</Badge> : <Badge tone="amber">Unresolved</Badge>}
                  </Td>
                </tr>
              );
            })}
          </SimpleTable>
        </div>
      )}
      <Pager label="Queue pages" page={params.page} pages={pages} href={(page) => `/adjudication${queueQuery({ ...params, page })}`} />
    </section>
  );
}
