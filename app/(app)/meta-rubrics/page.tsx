import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { requireSection } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Meta-rubrics' };

export default async function Page() {
  await requireSection('metaRubrics');
  return <ComingSoon title="Meta-rubrics" issue={7} summary="Versioned meta-rubrics per domain." />;
}
