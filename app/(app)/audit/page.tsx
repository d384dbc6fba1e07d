import type { Metadata } from 'next';
import Link from 'next/link';
import { CampaignsOverview } from '@/components/audit/campaigns-overview';
import { ExpertHome } from '@/components/audit/expert-home';
import { GradingCampaignsOverview } from '@/components/grading/grading-campaigns-overview';
import { GradingHome } from '@/components/grading/grading-home';
import { PageHeader } from '@/components/ui/page-header';
import { listExpertCampaigns } from '@/lib/audit/expert-view';
import { requireSection } from '@/lib/auth/session';
import { listGradingCampaigns } from '@/lib/grading/grader-view';

export const metadata: Metadata = { title: 'Audit' };

/** Audit campaigns, then grading campaigns; "no campaigns yet" only when the expert has neither. */
async function ExpertCampaigns({ expertId }: { expertId: string }) {
  const [audits, gradings] = await Promise.all([listExpertCampaigns(expertId), listGradingCampaigns(expertId)]);
  return (
    <div className="space-y-8">
      {audits.length > 0 || gradings.length === 0 ? <ExpertHome campaigns={audits} /> : null}
      <GradingHome campaigns={gradings} />
    </div>
  );
}

export default async function AuditPage() {
  const user = await requireSection('audit');
  if (user.role === 'EXPERT') {
    return (
      <>
        <PageHeader
          title="My audits"
          description="Each query you take is yours for a while; your drafts save as you go. You never see who wrote a criterion or what others decided."
          actions={
            <Link href="/audit/history" className="text-sm font-medium text-brand-600 hover:underline">
              My submitted queries
            </Link>
          }
        />
        <ExpertCampaigns expertId={user.id} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Audit campaigns" description="Blind expert audits of criteria: progress, experts and flags." />
      <CampaignsOverview role={user.role} />
      <GradingCampaignsOverview role={user.role} />
    </>
  );
}
