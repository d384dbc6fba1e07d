import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { EndpointForm } from '@/components/judge/endpoint-form';
import { Card, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { listEndpoints } from '@/lib/judge/endpoints';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Edit endpoint' };

export default async function EditEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSection('judge');
  const id = parseRouteId((await params).id);
  // Endpoints are few: the list is the one place that decides how a key's presence is shown.
  const endpoint = id === null ? undefined : (await listEndpoints()).find((candidate) => candidate.id === id);
  if (!endpoint) notFound();
  return (
    <div className="mx-auto max-w-3xl">
      <JudgeBreadcrumb current={endpoint.name} />
      <PageHeader
        title={`Edit ${endpoint.name}`}
        description="A run reads its endpoints when it starts: a running run keeps the settings it started with, the next run uses these."
      />
      <Card>
        <EndpointForm endpoint={endpoint} />
      </Card>
    </div>
  );
}
