import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Judge' };

export default async function Page() {
  await requireSection('judge');
  return <ComingSoon title="Judge" issue={6} summary="LLM judge endpoints and runs." />;
}
