// /judge/endpoints/[id]/diagnostics – the judge bias diagnostics of one judge configuration. Admins.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DiagnosticsView } from '@/components/judge-bias/diagnostics-view';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { prisma } from '@/lib/db';
import { listVerifiedPairs } from '@/lib/discriminability/verified-pairs';
import { parseRouteId } from '@/lib/http/route-params';
import { computeJudgeDiagnostics } from '@/lib/judge-bias/compute-judge-diagnostics';

export const metadata: Metadata = { title: 'Judge diagnostics' };

export default async function JudgeDiagnosticsPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSection('judge');
  const id = parseRouteId((await params).id);
  const endpoint =
    id === null ? null : await prisma.judgeEndpoint.findUnique({ where: { id }, select: { id: true, name: true, model: true } });
  if (!endpoint) notFound();
  const diagnostics = await computeJudgeDiagnostics({ endpointId: endpoint.id, pairs: await listVerifiedPairs() });
  return (
    <div>
      <JudgeBreadcrumb current="Diagnostics" via={{ href: `/judge/endpoints/${endpoint.id}`, label: endpoint.name }} />
      <PageHeader
        title={`Judge diagnostics: ${endpoint.name}`}
        description={`Does ${endpoint.model} reward length, position, its own model, formatting, flattery or filler instead of content? Figures from this configuration’s grading, pairwise and probe runs.`}
      />
      <DiagnosticsView diagnostics={diagnostics} />
    </div>
  );
}
