'use client';
// The criteria table's columns. Ids are the server's sort keys (lib/criteria/list-criteria.ts SORT_KEYS), so a
// header click maps straight to `?sort=`. Every value is rendered as React text: imported titles may hold HTML.
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableFeatures } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import type { CriteriaSort, CriterionRow } from '@/lib/criteria/list-criteria';
import { CATEGORY_LABELS, STATUS_LABELS, TIER_LABELS, formatPoints } from './labels';
import { formatDate } from '@/components/ui/format';

const column = createColumnHelper<DataTableFeatures, CriterionRow>();

export const criteriaColumns = column.columns([
  // The id column shows the criterion's id in its file (or its query's id and place), never the database id; it
  // keeps the id sort key, the default order (import order), but offers no header sort: that would not follow the text.
  column.accessor('reference', {
    id: 'id',
    header: 'ID',
    size: 120,
    enableSorting: false,
    meta: { pin: true },
    cell: (info) => (
      <span className="block truncate font-mono text-xs text-slate-600" title={info.getValue()}>
        {info.getValue()}
      </span>
    ),
  }),
  column.accessor('title', {
    header: 'Criterion',
    size: 320,
    enableHiding: false,
    meta: { grow: true, pin: true, label: 'Criterion' },
    cell: (info) => (
      <div className="min-w-0 leading-snug">
        <div className="truncate font-medium text-slate-900" title={info.getValue()}>
          {info.getValue()}
        </div>
        {info.row.original.description && info.row.original.description.trim() !== info.row.original.title.trim() ? (
          <div className="truncate text-xs text-slate-500" title={info.row.original.description}>
            {info.row.original.description}
          </div>
        ) : null}
      </div>
    ),
  }),
  column.accessor('tier', {
    header: 'Tier',
    size: 100,
    cell: (info) => <Badge tone={TIER_LABELS[info.getValue()].tone}>{TIER_LABELS[info.getValue()].label}</Badge>,
  }),
  column.accessor('points', {
    header: 'Points',
    size: 80,
    meta: { align: 'right' },
    cell: (info) => {
      const points = info.getValue();
      return <span className={`font-medium tabular-nums ${points < 0 ? 'text-amber-700' : 'text-slate-900'}`}>{formatPoints(points)}</span>;
    },
  }),
  column.accessor('status', {
    header: 'Status',
    size: 100,
    cell: (info) => (
      <span className="flex flex-wrap gap-1">
        <Badge tone={STATUS_LABELS[info.getValue()].tone}>{STATUS_LABELS[info.getValue()].label}</Badge>
        {info.row.original.inReaudit ? <Badge tone="blue">In re-audit</Badge> : null}
      </span>
    ),
  }),
  column.accessor('redLine', {
    header: 'Red line',
    size: 92,
    cell: (info) =>
      info.getValue() ? (
        <Badge tone="red">Red line</Badge>
      ) : (
        <span className="text-slate-500">
          <span aria-hidden="true">–</span>
          <span className="sr-only">No</span>
        </span>
      ),
  }),
  column.accessor('tags', {
    header: 'Tags',
    size: 170,
    enableSorting: false,
    cell: (info) => {
      const tags = info.getValue();
      // One tag in full reads better than two cut short; the cell's tooltip and the drawer list them all.
      const shown = tags.slice(0, 1);
      return (
        <div className="flex min-w-0 items-center gap-1 overflow-hidden" title={tags.join(', ')}>
          {shown.map((tag) => (
            <span key={tag} className="truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              {tag}
            </span>
          ))}
          {tags.length > shown.length ? <span className="shrink-0 text-xs text-slate-500">+{tags.length - shown.length}</span> : null}
        </div>
      );
    },
  }),
  column.accessor('queryExternalId', {
    id: 'query',
    header: 'Query',
    size: 110,
    cell: (info) => <span className="block truncate font-mono text-xs text-slate-600">{info.getValue()}</span>,
  }),
  column.accessor('category', {
    header: 'Category',
    size: 140,
    cell: (info) => <span className="block truncate">{CATEGORY_LABELS[info.getValue()]}</span>,
  }),
  column.accessor('department', {
    header: 'Department',
    size: 136,
    cell: (info) => <span className="block truncate">{info.getValue() ?? '—'}</span>,
  }),
  column.accessor('datasetName', {
    id: 'dataset',
    header: 'Dataset',
    size: 150,
    cell: (info) => (
      <span className="block truncate" title={info.getValue()}>
        {info.getValue()}
      </span>
    ),
  }),
  column.accessor('updatedAt', {
    header: 'Updated',
    size: 104,
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatDate(info.getValue(), true)} className="whitespace-nowrap text-slate-500 tabular-nums">
        {formatDate(info.getValue())}
      </time>
    ),
  }),
]);

/** Column ids the server can sort by: exactly its SORT_KEYS (a value import would pull Prisma into the browser). */
export const SORTABLE_COLUMN_IDS = [
  'id',
  'title',
  'tier',
  'points',
  'status',
  'redLine',
  'query',
  'category',
  'department',
  'dataset',
  'updatedAt',
] as const satisfies readonly CriteriaSort[];
// Fails to compile when the server gains a sort key this list lacks.
const everySortKey: Exclude<CriteriaSort, (typeof SORTABLE_COLUMN_IDS)[number]> extends never ? true : false = true;
void everySortKey;

export const HIDEABLE_COLUMN_IDS = [...SORTABLE_COLUMN_IDS.filter((id) => id !== 'title'), 'tags'] as const;
