// The "Missing criteria" tab of the adjudication page: proposals by decision (pending first), each with its
// query, the query's criteria as they are now (so a duplicate shows), the proposal, its rationale and the
// proposing expert, and the decision form (pending) or the decision (decided).
import { scrollableProps } from '@/components/ui/scroll-region';
import type { Category, Tier } from '@/lib/vocabulary/enums';
import Link from 'next/link';
import { queueQuery } from '@/components/adjudication/adjudication-queue';
import { Conversation, toMessages } from '@/components/criteria/conversation';
import { CATEGORY_LABELS, STATUS_LABELS, TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import { formatDate } from '@/components/ui/format';
import { ProposalDecisionForm } from '@/components/missing-criteria/proposal-decision-form';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import type { QueueParams } from '@/lib/adjudication/schemas';
import type { ProposalQueue as Queue, ProposalQueueItem } from '@/lib/missing-criteria/list-proposal-queue';
import type { ProposalFilter } from '@/lib/missing-criteria/schemas';

const FILTERS: { decision: ProposalFilter; label: string }[] = [
  { decision: 'PENDING', label: 'Pending' },
  { decision: 'ACCEPTED', label: 'Accepted' },
  { decision: 'REJECTED', label: 'Rejected' },
];

function TierPoints({ tier, points, redLine }: { tier: string; points: number; redLine: boolean }) {
  const label = TIER_LABELS[tier as Tier];
  return (
    <span className="whitespace-nowrap">
      <Badge tone={label?.tone ?? 'slate'}>{label?.label ?? tier}</Badge>{' '}
      <span className="text-xs tabular-nums text-slate-600">{formatPoints(points)} points</span>
      {redLine ? (
        <span className="ml-1">
          <Badge tone="red">Red line</Badge>
        </span>
      ) : null}
    </span>
  );
}

export function ProposalQueue({ queue, params }: { queue: Queue; params: QueueParams }) {
  const base = { tab: 'proposals' as const, campaign: params.campaign };
  const pages = Math.max(1, Math.ceil(queue.totals[params.decision] / queue.pageSize));
  return (
    <div>
      {queue.decided ? <DecisionConfirmation item={queue.decided} /> : null}
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-sm">
        <nav aria-label="Proposals by decision" className="flex flex-wrap gap-1">
          {FILTERS.map(({ decision, label }) => (
            <Link
              key={decision}
              href={`/adjudication${queueQuery({ ...base, decision })}`}
              aria-current={params.decision === decision ? 'page' : undefined}
              className={buttonClasses(params.decision === decision ? 'primary' : 'ghost', 'sm')}
            >
              {label} <span data-testid={`proposal-count-${decision.toLowerCase()}`}>({queue.totals[decision].toLocaleString('en')})</span>
            </Link>
          ))}
        </nav>
        <p className="text-xs text-slate-500">
          Proposals appear once their expert has submitted the query. A decision is final: an accepted criterion is then audited like any
          other, and the expert reads your note.
        </p>
      </div>
      {queue.items.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="text-sm font-medium text-slate-900">
            {params.decision === 'PENDING' ? 'No proposal awaits a decision' : `No ${params.decision.toLowerCase()} proposals`}
          </p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            Experts propose criteria a query’s set is missing while they audit it; their proposals come here.
          </p>
        </div>
      ) : (
        <ol className="divide-y divide-slate-100">
          {queue.items.map((item) => (
            <li key={item.id}>
              <ProposalItem item={item} />
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Proposal pages"
        page={params.page}
        pages={pages}
        href={(page) => `/adjudication${queueQuery({ ...base, decision: params.decision, page })}`}
      />
    </div>
  );
}

function ProposalItem({ item }: { item: ProposalQueueItem }) {
  const headingId = `proposal-${item.id}-title`;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 px-4 py-4 lg:grid-cols-2">
      <div className="min-w-0 space-y-3">
        <div>
          <p className="text-xs text-slate-500">
            {item.campaign.name} · query <span className="font-mono">{item.query.externalId}</span> ·{' '}
            {CATEGORY_LABELS[item.query.category as Category] ?? item.query.category}
            {item.query.department ? ` · ${item.query.department}` : ''}
          </p>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Missing: {item.title}
          </h3>
          <p className="mt-0.5 text-xs text-slate-600">
            Proposed by <span className="font-medium text-slate-800">{item.expert.name}</span> on{' '}
            <time dateTime={item.createdAt}>{formatDate(item.createdAt, true)}</time>
          </p>
          <div className="mt-1">
            <TierPoints tier={item.tier} points={item.points} redLine={item.redLine} />
            {item.tags.length ? <span className="ml-2 text-xs text-slate-500">Tags: {item.tags.join(', ')}</span> : null}
          </div>
          {item.description && item.description.trim() !== item.title.trim() ? (
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{item.description}</p>
          ) : null}
          <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">
            <span className="font-medium">Why it is needed: </span>
            {item.rationale ?? <span className="text-slate-500">no rationale given</span>}
          </p>
        </div>
        <details open={item.decision === 'PENDING'}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">The query</summary>
          <div {...scrollableProps(`Query ${item.query.externalId}`)} className="mt-2 max-h-80 overflow-y-auto rounded-md bg-slate-50 p-3">
            <Conversation messages={toMessages(item.query.conversation)} language={null} />
          </div>
        </details>
        <section aria-label={`Criteria of query ${item.query.externalId}`}>
          <h4 className="text-sm font-medium text-slate-800">The query’s criteria now ({item.query.criteria.length})</h4>
          <ol className="mt-1 space-y-1 text-sm">
            {item.query.criteria.map((criterion) => (
              <li key={criterion.id} className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-slate-900">{criterion.title}</span>
                <TierPoints tier={criterion.tier} points={criterion.points} redLine={criterion.redLine} />
                <Badge tone={STATUS_LABELS[criterion.status].tone}>{STATUS_LABELS[criterion.status].label}</Badge>
                {criterion.id === item.resultingCriterionId ? <Badge tone="green">From this proposal</Badge> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <div className="min-w-0">
        {item.decision === 'PENDING' ? (
          <ProposalDecisionForm
            proposal={{
              id: item.id,
              rowVersion: item.rowVersion,
              title: item.title,
              description: item.description,
              tier: item.tier,
              points: item.points,
              redLine: item.redLine,
              tags: item.tags,
            }}
            criteria={item.query.criteria.map(({ id, title }) => ({ id, title }))}
          />
        ) : (
          <DecisionSummary item={item} />
        )}
      </div>
    </article>
  );
}

function DecisionSummary({ item }: { item: ProposalQueueItem }) {
  const accepted = item.decision === 'ACCEPTED';
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-testid={`proposal-${item.id}-decision`}>
      <p>
        <Badge tone={accepted ? 'green' : 'red'}>{accepted ? 'Accepted' : 'Rejected'}</Badge> by{' '}
        <span className="font-medium">{item.decidedBy?.name ?? 'a former user'}</span>
        {item.decidedAt ? (
          <>
            {' '}
            on <time dateTime={item.decidedAt}>{formatDate(item.decidedAt, true)}</time>
          </>
        ) : null}
      </p>
      {item.duplicateOf ? <p>Duplicate of “{item.duplicateOf.title}”.</p> : null}
      {item.decisionNote ? <p className="whitespace-pre-wrap text-slate-700">Note: {item.decisionNote}</p> : null}
      {accepted && item.resultingCriterionId ? (
        <p>
          <Link href={`/criteria?open=${item.resultingCriterionId}`} className="font-medium text-brand-700 hover:underline">
            Open the criterion
          </Link>{' '}
          <span className="text-slate-500">(not audited until a “never audited” campaign takes it)</span>
        </p>
      ) : null}
    </div>
  );
}

/** What the reviewer just decided, read back from the database after the decision (the item has left the list). */
function DecisionConfirmation({ item }: { item: ProposalQueueItem }) {
  const criterion = item.query.criteria.find((candidate) => candidate.id === item.resultingCriterionId);
  return (
    <p role="status" className="border-b border-emerald-100 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
      {item.decision === 'ACCEPTED' ? (
        <>
          Accepted: “{criterion?.title ?? item.title}” joins query {item.query.externalId} as a new criterion, not audited yet (status
          Pending): a campaign’s “Never audited” mode takes it.{' '}
          {item.resultingCriterionId ? (
            <Link href={`/criteria?open=${item.resultingCriterionId}`} className="font-medium underline">
              Open the criterion
            </Link>
          ) : null}
        </>
      ) : (
        <>Rejected “{item.title}”. The expert sees your note.</>
      )}
    </p>
  );
}
