import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { ConnectionTestPanel } from '@/components/judge/connection-test-panel';
import { EndpointForm } from '@/components/judge/endpoint-form';
import { OUTPUT_MODE_LABELS } from '@/components/judge/labels';
import { Card, Notice, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { listEndpoints } from '@/lib/judge/endpoints';
import { judgeEnvRule } from '@/lib/judge/judge-env-names';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Edit endpoint' };

export default async function EditEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSection('judge');
  const id = parseRouteId((await params).id);
  // Endpoints are few: the list is the one place that decides how a key's presence is shown.
  const endpoint = id === null ? undefined : (await listEndpoints()).find((candidate) => candidate.id === id);
  if (!endpoint) notFound();
  const created = (await searchParams).created === '1';
  const mode = endpoint.effectiveOutputMode;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <JudgeBreadcrumb current={endpoint.name} />
      <PageHeader
        title={`Edit ${endpoint.name}`}
        description="A run fixes each endpoint's structured-output mode when it is created and reads the other settings when it starts: a running run keeps what it started with, the next run uses these."
      />
      <p className="mb-3 text-sm">
        <Link href={`/judge/endpoints/${endpoint.id}/diagnostics`} className="font-medium text-brand-700 hover:underline">
          Judge diagnostics
        </Link>{' '}
        <span className="text-slate-600">: length, position, self-preference and probe biases of this configuration.</span>
      </p>
      {created ? <Notice tone="success">Saved. Test the connection to detect how this endpoint answers in JSON.</Notice> : null}
      {endpoint.forbiddenVariables.length > 0 ? (
        <Notice tone="error">
          This endpoint names {endpoint.forbiddenVariables.join(', ')}, which the server does not send to a judge endpoint: its calls fail
          until you name an allowed variable.
        </Notice>
      ) : null}
      <Card title="Connection">
        <p className="mb-3 text-sm text-slate-700" data-testid="endpoint-mode">
          Runs use:{' '}
          {mode ? (
            <strong>
              {OUTPUT_MODE_LABELS[mode].label} ({endpoint.outputMode ? 'chosen' : 'detected'})
            </strong>
          ) : (
            <strong className="text-amber-700">no mode yet: press Test connection (or choose a mode below)</strong>
          )}
        </p>
        <ConnectionTestPanel endpointId={endpoint.id} test={endpoint.connectionTest} />
      </Card>
      <Card title="Settings">
        <EndpointForm endpoint={endpoint} envRule={judgeEnvRule()} />
      </Card>
    </div>
  );
}
