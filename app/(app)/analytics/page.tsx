import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Analytics' };

export default async function Page() {
  await requireSection('analytics');
  return <ComingSoon title="Analytics" issue={5} summary="Concordance and agreement analytics." />;
}
