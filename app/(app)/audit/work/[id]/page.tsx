import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { AuditScreen } from '@/components/audit/audit-screen';
import { getAuditProgress, getExpertAssignment } from '@/lib/audit/expert-view';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Audit' };

export default async function AuditWorkPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('audit');
  // Only the expert who holds an assignment ever sees it; admins and reviewers do not open experts' work.
  if (user.role !== 'EXPERT') forbidden();
  const id = parseRouteId((await params).id);
  if (id === null) notFound();
  const assignment = await getExpertAssignment({ assignmentId: id, expertId: user.id });
  if (!assignment) notFound();
  const progress = await getAuditProgress({ expertId: user.id, campaignId: assignment.campaign.id });
  return <AuditScreen key={assignment.id} assignment={assignment} progress={progress} />;
}
