// An expert's audit home: their campaigns, their progress and the campaign's, and where to continue.
import Link from 'next/link';
import { ClaimButton } from '@/components/audit/claim-button';
import { CampaignHeading } from '@/components/audit/campaign-heading';
import { Card } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { ExpertCampaign } from '@/lib/audit/expert-view';

export function ExpertHome({ campaigns }: { campaigns: ExpertCampaign[] }) {
  if (campaigns.length === 0) {
    return (
      <Card>
        <p className="text-sm text-slate-600">No audit campaigns include you yet. An admin will add you to one.</p>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {campaigns.map((campaign) => (
        <Card key={campaign.id}>
          <article aria-label={campaign.name} className="space-y-4">
            <CampaignHeading
              campaign={campaign}
              action={
                campaign.currentAssignmentId ? (
                  <Link
                    href={`/audit/work/${campaign.currentAssignmentId}`}
                    className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white hover:bg-brand-700"
                  >
                    Continue where you left off
                  </Link>
                ) : campaign.mineRemaining > 0 ? (
                  <ClaimButton campaignId={campaign.id} label={campaign.mineDone > 0 ? 'Next query' : 'Start auditing'} />
                ) : (
                  <p className="text-sm text-slate-600">Nothing left for you here. Thank you!</p>
                )
              }
            />
            <dl className="grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Your queries</dt>
                <dd>
                  {campaign.open ? (
                    <>
                      <ProgressBar
                        label={`Your queries in ${campaign.name}`}
                        value={campaign.mineDone}
                        max={campaign.mineDone + campaign.mineRemaining}
                        unit="queries"
                      />
                      <p className="mt-1 text-xs text-slate-500" data-testid="mine-counts">
                        {campaign.mineDone} done · {campaign.mineRemaining} remaining
                      </p>
                    </>
                  ) : (
                    // Closed: nothing remains to do, so no "remaining" and no bar to fill.
                    <p className="text-sm text-slate-700" data-testid="mine-counts">
                      {campaign.mineDone === 1 ? '1 query' : `${campaign.mineDone} queries`} submitted · the campaign is closed
                    </p>
                  )}
                </dd>
              </div>
              <div>
                <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
                  Whole campaign (all experts), in verdicts
                </dt>
                <dd>
                  <ProgressBar
                    label={`Verdicts given in ${campaign.name}`}
                    value={campaign.campaignDone}
                    max={campaign.campaignTotal}
                    tone="green"
                    unit="verdicts"
                  />
                  <p className="mt-1 text-xs text-slate-500">One verdict per criterion and expert; each query holds several criteria.</p>
                </dd>
              </div>
            </dl>
          </article>
        </Card>
      ))}
    </div>
  );
}
