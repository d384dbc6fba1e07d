import type { Metadata } from 'next';
import Link from 'next/link';
import { PairwiseHome } from '@/components/pairwise/pairwise-home';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { listMyReviews, listPairwiseQueues } from '@/lib/pairwise/review-view';

export const metadata: Metadata = { title: 'Pairwise' };

export default async function PairwisePage() {
  const user = await requireSection('pairwise');
  const [queues, reviews] = await Promise.all([listPairwiseQueues(user.id), listMyReviews(user.id)]);
  return (
    <>
      <PageHeader
        title="Pairwise review"
        description="Judge two responses to a query blind, A against B, then audit the LLM judge’s criterion-wise verdict on the same pair. Your own preference is saved before anything of the judge is shown."
        actions={
          <Link href="/pairwise/analytics" className={buttonClasses('secondary')}>
            Analytics
          </Link>
        }
      />
      <PairwiseHome queues={queues} reviews={reviews} exportable={user.role === 'ADMIN'} />
    </>
  );
}
