import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Criteria' };

export default async function Page() {
  await requireSection('criteria');
  return <ComingSoon title="Criteria" issue={3} summary="A fast, filterable table of every criterion." />;
}
