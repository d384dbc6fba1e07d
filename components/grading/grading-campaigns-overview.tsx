// The grading campaigns for admins and reviewers on /audit: progress in gradings (responses × k) and the
// clinician grades produced, which the judge's agreement pages use. Admins get the way to a new one, and close.
import Link from 'next/link';
import { CloseCampaignButton } from '@/components/audit/close-campaign-button';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { Role } from '@/lib/auth/roles';
import { listGradingCampaigns } from '@/lib/grading/list-grading-campaigns';

export async function GradingCampaignsOverview({ role }: { role: Role }) {
  const campaigns = await listGradingCampaigns();
  const isAdmin = role === 'ADMIN';
  return (
    <section aria-labelledby="grading-campaigns-heading" className="mt-6 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div>
          <h2 id="grading-campaigns-heading" className="text-base font-semibold text-slate-900">
            Grading campaigns
          </h2>
          <p className="text-xs text-slate-500">
            Clinicians grade responses met / not met, blind; their grades are what the judge&apos;s agreement pages measure against.
          </p>
        </div>
        {isAdmin ? (
          <Link href="/audit/grading/new" className={buttonClasses('primary', 'sm')}>
            New grading campaign
          </Link>
        ) : null}
      </header>
      {campaigns.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No grading campaigns yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <SimpleTable
            label="Grading campaigns"
            head={
              <>
                <Th>Campaign</Th>
                <Th>Status</Th>
                <Th className="w-56">Gradings</Th>
                <Th align="right" className="normal-case">
                  k
                </Th>
                <Th align="right">Clinicians</Th>
                <Th align="right">Responses</Th>
                <Th align="right">Clinician grades</Th>
                {isAdmin ? <Th>Close</Th> : null}
              </>
            }
          >
            {campaigns.map((campaign) => (
              <tr key={campaign.id} data-testid={`grading-campaign-${campaign.id}`}>
                <Td className="max-w-xs">
                  <Link className="font-medium text-brand-700 hover:underline" href={`/audit/grading/${campaign.id}`}>
                    {campaign.name}
                  </Link>
                  <div className="text-xs text-slate-500">{campaign.datasetName ?? 'dataset removed'}</div>
                </Td>
                <Td>{campaign.status === 'OPEN' ? <Badge tone="green">Open</Badge> : <Badge>Closed</Badge>}</Td>
                <Td>
                  <ProgressBar
                    label={`Gradings of ${campaign.name}`}
                    value={campaign.gradingsDone}
                    max={Math.max(campaign.gradingsTotal, 1)}
                    showText={false}
                  />
                  <div className="mt-0.5 text-xs tabular-nums text-slate-500">
                    {campaign.gradingsDone} / {campaign.gradingsTotal} gradings
                  </div>
                </Td>
                <Td align="right">{campaign.overlapK}</Td>
                <Td align="right">{campaign.clinicians}</Td>
                <Td align="right">{campaign.responses}</Td>
                <Td align="right">{campaign.clinicianGrades}</Td>
                {isAdmin ? (
                  <Td>
                    {campaign.status === 'OPEN' ? (
                      <CloseCampaignButton campaignId={campaign.id} liveReservations={campaign.liveReservations} />
                    ) : null}
                  </Td>
                ) : null}
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
    </section>
  );
}
