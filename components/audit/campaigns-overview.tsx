// The campaigns list for admins and reviewers on /audit: each campaign's completion (submitted verdicts of
// criteria × k), status and deadline, linking to its dashboard. Admins also get the way to a new campaign.
import Link from 'next/link';
import { CAMPAIGN_STATUS, formatPercent } from '@/components/audit/campaign-labels';
import { formatDate } from '@/components/ui/format';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { listCampaigns } from '@/lib/audit/campaign-stats';
import type { Role } from '@/lib/auth/roles';

function Deadline({ deadline, open }: { deadline: string | null; open: boolean }) {
  if (!deadline) return <span className="text-slate-500">None</span>;
  const passed = open && new Date(deadline).getTime() < Date.now();
  return (
    <span className={passed ? 'font-medium text-red-700' : undefined}>
      <time dateTime={deadline}>{formatDate(deadline, true)}</time>
      {passed ? <span className="block text-xs">Passed</span> : null}
    </span>
  );
}

export async function CampaignsOverview({ role }: { role: Role }) {
  const campaigns = await listCampaigns();
  const isAdmin = role === 'ADMIN';
  const newCampaign = isAdmin ? (
    <Link href="/audit/campaigns/new" className={buttonClasses('primary', 'sm')}>
      New campaign
    </Link>
  ) : null;
  return (
    <section aria-labelledby="campaigns-heading" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div>
          <h2 id="campaigns-heading" className="text-base font-semibold text-slate-900">
            Campaigns
          </h2>
          <p className="text-xs text-slate-500">Completion counts submitted verdicts against criteria × k.</p>
        </div>
        {newCampaign}
      </header>
      {campaigns.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="text-sm font-medium text-slate-900">No campaigns yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            {isAdmin
              ? 'Create a campaign to send criteria to experts for blind audit.'
              : 'An admin creates audit campaigns; they appear here with their progress.'}
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <SimpleTable
            label="Campaigns"
            head={
              <>
                <Th>Campaign</Th>
                <Th>Status</Th>
                <Th className="w-56">Progress</Th>
                <Th align="right" className="normal-case">
                  k
                </Th>
                <Th align="right">Experts</Th>
                <Th align="right">Queries done</Th>
                <Th align="right">Criteria</Th>
                <Th>Deadline</Th>
              </>
            }
          >
            {campaigns.map((campaign) => {
              const status = CAMPAIGN_STATUS[campaign.status];
              return (
                <tr key={campaign.id} className="hover:bg-slate-50/70">
                  <Td className="max-w-xs">
                    <Link
                      href={`/audit/campaigns/${campaign.id}`}
                      className="font-medium text-brand-700 hover:underline"
                      data-testid={`campaign-link-${campaign.id}`}
                    >
                      {campaign.name}
                    </Link>
                    <div className="text-xs text-slate-500">
                      Created <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
                    </div>
                  </Td>
                  <Td>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </Td>
                  <Td>
                    <div className="flex items-center gap-2">
                      <div className="min-w-24 flex-1">
                        <ProgressBar
                          label={`Progress of ${campaign.name}`}
                          value={campaign.submittedVerdicts}
                          max={Math.max(campaign.slots, 1)}
                          tone={campaign.percent >= 100 ? 'green' : 'brand'}
                          showText={false}
                        />
                      </div>
                      <span className="w-10 text-right text-xs tabular-nums text-slate-700">{formatPercent(campaign.percent)}</span>
                    </div>
                    <div className="mt-0.5 text-xs tabular-nums text-slate-500">
                      {campaign.submittedVerdicts.toLocaleString('en')} / {campaign.slots.toLocaleString('en')} verdicts
                    </div>
                  </Td>
                  <Td align="right">{campaign.overlapK}</Td>
                  <Td align="right">{campaign.experts}</Td>
                  <Td align="right">
                    {campaign.queriesCompleted.toLocaleString('en')} / {campaign.queries.toLocaleString('en')}
                  </Td>
                  <Td align="right">{campaign.criteria.toLocaleString('en')}</Td>
                  <Td className="whitespace-nowrap">
                    <Deadline deadline={campaign.deadline} open={campaign.status === 'OPEN'} />
                  </Td>
                </tr>
              );
            })}
          </SimpleTable>
        </div>
      )}
    </section>
  );
}
