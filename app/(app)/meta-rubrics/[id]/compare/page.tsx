import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MetaRubricBreadcrumb } from '@/components/meta-rubrics/breadcrumb';
import { VersionDiscriminabilityPanel } from '@/components/discriminability/version-discriminability';
import { VersionConcordancePanel } from '@/components/meta-rubrics/version-concordance';
import { compareDiscriminability } from '@/lib/discriminability/compare-discriminability';
import { ChangeLog, VersionDiffView } from '@/components/meta-rubrics/version-diff';
import { Card, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { compareConcordance } from '@/lib/meta-rubrics/compare-concordance';
import { diffVersions } from '@/lib/meta-rubrics/diff-versions';
import { getMetaRubric, getVersion } from '@/lib/meta-rubrics/read-meta-rubrics';

export const metadata: Metadata = { title: 'Compare versions' };

export default async function ComparePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireSection('metaRubrics');
  const id = parseRouteId((await params).id);
  const rubric = id ? await getMetaRubric(id) : null;
  if (!rubric) notFound();
  const search = await searchParams;
  const latest = rubric.versions[0]?.number ?? 1;
  const b = parseRouteId(search.b) ?? latest;
  const a = parseRouteId(search.a) ?? Math.max(1, b - 1);
  const [before, after] = await Promise.all([
    getVersion({ metaRubricId: rubric.id, number: a }),
    getVersion({ metaRubricId: rubric.id, number: b }),
  ]);
  if (!before || !after) notFound();
  const diff = diffVersions(before, after);
  const reviewer = user.role === 'ADMIN' || user.role === 'REVIEWER';
  const concordance = reviewer ? await compareConcordance({ metaRubricId: rubric.id, numbers: [a, b] }) : [];
  const discriminability = reviewer ? await compareDiscriminability({ versions: concordance }) : [];
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <MetaRubricBreadcrumb rubric={rubric} current={`v${a} ↔ v${b}`} />
        <PageHeader title={`${rubric.name}: v${a} ↔ v${b}`} description="Principle by principle, with the words that changed marked." />
      </div>
      {reviewer ? <VersionConcordancePanel metaRubricId={rubric.id} entries={concordance} canRunJudge={user.role === 'ADMIN'} /> : null}
      {reviewer ? <VersionDiscriminabilityPanel entries={discriminability} canRunJudge={user.role === 'ADMIN'} /> : null}
      <Card title="Change log">
        <ChangeLog lines={diff.changeLog} />
      </Card>
      <VersionDiffView diff={diff} labels={[`v${a}`, `v${b}`]} />
    </div>
  );
}
