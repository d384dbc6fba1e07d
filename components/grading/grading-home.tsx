// A clinician's grading campaigns on their home ("My audits"): progress, and where to start or continue.
import Link from 'next/link';
import { GradingClaimButton } from '@/components/grading/grading-claim-button';
import { CampaignHeading } from '@/components/audit/campaign-heading';
import { Card } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { GradingCampaignView } from '@/lib/grading/grader-view';

export function GradingHome({ campaigns }: { campaigns: GradingCampaignView[] }) {
  if (campaigns.length === 0) return null;
  return (
    <section aria-labelledby="grading-heading" className="space-y-4">
      <h2 id="grading-heading" className="text-base font-semibold text-slate-900">
        Grading: responses to grade against their criteria
      </h2>
      {campaigns.map((campaign) => (
        <Card key={campaign.id}>
          <article aria-label={campaign.name} className="space-y-3">
            <CampaignHeading
              campaign={campaign}
              level="h3"
              action={
                campaign.currentAssignmentId ? (
                  <Link
                    href={`/audit/grading/work/${campaign.currentAssignmentId}`}
                    className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white hover:bg-brand-700"
                  >
                    Continue grading
                  </Link>
                ) : campaign.mineRemaining > 0 ? (
                  <GradingClaimButton campaignId={campaign.id} label={campaign.mineDone > 0 ? 'Next response' : 'Start grading'} />
                ) : (
                  <p className="text-sm text-slate-600">Nothing left for you here. Thank you!</p>
                )
              }
            />
            <ProgressBar
              label={`Your responses in ${campaign.name}`}
              value={campaign.mineDone}
              max={campaign.mineDone + campaign.mineRemaining}
              unit="responses"
            />
            <p className="text-xs text-slate-500" data-testid="grading-counts">
              {campaign.mineDone} done · {campaign.mineRemaining} remaining · whole campaign {campaign.campaignDone} of{' '}
              {campaign.campaignTotal} gradings
            </p>
          </article>
        </Card>
      ))}
    </section>
  );
}
