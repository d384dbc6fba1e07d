// One campaign for admins and reviewers: its settings, overall and per-expert progress, throughput and time
// on task, reservations (live and overdue) and the verdicts decided faster than the campaign's threshold.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ThroughputChart, TimePerQueryChart } from '@/components/audit/campaign-charts';
import { CAMPAIGN_STATUS, DECISION_LABELS, DIMENSION_LABELS, formatPercent, formatSeconds } from '@/components/audit/campaign-labels';
import { CloseCampaignButton } from '@/components/audit/close-campaign-button';
import { CATEGORY_LABELS, TIER_LABELS } from '@/components/criteria/labels';
import { formatDate } from '@/components/ui/format';
import { Badge } from '@/components/ui/badge';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import { Card } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { CampaignStats } from '@/lib/audit/campaign-stats';

function describeSelection(stats: CampaignStats['campaign']): string {
  const byHand = stats.addedByHand > 0 ? `; and ${plural(stats.addedByHand, 'criterion', 'criteria')} added from the criteria browser` : '';
  return `${describeRule(stats)}${byHand}`;
}

function describeRule(stats: CampaignStats['campaign']): string {
  const selection = stats.selection;
  const dataset = stats.datasetName ? `“${stats.datasetName}”` : 'a deleted dataset';
  if (!selection) return 'Unknown selection';
  if (selection.mode === 'sample') {
    const tiers = selection.tiers.map((tier) => TIER_LABELS[tier].label.toLowerCase()).join(', ');
    return `Stratified sample of ${selection.queries.toLocaleString('en')} queries from ${dataset}, seed ${selection.seed}, tiers ${tiers}`;
  }
  const parts = [
    selection.category ? `category ${CATEGORY_LABELS[selection.category].toLowerCase()}` : null,
    selection.department ? `department “${selection.department}”` : null,
    selection.tier ? `tier ${TIER_LABELS[selection.tier].label.toLowerCase()}` : null,
    selection.tag ? `tag “${selection.tag}”` : null,
    selection.redLine === 'yes' ? 'red lines only' : selection.redLine === 'no' ? 'no red lines' : null,
    selection.q ? `text “${selection.q}”` : null,
    selection.maxQueries ? `first ${plural(selection.maxQueries, 'query', 'queries')}` : null,
  ].filter(Boolean);
  return `Filters on ${dataset}: ${parts.length ? parts.join(', ') : 'every pending criterion'}`;
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 max-w-xs">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Tile({
  label,
  value,
  hint,
  tone = 'plain',
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  tone?: 'plain' | 'warn';
  testId?: string;
}) {
  return (
    <div className={`rounded-lg px-4 py-3 shadow-sm ring-1 ${tone === 'warn' ? 'bg-amber-50 ring-amber-200' : 'bg-white ring-slate-200'}`}>
      <dt className={`text-xs font-medium ${tone === 'warn' ? 'text-amber-800' : 'text-slate-500'}`}>{label}</dt>
      <dd>
        <span className="block text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
          {value}
        </span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </dd>
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** A titled panel whose body (a table) runs edge to edge. */
function Panel({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h2 id={id} className="text-sm font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-xs text-slate-500">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

export function CampaignDashboard({
  stats,
  canClose,
  proposals,
}: {
  stats: CampaignStats;
  canClose: boolean;
  /** The campaign's missing-criterion proposals by decision (components/missing-criteria/proposal-counts.tsx). */
  proposals?: ReactNode;
}) {
  const { campaign, overall, experts, reservations, fastFlags } = stats;
  const status = CAMPAIGN_STATUS[campaign.status];
  const deadlinePassed = campaign.status === 'OPEN' && campaign.deadline !== null && new Date(campaign.deadline).getTime() < Date.now();
  return (
    <div className="space-y-6">
      <div>
        <nav aria-label="Breadcrumb" className="mb-2 text-xs text-slate-500">
          <Link href="/audit" className="hover:text-slate-800 hover:underline">
            Audit
          </Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">Campaign</span>
        </nav>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-slate-900">{campaign.name}</h1>
              <Badge tone={status.tone}>
                <span data-testid="campaign-status">{status.label}</span>
              </Badge>
            </div>
            {campaign.description ? (
              <p className="mt-1 max-w-3xl text-sm whitespace-pre-line text-slate-600">{campaign.description}</p>
            ) : null}
            {campaign.instructions ? (
              <p className="mt-1 max-w-3xl text-sm whitespace-pre-line text-slate-600">
                <span className="font-medium text-slate-700">Instructions for experts: </span>
                {campaign.instructions}
              </p>
            ) : null}
            <p className="mt-1 text-xs text-slate-500">{describeSelection(campaign)}</p>
          </div>
          {canClose && campaign.status === 'OPEN' ? (
            <CloseCampaignButton campaignId={campaign.id} liveReservations={reservations.reservedNow + reservations.overdue} />
          ) : null}
        </div>
        <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
          <Meta label="Verdicts per criterion (k)">
            <span data-testid="campaign-k">{campaign.overlapK}</span>
          </Meta>
          <Meta label="Dimensions">{campaign.dimensions.map((dimension) => DIMENSION_LABELS[dimension]).join(', ')}</Meta>
          <Meta label="Deadline">
            {campaign.deadline ? (
              <span className={deadlinePassed ? 'font-medium text-red-700' : undefined}>
                <time dateTime={campaign.deadline}>{formatDate(campaign.deadline, true)}</time>
                {deadlinePassed ? ' (passed)' : ''}
              </span>
            ) : (
              <span className="text-slate-500">None</span>
            )}
          </Meta>
          <Meta label="Experts">
            {count(experts.length)}
            {campaign.matchSpecialty ? <span className="block text-xs text-slate-500">matched by specialty</span> : null}
          </Meta>
          <Meta label="Queries · criteria">
            {count(overall.queries)} · {count(overall.criteria)}
          </Meta>
          <Meta label="Reservation">{campaign.reservationMinutes} min</Meta>
          <Meta label="Fast-decision flag">under {campaign.fastThresholdSeconds} s / criterion</Meta>
          <Meta label={campaign.closedAt ? 'Created · closed' : 'Created'}>
            <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
            {campaign.closedAt ? (
              <>
                {' · '}
                <time dateTime={campaign.closedAt}>{formatDate(campaign.closedAt)}</time>
              </>
            ) : null}
            {campaign.createdByName ? <span className="block truncate text-xs text-slate-500">by {campaign.createdByName}</span> : null}
          </Meta>
        </dl>
      </div>

      <section aria-labelledby="progress-heading" className="space-y-3">
        <h2 id="progress-heading" className="sr-only">
          Progress
        </h2>
        <div className="grid gap-3 lg:grid-cols-2">
          <Card>
            <div className="mb-2 flex items-baseline justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-900">Overall progress</h3>
              <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="overall-percent">
                {formatPercent(overall.percent)}
              </span>
            </div>
            <ProgressBar
              label="Overall progress: verdicts submitted of criteria × k"
              value={overall.submittedVerdicts}
              max={Math.max(overall.slots, 1)}
              tone={overall.percent >= 100 ? 'green' : 'brand'}
              showText={false}
            />
            <p className="mt-1.5 text-xs tabular-nums text-slate-600" data-testid="overall-verdicts">
              {count(overall.submittedVerdicts)} of {count(overall.slots)} verdicts ({count(overall.criteria)} criteria × k = {overall.k})
            </p>
          </Card>
          <Card>
            <div className="mb-2 flex items-baseline justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-900">Queries completed</h3>
              <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="queries-completed">
                {count(overall.queriesCompleted)}
                <span className="text-sm font-normal text-slate-500"> / {count(overall.queries)}</span>
              </span>
            </div>
            <ProgressBar
              label="Queries completed: k submissions each"
              value={overall.queriesCompleted}
              max={Math.max(overall.queries, 1)}
              tone={overall.queriesCompleted >= overall.queries && overall.queries > 0 ? 'green' : 'brand'}
              showText={false}
            />
            <p className="mt-1.5 text-xs tabular-nums text-slate-600">
              A query is complete with {plural(overall.k, 'submission', 'submissions')}; {count(overall.queriesStarted)} started.
            </p>
          </Card>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <Tile label="Median time per criterion" value={formatSeconds(overall.medianSecondsPerCriterion)} hint="over submitted verdicts" />
          <Tile label="Median time per query" value={formatSeconds(overall.medianSecondsPerQuery)} hint="over submitted queries" />
          <Tile label="Reserved now" value={count(reservations.reservedNow)} hint="queries being judged" testId="reserved-now" />
          <Tile
            label="Overdue"
            value={count(reservations.overdue)}
            hint="expired, not yet released"
            tone={reservations.overdue > 0 ? 'warn' : 'plain'}
            testId="overdue"
          />
          <Tile
            label="Fast decisions"
            value={count(fastFlags.total)}
            hint={`under ${campaign.fastThresholdSeconds} s per criterion`}
            tone={fastFlags.total > 0 ? 'warn' : 'plain'}
            testId="fast-flags"
          />
        </dl>
      </section>

      {proposals}

      <ExpertsTable stats={stats} />

      <section aria-label="Charts" className="grid gap-3 lg:grid-cols-2">
        <ThroughputChart unit={stats.throughput.unit} points={stats.throughput.points} campaignName={campaign.name} />
        <TimePerQueryChart buckets={stats.timePerQuery.buckets} submitted={stats.timePerQuery.submitted} campaignName={campaign.name} />
      </section>

      <ReservationsTable stats={stats} />
      <FastFlagsTable stats={stats} />
    </div>
  );
}

function ExpertsTable({ stats }: { stats: CampaignStats }) {
  const { experts, campaign } = stats;
  return (
    <Panel
      title="Experts"
      description={`Progress against an even share of the verdicts (${count(experts[0]?.fairShare ?? 0)} each). Times are per criterion, over submitted verdicts.`}
      action={
        <CsvDownloadLink
          filename={`campaign-${campaign.id}-experts.csv`}
          header={[
            'Expert',
            'Email',
            'Queries submitted',
            'Verdicts submitted',
            'Even share',
            'Live reservations',
            'Overdue reservations',
            'Median s per criterion',
            'p90 s per criterion',
            'Fast flags',
            'Last submitted (UTC)',
          ]}
          rows={experts.map((expert) => [
            expert.name,
            expert.email,
            expert.queriesSubmitted,
            expert.verdictsSubmitted,
            expert.fairShare,
            expert.liveReservations,
            expert.overdueReservations,
            expert.medianSeconds,
            expert.p90Seconds,
            expert.fastFlags,
            expert.lastSubmittedAt,
          ])}
          description="per-expert progress and timings"
        />
      }
    >
      <div className="overflow-x-auto">
        <SimpleTable
          label="Progress per expert"
          head={
            <>
              <Th>Expert</Th>
              <Th className="w-52">Progress</Th>
              <Th align="right">Queries</Th>
              <Th align="right">Verdicts</Th>
              <Th align="right">Reserved</Th>
              <Th align="right">Median</Th>
              <Th align="right">p90</Th>
              <Th align="right">Fast</Th>
              <Th>Last submitted</Th>
            </>
          }
        >
          {experts.map((expert) => {
            const share = Math.max(expert.fairShare, 1);
            const percent = (expert.verdictsSubmitted / share) * 100;
            return (
              <tr key={expert.id} data-testid={`expert-row-${expert.email}`}>
                <Td className="max-w-56">
                  <div className="font-medium text-slate-900">
                    {expert.name}
                    {expert.active ? null : (
                      <span className="ml-1.5">
                        <Badge tone="slate" title="This account is deactivated">
                          Inactive
                        </Badge>
                      </span>
                    )}
                  </div>
                  <div className="truncate text-xs text-slate-500">
                    {expert.specialties.length ? expert.specialties.join(', ') : 'No specialties'}
                  </div>
                </Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <div className="min-w-20 flex-1">
                      <ProgressBar
                        label={`${expert.name}: verdicts submitted of an even share`}
                        value={Math.min(expert.verdictsSubmitted, share)}
                        max={share}
                        tone={percent >= 100 ? 'green' : 'brand'}
                        showText={false}
                      />
                    </div>
                    <span className="w-10 text-right text-xs tabular-nums text-slate-700">{formatPercent(percent)}</span>
                  </div>
                </Td>
                <Td align="right">{count(expert.queriesSubmitted)}</Td>
                <Td align="right">{count(expert.verdictsSubmitted)}</Td>
                <Td align="right">
                  {count(expert.liveReservations)}
                  {expert.overdueReservations > 0 ? (
                    <span className="block text-xs text-amber-800">{count(expert.overdueReservations)} overdue</span>
                  ) : null}
                </Td>
                <Td align="right">{formatSeconds(expert.medianSeconds)}</Td>
                <Td align="right">{formatSeconds(expert.p90Seconds)}</Td>
                <Td align="right">
                  {expert.fastFlags > 0 ? <Badge tone="amber">{count(expert.fastFlags)}</Badge> : <span className="text-slate-500">0</span>}
                </Td>
                <Td className="whitespace-nowrap text-xs text-slate-600">
                  {expert.lastSubmittedAt ? <time dateTime={expert.lastSubmittedAt}>{formatDate(expert.lastSubmittedAt, true)}</time> : '—'}
                </Td>
              </tr>
            );
          })}
        </SimpleTable>
      </div>
    </Panel>
  );
}

function ReservationsTable({ stats }: { stats: CampaignStats }) {
  const { reservations } = stats;
  return (
    <Panel
      title="Reserved queries"
      description={`${count(reservations.reservedNow)} reserved now, ${count(reservations.overdue)} overdue. An overdue reservation returns to the pool when the next expert asks for work.`}
    >
      {reservations.items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">No query is reserved right now.</p>
      ) : (
        <div>
          <SimpleTable
            scrollClassName="max-h-96"
            label="Reserved queries"
            head={
              <>
                <Th>Expert</Th>
                <Th>Query</Th>
                <Th>Reserved</Th>
                <Th>Expires</Th>
                <Th>State</Th>
              </>
            }
          >
            {reservations.items.map((item) => (
              <tr key={item.assignmentId}>
                <Td>{item.expertName}</Td>
                <Td className="font-mono text-xs">{item.queryExternalId}</Td>
                <Td className="whitespace-nowrap text-xs">
                  <time dateTime={item.reservedAt}>{formatDate(item.reservedAt, true)}</time>
                </Td>
                <Td className="whitespace-nowrap text-xs">
                  <time dateTime={item.expiresAt}>{formatDate(item.expiresAt, true)}</time>
                </Td>
                <Td>{item.overdue ? <Badge tone="amber">Overdue</Badge> : <Badge tone="blue">Live</Badge>}</Td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
    </Panel>
  );
}

function FastFlagsTable({ stats }: { stats: CampaignStats }) {
  const { fastFlags, campaign } = stats;
  return (
    <Panel
      title="Fast decisions"
      description={`Submitted verdicts decided in under ${campaign.fastThresholdSeconds} s per criterion.${
        fastFlags.total > fastFlags.items.length ? ` Showing the latest ${count(fastFlags.items.length)} of ${count(fastFlags.total)}.` : ''
      }`}
      action={
        fastFlags.items.length > 0 ? (
          <CsvDownloadLink
            filename={`campaign-${campaign.id}-fast-decisions.csv`}
            header={['Expert', 'Query', 'Criterion', 'Seconds', 'Decision', 'Submitted (UTC)']}
            rows={fastFlags.items.map((item) => [
              item.expertName,
              item.queryExternalId,
              item.criterionTitle,
              item.seconds,
              item.decision,
              item.submittedAt,
            ])}
            description="fast decisions"
          />
        ) : null
      }
    >
      {fastFlags.items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">No verdict was decided faster than the threshold.</p>
      ) : (
        <div>
          <SimpleTable
            scrollClassName="max-h-[28rem]"
            label="Fast decisions"
            head={
              <>
                <Th>Expert</Th>
                <Th>Query</Th>
                <Th>Criterion</Th>
                <Th align="right">Time</Th>
                <Th>Decision</Th>
                <Th>Submitted</Th>
              </>
            }
          >
            {fastFlags.items.map((item) => (
              <tr key={item.id}>
                <Td className="whitespace-nowrap">{item.expertName}</Td>
                <Td className="font-mono text-xs">{item.queryExternalId}</Td>
                <Td className="max-w-md">
                  <span className="line-clamp-2">{item.criterionTitle}</span>
                </Td>
                <Td align="right">{item.seconds} s</Td>
                <Td>
                  {item.decision ? <Badge tone={DECISION_LABELS[item.decision].tone}>{DECISION_LABELS[item.decision].label}</Badge> : '—'}
                </Td>
                <Td className="whitespace-nowrap text-xs text-slate-600">
                  <time dateTime={item.submittedAt}>{formatDate(item.submittedAt, true)}</time>
                </Td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
    </Panel>
  );
}
