import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { CampaignDashboard } from '@/components/audit/campaign-dashboard';
import { getCampaignStats } from '@/lib/audit/campaign-stats';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Campaign' };

/** Admins and reviewers watch campaigns; experts work in them blind and never see this page. */
const VIEWERS = new Set(['ADMIN', 'REVIEWER']);

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('audit');
  if (!VIEWERS.has(user.role)) forbidden();
  const { id } = await params;
  const campaignId = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(campaignId) || campaignId < 1 || campaignId > 2_147_483_647) notFound();
  const stats = await getCampaignStats({ campaignId });
  if (!stats) notFound();
  return <CampaignDashboard stats={stats} canClose={user.role === 'ADMIN'} />;
}
