import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Releases' };

export default async function Page() {
  await requireSection('releases');
  return <ComingSoon title="Releases" issue={9} summary="Frozen, versioned benchmark releases." />;
}
