import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReviewScreen } from '@/components/pairwise/review-screen';
import { requireSection } from '@/lib/auth/session';
import { getReviewerJudgment } from '@/lib/pairwise/review-view';

export const metadata: Metadata = { title: 'Pairwise review' };

export default async function PairwiseReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('pairwise');
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) notFound();
  // A judgment belongs to one reviewer: anyone else (admins included) gets "not found".
  const review = await getReviewerJudgment({ judgmentId: id, reviewerId: user.id });
  if (!review) notFound();
  return <ReviewScreen key={review.id} review={review} />;
}
