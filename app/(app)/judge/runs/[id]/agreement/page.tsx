// /judge/runs/[id]/agreement – a grading run measured against clinicians (HealthBench meta-evaluation). Admins.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from '@/lib/zod';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { AgreementView } from '@/components/judge-agreement/agreement-view';
import { requireSection } from '@/lib/auth/session';
import { prisma } from '@/lib/db';
import { parseRouteId } from '@/lib/http/route-params';
import { computeMetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import { listDisagreements } from '@/lib/judge-agreement/list-disagreements';
import { AGREEMENT_BREAKDOWNS, disagreementFilterSchema } from '@/lib/judge-agreement/schemas';

export const metadata: Metadata = { title: 'Agreement with clinicians' };

const PAGE_SIZE = 25;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

export default async function AgreementPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSection('judge');
  const runId = parseRouteId((await params).id);
  if (runId === null) notFound();
  const run = await prisma.judgeRun.findUnique({
    where: { id: runId },
    select: { id: true, kind: true, promptTemplate: true, promptVersion: true },
  });
  if (run?.kind !== 'GRADE') notFound();
  const raw = await searchParams;
  const breakdown = z
    .enum(AGREEMENT_BREAKDOWNS)
    .catch('category')
    .parse(first(raw.by) ?? 'category');
  const filter = disagreementFilterSchema.parse({ kind: first(raw.kind), category: first(raw.category), page: first(raw.page) });
  const [evaluation, disagreements] = await Promise.all([
    computeMetaEvaluation({ runId }),
    listDisagreements({ runId, filter, pageSize: PAGE_SIZE }),
  ]);
  const current = { by: breakdown, kind: filter.kind, category: filter.category, page: String(filter.page) };
  const href = (changes: Record<string, string | undefined>) => {
    const next = { ...current, ...('page' in changes ? {} : { page: undefined }), ...changes };
    const search = new URLSearchParams(Object.entries(next).flatMap(([key, value]) => (value ? [[key, value]] : [])));
    return `/judge/runs/${runId}/agreement?${search.toString()}`;
  };
  return (
    <div>
      <JudgeBreadcrumb current="Agreement with clinicians" via={{ href: `/judge/runs/${runId}`, label: `Run #${runId}` }} />
      <p className="mb-4 text-sm text-slate-600">
        Template {run.promptTemplate} {run.promptVersion}: its met / not-met grades on the items clinicians graded, as HealthBench’s
        meta-evaluation computes them.
      </p>
      <AgreementView
        run={run}
        evaluation={evaluation}
        breakdown={breakdown}
        filter={filter}
        disagreements={disagreements}
        pageSize={PAGE_SIZE}
        href={href}
      />
    </div>
  );
}
