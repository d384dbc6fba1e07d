'use client';
// The criteria browser: filters, the table and its keyset pages, and the detail drawer, all driven by the URL.
// The server page already holds the rows and (when `open` is set) the criterion's detail; the total streams in.
import type { ColumnFiltersState, RowSelectionState } from '@tanstack/react-table';
import Link from 'next/link';
import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { ParamPatch } from '@/components/data-table/url-state';
import { useUrlColumnVisibility, useUrlSorting, useUrlState } from '@/components/data-table/use-url-state';
import { Button } from '@/components/ui/button';
import type { CriteriaFacets } from '@/lib/criteria/criteria-facets';
import type { CriterionDetail } from '@/lib/criteria/get-criterion-detail';
import type { CriteriaCount, CriteriaPage, CriterionRow } from '@/lib/criteria/list-criteria';
import { HIDEABLE_COLUMN_IDS, SORTABLE_COLUMN_IDS, criteriaColumns } from './criteria-columns';
import { type CampaignChoice, CriteriaBulkActions } from './criteria-bulk-actions';
import { CriteriaFilters, FILTER_KEYS } from './criteria-filters';
import { CriterionDrawer } from './criterion-drawer';

const SORT_KEYS = { defaultSort: 'id', sortable: SORTABLE_COLUMN_IDS };
const getRowId = (row: CriterionRow) => String(row.id);
const getRowLabel = (row: CriterionRow) => `criterion ${row.reference}`;
/** Filter parameters that belong to a column, for the header's "filtered" mark. */
const FILTERED_COLUMNS: Partial<Record<(typeof FILTER_KEYS)[number], string>> = {
  dataset: 'dataset',
  category: 'category',
  department: 'department',
  tier: 'tier',
  status: 'status',
  redLine: 'redLine',
  tag: 'tags',
};

/** The total, streamed in after the rows (it can take longer to count than to show the page). */
function Total({ count }: { count: Promise<CriteriaCount> }) {
  const { total, capped } = use(count);
  return (
    <>
      <span className="font-semibold text-slate-900 tabular-nums">
        {total.toLocaleString('en')}
        {capped ? '+' : ''}
      </span>{' '}
      {total === 1 && !capped ? 'criterion' : 'criteria'}
    </>
  );
}

function OfTotal({ count }: { count: Promise<CriteriaCount> }) {
  const { total, capped } = use(count);
  return (
    <>
      {' '}
      of {total.toLocaleString('en')}
      {capped ? '+' : ''}
    </>
  );
}

export function CriteriaBrowser({
  page,
  count,
  facets,
  limit,
  detail,
  isAdmin = false,
  campaigns = [],
}: {
  page: CriteriaPage;
  count: Promise<CriteriaCount>;
  facets: CriteriaFacets;
  limit: number;
  detail: CriterionDetail | null;
  /** Admins may tag the selection and add it to a campaign; everyone here may export it. */
  isAdmin?: boolean;
  /** Campaigns that can take criteria now (admins only). */
  campaigns?: CampaignChoice[];
}) {
  const url = useUrlState();
  const { params, update, isPending } = url;
  const [sorting, onSortingChange] = useUrlSorting(url, SORT_KEYS);
  const [columnVisibility, onColumnVisibilityChange] = useUrlColumnVisibility(url, { known: HIDEABLE_COLUMN_IDS });

  const filterKey = FILTER_KEYS.map((key) => params.get(key) ?? '').join('\u0000');
  const hasFilters = FILTER_KEYS.some((key) => params.get(key));
  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      Object.entries(FILTERED_COLUMNS).flatMap(([key, id]) => {
        const value = params.get(key);
        return value ? [{ id, value }] : [];
      }),
    [params],
  );

  const pageNumber = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const openParam = Number.parseInt(params.get('open') ?? '', 10);
  const openId = Number.isInteger(openParam) && openParam > 0 ? openParam : null;

  // The selection lives here, not in the table, so that an action can replace it (by the rows it refused).
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);
  const selectOnly = useCallback((ids: number[]) => setRowSelection(Object.fromEntries(ids.map((id) => [String(id), true]))), []);

  const setFilters = useCallback((patch: ParamPatch) => update(patch, { resetPage: true }), [update]);
  const openCriterion = useCallback((id: number) => update({ open: String(id) }, { history: 'replace' }), [update]);
  const onRowActivate = useCallback((row: CriterionRow) => openCriterion(row.id), [openCriterion]);

  const firstRow = params.get('after') || params.get('before') ? (pageNumber - 1) * limit + 1 : 1;
  // A cursor does not know its offset; the page number carried beside it in the URL does.
  const knownOffset = !(params.get('after') || params.get('before')) || params.has('page');
  const range =
    page.rows.length && knownOffset ? `${firstRow.toLocaleString('en')}–${(firstRow + page.rows.length - 1).toLocaleString('en')}` : null;

  return (
    <>
      <CriteriaFilters params={params} facets={facets} onChange={setFilters} />
      {selectedIds.length > 0 ? (
        <CriteriaBulkActions selectedIds={selectedIds} isAdmin={isAdmin} campaigns={campaigns} onSelect={selectOnly} />
      ) : null}
      <DataTable
        data={page.rows}
        columns={criteriaColumns}
        getRowId={getRowId}
        getRowLabel={getRowLabel}
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
        caption="Criteria"
        sorting={sorting}
        onSortingChange={onSortingChange}
        columnVisibility={columnVisibility}
        onColumnVisibilityChange={onColumnVisibilityChange}
        columnFilters={columnFilters}
        onRowActivate={onRowActivate}
        activeRowId={openId === null ? null : String(openId)}
        scrollResetKey={`${filterKey}|${params.get('sort')}|${params.get('dir')}|${params.get('after')}|${params.get('before')}`}
        busy={isPending}
        toolbar={
          <p className="text-sm text-slate-700" data-testid="criteria-total">
            <Suspense fallback={<span className="text-slate-500">Counting…</span>}>
              <Total count={count} />
            </Suspense>
          </p>
        }
        emptyState={
          hasFilters ? (
            <div className="space-y-2">
              <p className="font-medium text-slate-700">No criteria match these filters.</p>
              <Button variant="secondary" size="sm" onClick={() => setFilters(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}>
                Clear filters
              </Button>
            </div>
          ) : (
            <p>
              <span className="font-medium text-slate-700">No criteria yet.</span> They arrive with an imported dataset; see{' '}
              <Link href="/datasets" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                Datasets
              </Link>
              .
            </p>
          )
        }
        footer={
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <p className="tabular-nums" data-testid="criteria-range">
              {range ? (
                <>
                  Showing {range}
                  <Suspense fallback={null}>
                    <OfTotal count={count} />
                  </Suspense>
                </>
              ) : page.rows.length ? (
                `${page.rows.length} shown`
              ) : null}
              <span className="ml-3 hidden text-xs text-slate-500 lg:inline">
                <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> open · <kbd>Space</kbd> select
              </span>
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.prevCursor}
                onClick={() =>
                  page.prevCursor && update({ before: page.prevCursor, page: String(Math.max(1, pageNumber - 1)) }, { resetPage: true })
                }
              >
                <span aria-hidden="true">←</span> Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.nextCursor}
                onClick={() => page.nextCursor && update({ after: page.nextCursor, page: String(pageNumber + 1) }, { resetPage: true })}
              >
                Next <span aria-hidden="true">→</span>
              </Button>
            </div>
          </nav>
        }
      />
      {openId !== null ? (
        <CriterionDrawer
          openId={openId}
          detail={detail}
          pending={isPending}
          onClose={() => {
            // Opened from a link rather than from a row, nothing had focus before; the row is the natural place.
            if (document.activeElement === document.body) document.querySelector<HTMLElement>(`tr[data-row-id="${openId}"]`)?.focus();
            update({ open: null }, { history: 'replace' });
          }}
        />
      ) : null}
    </>
  );
}
