import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Datasets' };

export default async function Page() {
  await requireSection('datasets');
  return <ComingSoon title="Datasets" issue={3} summary="Imported benchmark datasets with counts by category, tier and status." />;
}
