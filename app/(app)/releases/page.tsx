import type { Metadata } from 'next';
import { formatDate } from '@/components/ui/format';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { requireSection } from '@/lib/auth/session';
import { listReleases } from '@/lib/releases/get-release';
import { RELEASE_STATUS_TONES } from '@/lib/releases/schemas';

export const metadata: Metadata = { title: 'Releases' };

export default async function ReleasesPage() {
  const user = await requireSection('releases');
  const releases = await listReleases();
  return (
    <div>
      <PageHeader
        title="Releases"
        description="Frozen, versioned benchmark sets of audited criteria, exported as native JSONL, HealthBench JSONL, QuarkMedBench JSON, CSV, Parquet and a Hugging Face dataset folder, each with its SHA-256."
        actions={
          user.role === 'ADMIN' ? (
            <Link href="/releases/new" className={buttonClasses()}>
              New release
            </Link>
          ) : null
        }
      />
      <Card>
        {releases.length === 0 ? (
          <p className="text-sm text-slate-600">
            No releases yet.{user.role === 'ADMIN' ? ' Define one from audited criteria with “New release”.' : ''}
          </p>
        ) : (
          <SimpleTable
            label="Releases"
            head={
              <>
                <Th>Release</Th>
                <Th>Status</Th>
                <Th align="right">Criteria</Th>
                <Th align="right">Queries</Th>
                <Th align="right">Files</Th>
                <Th>Frozen</Th>
                <Th>Created by</Th>
              </>
            }
          >
            {releases.map((release) => (
              <tr key={release.id}>
                <Td>
                  <Link href={`/releases/${release.id}`} className="font-medium text-brand-700 underline">
                    {release.name} v{release.version}
                  </Link>
                </Td>
                <Td>
                  <Badge tone={RELEASE_STATUS_TONES[release.status]}>{release.status.toLowerCase()}</Badge>
                </Td>
                <Td align="right" className="tabular-nums">
                  {release.status === 'FROZEN' ? release.criteria.toLocaleString('en') : '—'}
                </Td>
                <Td align="right" className="tabular-nums">
                  {release.queries?.toLocaleString('en') ?? '—'}
                </Td>
                <Td align="right" className="tabular-nums">
                  {release.files}
                </Td>
                <Td>{formatDate(release.frozenAt, true)}</Td>
                <Td>{release.createdBy?.name ?? '—'}</Td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </Card>
    </div>
  );
}
