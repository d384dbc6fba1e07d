// One imported dataset: its totals, three small distributions, the latest import, and the way into its criteria.
import type { Category, Tier } from '@/lib/vocabulary/enums';
import Link from 'next/link';
import { CATEGORY_LABELS, STATUSES, STATUS_LABELS, TIER_LABELS } from '@/components/criteria/labels';
import { formatDate } from '@/components/ui/format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { DatasetStats } from '@/lib/datasets/dataset-stats';
import { DistributionChart } from './distribution-chart';

const CATEGORY_COLORS: Record<Category, string> = {
  CLINICAL_CARE: '#2f6fde',
  WELLNESS_HEALTH: '#0d9488',
  PROFESSIONAL_INQUIRY: '#64748b',
};

const IMPORT_TONES: Record<string, BadgeTone> = { SUCCEEDED: 'green', FAILED: 'red', RUNNING: 'blue', QUEUED: 'slate', CANCELLED: 'amber' };

function Stat({ name, label, value, hint }: { name: string; label: string; value: number; hint?: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-100">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 flex items-baseline gap-1.5">
        <span className="text-xl font-semibold text-slate-900 tabular-nums" data-testid={`stat-${name}`}>
          {value.toLocaleString('en')}
        </span>
        {hint ? <span className="text-xs text-slate-500">{hint}</span> : null}
      </dd>
    </div>
  );
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : undefined);

export function DatasetCard({ dataset }: { dataset: DatasetStats }) {
  const headingId = `dataset-${dataset.id}`;
  const criteriaHref = `/criteria?dataset=${dataset.id}`;
  const importInfo = dataset.lastImport;
  return (
    <article aria-labelledby={headingId} className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {dataset.name}
          </h2>
          {dataset.description ? <p className="mt-0.5 max-w-3xl text-sm text-slate-600">{dataset.description}</p> : null}
          <p className="mt-1 text-xs text-slate-500">
            Created <time dateTime={dataset.createdAt}>{formatDate(dataset.createdAt)}</time>
          </p>
        </div>
        <Link href={criteriaHref} className={buttonClasses('secondary', 'sm')}>
          Browse criteria <span aria-hidden="true">→</span>
        </Link>
      </header>

      <div className="space-y-5 px-5 py-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <Stat name="queries" label="Queries" value={dataset.queries} />
          <Stat name="multi-turn" label="Multi-turn" value={dataset.multiTurn} hint={percent(dataset.multiTurn, dataset.queries)} />
          <Stat name="criteria" label="Criteria" value={dataset.criteria} />
          <Stat name="responses" label="Responses" value={dataset.responses} />
          <Stat name="red-lines" label="Red lines" value={dataset.redLines} hint={percent(dataset.redLines, dataset.criteria)} />
        </dl>

        <div className="grid gap-6 md:grid-cols-3">
          <DistributionChart
            title="Queries by category"
            unit="queries"
            entries={(Object.keys(CATEGORY_LABELS) as Category[]).map((key) => ({
              key,
              label: CATEGORY_LABELS[key],
              value: dataset.byCategory[key],
              color: CATEGORY_COLORS[key],
            }))}
          />
          <DistributionChart
            title="Criteria by tier"
            unit="criteria"
            entries={(Object.keys(TIER_LABELS) as Tier[]).map((key) => ({
              key,
              label: TIER_LABELS[key].label,
              value: dataset.byTier[key],
              color: TIER_LABELS[key].color,
            }))}
          />
          <DistributionChart
            title="Criteria by status"
            unit="criteria"
            entries={STATUSES.map((key) => ({
              key,
              label: STATUS_LABELS[key].label,
              value: dataset.byStatus[key],
              color: STATUS_LABELS[key].color,
            }))}
          />
        </div>
      </div>

      <footer className="flex flex-wrap items-center gap-x-2 gap-y-1 border-t border-slate-100 bg-slate-50/60 px-5 py-2.5 text-xs text-slate-600">
        {importInfo ? (
          <>
            <span className="font-medium text-slate-700">Latest import</span>
            <span className="font-mono text-slate-800">{importInfo.fileName}</span>
            <span aria-hidden="true">·</span>
            <span>{importInfo.format}</span>
            <span aria-hidden="true">·</span>
            <Badge tone={IMPORT_TONES[importInfo.status] ?? 'slate'}>
              {importInfo.status.charAt(0) + importInfo.status.slice(1).toLowerCase()}
            </Badge>
            <span aria-hidden="true">·</span>
            <time dateTime={importInfo.at}>{formatDate(importInfo.at, true)}</time>
          </>
        ) : (
          <span>No import recorded for this dataset.</span>
        )}
      </footer>
    </article>
  );
}
