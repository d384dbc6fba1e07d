// /audit/grading/[id] – one grading campaign for admins and reviewers (not blind); experts get 403.
import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { GradingCampaignReportView } from '@/components/grading/grading-campaign-report';
import { requireSection } from '@/lib/auth/session';
import { getGradingCampaignReport } from '@/lib/grading/get-grading-campaign-report';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Grading campaign' };

/** Admins and reviewers watch campaigns; clinicians grade blind and never see sources or others' marks. */
const VIEWERS = new Set(['ADMIN', 'REVIEWER']);

export default async function GradingCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('audit');
  if (!VIEWERS.has(user.role)) forbidden();
  const campaignId = parseRouteId((await params).id);
  if (campaignId === null) notFound();
  const report = await getGradingCampaignReport({ campaignId });
  if (!report) notFound();
  return <GradingCampaignReportView report={report} />;
}
