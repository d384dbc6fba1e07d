import type { Metadata } from 'next';
import Link from 'next/link';
import { DatasetCard } from '@/components/datasets/dataset-card';
import { buttonClasses } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { listDatasetStats } from '@/lib/datasets/dataset-stats';

export const metadata: Metadata = { title: 'Datasets' };

export default async function DatasetsPage() {
  const user = await requireSection('datasets');
  const datasets = await listDatasetStats();
  const isAdmin = user.role === 'ADMIN';
  const importLink = isAdmin ? (
    <Link href="/datasets/import" className={buttonClasses('primary')}>
      Import a file
    </Link>
  ) : null;
  return (
    <>
      <PageHeader
        title="Datasets"
        description="Imported benchmark datasets: their queries, criteria and responses, and how the criteria divide by tier and audit status."
        actions={importLink}
      />
      {datasets.length === 0 ? (
        <Card>
          <div className="py-8 text-center">
            <h2 className="text-base font-semibold text-slate-900">No datasets yet</h2>
            <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
              {isAdmin
                ? 'Import a benchmark file (native JSON Lines, HealthBench, QuarkMedBench or CSV) to start auditing its criteria.'
                : 'An admin imports benchmark files; they appear here once imported.'}
            </p>
            {importLink ? <div className="mt-4">{importLink}</div> : null}
          </div>
        </Card>
      ) : (
        <div className="space-y-6">
          {datasets.map((dataset) => (
            <DatasetCard key={dataset.id} dataset={dataset} />
          ))}
        </div>
      )}
    </>
  );
}
