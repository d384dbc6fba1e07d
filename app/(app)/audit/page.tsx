import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Audit' };

export default async function Page() {
  await requireSection('audit');
  return <ComingSoon title="Audit" issue={4} summary="Blind expert audit campaigns." />;
}
