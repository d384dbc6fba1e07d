import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { CampaignDashboard } from '@/components/audit/campaign-dashboard';
import { ProposalCounts } from '@/components/missing-criteria/proposal-counts';
import { getCampaignStats } from '@/lib/audit/campaign-stats';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { countProposalDecisions } from '@/lib/missing-criteria/count-proposal-decisions';

export const metadata: Metadata = { title: 'Campaign' };

/** Admins and reviewers watch campaigns; experts work in them blind and never see this page. */
const VIEWERS = new Set(['ADMIN', 'REVIEWER']);

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('audit');
  if (!VIEWERS.has(user.role)) forbidden();
  const campaignId = parseRouteId((await params).id);
  if (campaignId === null) notFound();
  const [stats, proposals] = await Promise.all([getCampaignStats({ campaignId }), countProposalDecisions({ campaignId })]);
  if (!stats) notFound();
  return (
    <CampaignDashboard
      stats={stats}
      canClose={user.role === 'ADMIN'}
      proposals={<ProposalCounts campaignId={campaignId} counts={proposals} />}
    />
  );
}
