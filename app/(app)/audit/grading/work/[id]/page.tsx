// /audit/grading/work/[id] – a clinician grades the response of their own grading assignment.
import type { Metadata } from 'next';
import { forbidden, notFound } from 'next/navigation';
import { GradingScreen } from '@/components/grading/grading-screen';
import { requireSection } from '@/lib/auth/session';
import { getGradingAssignment } from '@/lib/grading/grader-view';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Grading' };

export default async function GradingWorkPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('audit');
  // Only the clinician who holds an assignment ever sees it.
  if (user.role !== 'EXPERT') forbidden();
  const id = parseRouteId((await params).id);
  if (id === null) notFound();
  const assignment = await getGradingAssignment({ assignmentId: id, expertId: user.id });
  if (!assignment) notFound();
  return <GradingScreen key={assignment.id} assignment={assignment} />;
}
