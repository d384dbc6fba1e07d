import { DECISION_NAMES } from '@/lib/vocabulary/labels';
import type { Metadata } from 'next';
import { formatDate } from '@/components/ui/format';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DraftActions, ExportMissingButton } from '@/components/releases/release-actions';
import { ReleaseFigures } from '@/components/releases/release-figures';
import { ReleaseDiscriminabilityFacts } from '@/components/discriminability/release-discriminability';
import { releaseDiscriminability } from '@/lib/discriminability/release-discriminability';
import { FreezeProgress } from '@/components/releases/freeze-progress';
import { ReleaseFiles } from '@/components/releases/release-files';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { Badge } from '@/components/ui/badge';
import { Facts } from '@/components/ui/facts';
import { Card, Notice, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { releaseFileBase } from '@/lib/export/export-formats';
import { EXPORT_FORMATS } from '@/lib/export/format-names';
import { parseRouteId } from '@/lib/http/route-params';
import { getRelease } from '@/lib/releases/get-release';
import { previewRelease } from '@/lib/releases/preview-release';
import { FORMAT_LABELS, FORMAT_LIMITS, FREEZE_STAGE_LABELS, RELEASE_STATUS_TONES, rulesSchema } from '@/lib/releases/schemas';

export const metadata: Metadata = { title: 'Release' };

const DECISIONS: Record<string, string> = Object.fromEntries(
  Object.entries(DECISION_NAMES).map(([decision, name]) => [decision, name.toLowerCase()]),
);

export default async function ReleasePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireSection('releases');
  const releaseId = parseRouteId((await params).id);
  if (releaseId === null) notFound();
  const release = await getRelease(releaseId);
  if (!release) notFound();
  const rules = rulesSchema.parse(release.rules);
  // No live preview while freezing: the page refreshes every second then, and the freeze already works on it.
  const figures =
    release.status === 'FROZEN' ? release.manifest?.figures : release.status === 'DRAFT' ? await previewRelease({ rules }) : null;
  // Beside the preview's concordance, the rubric-quality score the freeze would record (the manifest's, once frozen).
  const liveDiscriminability = release.status === 'DRAFT' ? await releaseDiscriminability(rules.datasetIds) : null;
  const isAdmin = user.role === 'ADMIN';
  const missing = EXPORT_FORMATS.filter((format) => !release.files.some((f) => f.format === format && f.status !== 'FAILED'));
  const failed = release.files.filter((f) => f.status === 'FAILED').map((f) => f.format as (typeof EXPORT_FORMATS)[number]);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-500">
        <Link href="/releases" className="underline">
          Releases
        </Link>{' '}
        / {release.name} v{release.version}
      </p>
      <PageHeader
        title={`${release.name} v${release.version}`}
        description={release.description ?? undefined}
        actions={<Badge tone={RELEASE_STATUS_TONES[release.status]}>{release.status.toLowerCase()}</Badge>}
      />
      <Card title="Rules">
        <Facts
          items={[
            ['Datasets', release.datasets.map((d) => d.name).join(', ') || '—'],
            ['Final decisions', rules.decisions.map((d) => DECISIONS[d] ?? d).join(', ')],
            ['Adjudicated', rules.allowAdjudicated ? 'included' : 'left out'],
            ['Minimum verdicts', rules.minVerdicts],
            ['Minimum agreement', rules.minAgreement > 0 ? rules.minAgreement : 'none'],
            ['Red lines', rules.redLines],
            ['Categories', rules.categories.map((c) => CATEGORY_LABELS[c]).join(', ')],
            [
              'Text',
              rules.text === 'revised'
                ? 'current revision (follows the final decisions; revision history kept)'
                : 'original text (revision 0)',
            ],
            ['Created by', release.createdBy?.name ?? '—'],
            ...(release.frozenAt ? ([['Frozen', formatDate(release.frozenAt, true)]] as [string, string][]) : []),
            ...(release.manifest
              ? ([
                  [
                    'Campaigns',
                    release.campaigns.length ? (
                      <span key="campaigns">
                        {release.campaigns.map((campaign, index) => (
                          <span key={campaign.id}>
                            {index > 0 ? ', ' : null}
                            <Link href={`/audit/campaigns/${campaign.id}`} className="text-brand-700 hover:underline">
                              {campaign.name}
                            </Link>
                          </span>
                        ))}
                      </span>
                    ) : (
                      '—'
                    ),
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </Card>
      {release.status === 'DRAFT' ? (
        <Notice tone="warning">Draft: the figures below are a live preview and change as audits progress. Freezing fixes them.</Notice>
      ) : null}
      {release.status === 'DRAFT' && release.freeze?.error ? (
        <Notice tone="error">The last freeze failed: {release.freeze.error}</Notice>
      ) : null}
      {release.status === 'FREEZING' ? (
        <Card title="Freezing">
          <FreezeProgress
            stage={FREEZE_STAGE_LABELS[release.freeze?.stage ?? 'queued'] ?? release.freeze?.stage ?? 'Waiting'}
            progress={release.freeze?.progress ?? 0}
            error={release.freeze?.error ?? null}
          />
        </Card>
      ) : null}
      {figures ? (
        <Card title={release.status === 'FROZEN' ? 'Manifest' : 'Preview'}>
          <ReleaseFigures figures={figures} filename={releaseFileBase(release)} />
          {release.status === 'FROZEN' && release.manifest ? (
            <div className="mt-4">
              <h3 className="mb-1 text-sm font-semibold text-slate-900">Discriminability</h3>
              <ReleaseDiscriminabilityFacts recorded={release.manifest.discriminability} datasets={release.manifest.datasets} />
            </div>
          ) : liveDiscriminability ? (
            <div className="mt-4">
              <h3 className="mb-1 text-sm font-semibold text-slate-900">Discriminability (live, recorded when frozen)</h3>
              <ReleaseDiscriminabilityFacts recorded={liveDiscriminability} datasets={release.datasets} live />
            </div>
          ) : null}
        </Card>
      ) : null}
      {release.status === 'DRAFT' && isAdmin ? <DraftActions releaseId={release.id} criteria={figures?.criteria ?? 0} /> : null}
      {release.status === 'FROZEN' ? (
        <Card title="Files">
          <div className="space-y-3">
            <ReleaseFiles
              releaseId={release.id}
              canDownload={isAdmin}
              files={release.files.map((file) => ({
                id: file.id,
                format: file.format,
                label: FORMAT_LABELS[file.format as (typeof EXPORT_FORMATS)[number]] ?? file.format,
                fileName: file.fileName,
                status: file.status,
                progress: file.progress,
                size: file.storedFile ? Number(file.storedFile.size) : null,
                sha256: file.storedFile?.sha256 ?? null,
                error: file.error,
              }))}
            />
            {isAdmin ? <ExportMissingButton releaseId={release.id} formats={[...missing, ...failed]} /> : null}
            {!isAdmin ? <p className="text-xs text-slate-500">Only admins download release files.</p> : null}
          </div>
        </Card>
      ) : null}
      <Card title="What each format cannot carry">
        <dl className="grid gap-3 text-sm sm:grid-cols-2" aria-label="What each format cannot carry">
          {EXPORT_FORMATS.map((format) => (
            <div key={format}>
              <dt className="font-medium text-slate-800">{FORMAT_LABELS[format]}</dt>
              <dd className="text-slate-600">
                {FORMAT_LIMITS[format].length === 0 ? 'Everything: every field, the audit outcome and the released revision.' : null}
                {FORMAT_LIMITS[format].length > 0 ? (
                  <ul className="list-disc pl-5">
                    {FORMAT_LIMITS[format].map((limit) => (
                      <li key={limit}>{limit}</li>
                    ))}
                  </ul>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      {release.manifest?.metaRubricVersions.length ? (
        <Card title="Meta-rubric versions used">
          <ul className="space-y-1 text-sm">
            {release.manifest.metaRubricVersions.map((v) => (
              <li key={v.id}>
                {v.name} ({v.domain}) version {v.number}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
