import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReviewScreen } from '@/components/pairwise/review-screen';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getReviewerJudgment } from '@/lib/pairwise/review-view';

export const metadata: Metadata = { title: 'Pairwise review' };

export default async function PairwiseReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('pairwise');
  const id = parseRouteId((await params).id);
  if (id === null) notFound();
  // A judgment belongs to one reviewer: anyone else (admins included) gets "not found".
  const review = await getReviewerJudgment({ judgmentId: id, reviewerId: user.id });
  if (!review) notFound();
  return <ReviewScreen key={review.id} review={review} />;
}
