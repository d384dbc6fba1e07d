import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Pairwise' };

export default async function Page() {
  await requireSection('pairwise');
  return <ComingSoon title="Pairwise" issue={8} summary="Reviewer judgments of response pairs." />;
}
