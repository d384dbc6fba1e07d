import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { ReleaseForm } from '@/components/releases/release-form';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { prisma } from '@/lib/db';

export const metadata: Metadata = { title: 'New release' };

export default async function NewReleasePage() {
  const user = await requireSection('releases');
  if (user.role !== 'ADMIN') forbidden();
  const datasets = await prisma.dataset.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } });
  return (
    <div>
      <PageHeader
        title="New release"
        description="Choose the datasets and the rules a criterion must pass; preview what is included and what is left out, then create the draft and freeze it from its page."
      />
      <ReleaseForm datasets={datasets} />
    </div>
  );
}
