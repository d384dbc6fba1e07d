// /judge/compare?a=&b= – A/B of two grading runs against the same clinicians on the same items. Admins.
import type { Metadata } from 'next';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { ComparisonView } from '@/components/judge-agreement/comparison-view';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { compareRuns } from '@/lib/judge-agreement/compare-runs';
import { listValidatedRuns } from '@/lib/judge-agreement/list-validated-runs';

export const metadata: Metadata = { title: 'Compare judges' };

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSection('judge');
  const raw = await searchParams;
  const a = parseRouteId(raw.a);
  const b = parseRouteId(raw.b);
  const runs = await listValidatedRuns();
  const known = (id: number | null) => id !== null && runs.some((run) => run.id === id);
  const comparison = known(a) && known(b) && a !== b ? await compareRuns({ runA: a as number, runB: b as number }) : null;
  return (
    <div>
      <JudgeBreadcrumb current="Compare judges" />
      <p className="mb-4 text-sm text-slate-600">
        Two grading runs (other models, templates or meta-rubric versions) measured against the same clinicians on the items both graded.
      </p>
      <ComparisonView runs={runs} chosen={{ a, b }} comparison={comparison} />
    </div>
  );
}
