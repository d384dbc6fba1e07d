import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDate } from '@/components/ui/format';
import { MetaRubricBreadcrumb } from '@/components/meta-rubrics/breadcrumb';
import { VERSION_STATUS } from '@/components/meta-rubrics/labels';
import { VersionView } from '@/components/meta-rubrics/version-view';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getMetaRubric, getVersion } from '@/lib/meta-rubrics/read-meta-rubrics';

export const metadata: Metadata = { title: 'Meta-rubric version' };

export default async function VersionPage({ params }: { params: Promise<{ id: string; number: string }> }) {
  await requireSection('metaRubrics');
  const segments = await params;
  const id = parseRouteId(segments.id);
  const number = parseRouteId(segments.number);
  const rubric = id ? await getMetaRubric(id) : null;
  const version = rubric && number ? await getVersion({ metaRubricId: rubric.id, number }) : null;
  if (!rubric || !version) notFound();
  const status = VERSION_STATUS[version.status];
  return (
    <div className="mx-auto max-w-5xl">
      <MetaRubricBreadcrumb rubric={rubric} current={`v${version.number}`} />
      <PageHeader
        title={`${rubric.name} v${version.number}`}
        description={
          <>
            <Badge tone={status?.tone}>{status?.label}</Badge> Created {formatDate(version.createdAt)}
            {version.authorName ? ` by ${version.authorName}` : ''}.
          </>
        }
        actions={
          version.number > 1 ? (
            <Link
              className={buttonClasses('secondary')}
              href={`/meta-rubrics/${rubric.id}/compare?a=${version.number - 1}&b=${version.number}`}
            >
              Compare with v{version.number - 1}
            </Link>
          ) : null
        }
      />
      {version.changeNote ? (
        <section aria-label="Change note" className="mb-4 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
          <p className="whitespace-pre-wrap">{version.changeNote}</p>
        </section>
      ) : null}
      <VersionView content={version} />
    </div>
  );
}
