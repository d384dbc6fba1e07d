import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDate } from '@/components/ui/format';
import { MetaRubricBreadcrumb } from '@/components/meta-rubrics/breadcrumb';
import { VERSION_STATUS } from '@/components/meta-rubrics/labels';
import { ProposalsTable } from '@/components/meta-rubrics/proposals-table';
import { VersionView } from '@/components/meta-rubrics/version-view';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getMetaRubric, listProposals } from '@/lib/meta-rubrics/read-meta-rubrics';

export const metadata: Metadata = { title: 'Meta-rubric' };

export default async function MetaRubricPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('metaRubrics');
  const id = parseRouteId((await params).id);
  const rubric = id ? await getMetaRubric(id) : null;
  if (!rubric) notFound();
  const proposals = await listProposals({ metaRubricId: rubric.id, user });
  const previous = rubric.active ? rubric.versions.find((version) => version.number < (rubric.active?.number ?? 0)) : undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <MetaRubricBreadcrumb current={rubric.name} />
      <PageHeader
        title={rubric.name}
        description={rubric.description ?? undefined}
        actions={
          <>
            {rubric.active && previous ? (
              <Link
                className={buttonClasses('secondary')}
                href={`/meta-rubrics/${rubric.id}/compare?a=${previous.number}&b=${rubric.active.number}`}
              >
                Compare v{previous.number} and v{rubric.active.number}
              </Link>
            ) : null}
            {rubric.active ? (
              <Link className={buttonClasses()} href={`/meta-rubrics/${rubric.id}/proposals/new`}>
                Propose a change
              </Link>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-label="Active version" className="space-y-3">
          {rubric.active ? (
            <>
              <h2 className="text-base font-semibold text-slate-900">
                Version {rubric.active.number} <Badge tone="green">Active</Badge>
              </h2>
              <VersionView content={rubric.active} />
            </>
          ) : (
            <p className="text-sm text-slate-600">No active version.</p>
          )}
        </section>
        <div className="space-y-6">
          <Card title="Versions">
            <ol className="space-y-3" aria-label="Version history">
              {rubric.versions.map((version) => (
                <li key={version.number} className="text-sm">
                  <div className="flex items-center gap-2">
                    <Link
                      href={`/meta-rubrics/${rubric.id}/versions/${version.number}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      v{version.number}
                    </Link>
                    <Badge tone={VERSION_STATUS[version.status]?.tone}>{VERSION_STATUS[version.status]?.label}</Badge>
                    <span className="text-xs text-slate-500">{formatDate(version.activatedAt ?? version.createdAt)}</span>
                  </div>
                  {version.changeNote ? <p className="mt-1 whitespace-pre-wrap text-xs text-slate-600">{version.changeNote}</p> : null}
                </li>
              ))}
            </ol>
          </Card>
          <Card title={user.role === 'EXPERT' ? 'Your proposals' : 'Proposals'}>
            <ProposalsTable metaRubricId={rubric.id} proposals={proposals} />
          </Card>
        </div>
      </div>
    </div>
  );
}
