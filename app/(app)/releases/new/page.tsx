import type { Metadata } from 'next';
import { ReleaseForm } from '@/components/releases/release-form';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { prisma } from '@/lib/db';

export const metadata: Metadata = { title: 'New release' };

export default async function NewReleasePage() {
  // Reviewers may try rules and preview them; only admins create (the action checks the role again).
  const user = await requireSection('releases');
  const datasets = await prisma.dataset.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } });
  return (
    <div>
      <PageHeader
        title="New release"
        description={
          user.role === 'ADMIN'
            ? 'Choose the datasets and the rules a criterion must pass; preview what is included and what is left out, then create the draft and freeze it from its page.'
            : 'Try rules and preview what a release would include and leave out. Only admins create and freeze releases.'
        }
      />
      <ReleaseForm datasets={datasets} canCreate={user.role === 'ADMIN'} />
    </div>
  );
}
