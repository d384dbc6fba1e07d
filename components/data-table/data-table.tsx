'use client';
// The one data table of the app: TanStack Table v9 over rows the server already filtered, sorted and paged
// (keyset cursors live outside the table, in the URL), with react-virtual rendering only the rows in view.
// Real <table> semantics are kept with the padding-row technique: a spacer row above and below the mounted
// rows, a sticky header, fixed column widths. Keyboard: one row is in the tab order (roving tabindex);
// arrows, Home/End and PageUp/PageDown move, Enter activates, Space selects.
import {
  type ColumnDef,
  type ColumnFiltersState,
  type ColumnVisibilityState,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
  type SortingState,
  columnFilteringFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ColumnsMenu } from './columns-menu';

export interface DataTableColumnMeta {
  /** Name in the Columns menu when the header is not a plain string. */
  label?: string;
  align?: 'left' | 'right' | 'center';
  /** Takes the width left over by the fixed-size columns (one column per table). */
  grow?: boolean;
  /** Stays in view when the table scrolls sideways (leading columns only, in order). */
  pin?: boolean;
}

// Module scope: stable. No client row models (the server owns processing) and no pagination feature (the
// keyset cursor is not a page index).
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnMeta: {} as DataTableColumnMeta,
});
export type DataTableFeatures = typeof dataTableFeatures;
// biome-ignore lint/suspicious/noExplicitAny: each column keeps its own value type; `unknown` would erase it
export type DataTableColumnDef<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;
export const SELECT_COLUMN_ID = '_select';

const NO_FILTERS: ColumnFiltersState = [];
const ignoreFilters: OnChangeFn<ColumnFiltersState> = () => {};

function Checkbox({
  checked,
  indeterminate = false,
  onChange,
  label,
  tabbable = true,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (event: unknown) => void;
  label: string;
  tabbable?: boolean;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      tabIndex={tabbable ? undefined : -1}
      className="size-4 cursor-pointer rounded border-slate-300 align-middle accent-brand-600"
      ref={(element) => {
        if (element) element.indeterminate = indeterminate && !checked;
      }}
    />
  );
}

function selectColumn<TData extends RowData>(rowLabel: (row: TData) => string): DataTableColumnDef<TData> {
  const helper = createColumnHelper<DataTableFeatures, TData>();
  return helper.display({
    id: SELECT_COLUMN_ID,
    size: 40,
    enableHiding: false,
    enableSorting: false,
    meta: { align: 'center', pin: true },
    header: ({ table }) => (
      <Checkbox
        label="Select all rows on this page"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    // Rows are reached with the arrow keys and selected with Space, so the row checkboxes stay out of the
    // tab order (fifty tab stops per page otherwise); they still work with a pointer and screen readers.
    cell: ({ row }) => (
      <Checkbox
        label={`Select ${rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
        tabbable={false}
      />
    ),
  });
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 12 12"
      className={`size-3 shrink-0 ${sorted ? 'text-brand-600' : 'text-slate-300 group-hover:text-slate-400'}`}
      fill="currentColor"
    >
      {sorted !== 'desc' ? <path d="M6 1.5 9.5 5h-7z" /> : null}
      {sorted !== 'asc' ? <path d="M6 10.5 2.5 7h7z" /> : null}
    </svg>
  );
}

const alignClass = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;
const justifyClass = { left: 'justify-start', right: 'justify-end', center: 'justify-center' } as const;
const INTERACTIVE = 'a, button, input, label, select, textarea, summary';
// A <tr> cannot draw a focus outline reliably, so its cells draw one together: top and bottom on every cell,
// plus the left side on the first and the right side on the last.
const FOCUS_RING = 'group-focus-visible/row:shadow-[inset_0_2px_0_var(--color-brand-500),inset_0_-2px_0_var(--color-brand-500)]';
const FOCUS_RING_START =
  'group-focus-visible/row:shadow-[inset_2px_0_0_var(--color-brand-500),inset_0_2px_0_var(--color-brand-500),inset_0_-2px_0_var(--color-brand-500)]';
const FOCUS_RING_END =
  'group-focus-visible/row:shadow-[inset_-2px_0_0_var(--color-brand-500),inset_0_2px_0_var(--color-brand-500),inset_0_-2px_0_var(--color-brand-500)]';
/** The line after the last pinned column, where the scrolled columns slide under. */
const PINNED_EDGE = 'shadow-[inset_-1px_0_0_var(--color-slate-200)]';

export interface DataTableProps<TData extends RowData> {
  /** The server's page of rows, already filtered and sorted. */
  data: ReadonlyArray<TData>;
  /** Stable (module scope or useMemo). */
  columns: ReadonlyArray<DataTableColumnDef<TData>>;
  getRowId: (row: TData) => string;
  /** Short accessible name of a row, for its checkbox ("Select criterion 12"). */
  getRowLabel: (row: TData) => string;
  /** Accessible name of the table. */
  caption: string;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  columnVisibility: ColumnVisibilityState;
  onColumnVisibilityChange: OnChangeFn<ColumnVisibilityState>;
  /** Only marks filtered columns in the header; the filter controls live outside the table. */
  columnFilters?: ColumnFiltersState;
  /** Controlled selection; the table keeps its own when omitted. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Row click or Enter. */
  onRowActivate?: (row: TData) => void;
  /** The row shown elsewhere (e.g. in a drawer), highlighted. */
  activeRowId?: string | null;
  /** When this changes (new sort, filter or page) the table scrolls back to the top. */
  scrollResetKey?: string;
  /** A new view is being fetched. */
  busy?: boolean;
  /** Left side of the toolbar above the table (counts, titles). */
  toolbar?: ReactNode;
  /** Bulk actions shown while rows are selected. */
  selectionActions?: (selectedIds: string[]) => ReactNode;
  /** Below the table (pagination). */
  footer?: ReactNode;
  emptyState?: ReactNode;
  rowHeight?: number;
  /** CSS max-height of the scrolling area. */
  maxHeight?: string;
}

export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    data,
    columns,
    getRowId,
    getRowLabel,
    caption,
    onRowActivate,
    activeRowId = null,
    scrollResetKey = '',
    busy = false,
    rowHeight = 48,
    maxHeight = 'max(20rem, calc(100dvh - 27rem))',
  } = props;
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const rowSelection = props.rowSelection ?? ownSelection;
  const onRowSelectionChange = props.onRowSelectionChange ?? setOwnSelection;
  const allColumns = useMemo(() => [selectColumn<TData>(getRowLabel), ...columns], [columns, getRowLabel]);

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data,
    getRowId,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: {
      sorting: props.sorting,
      columnFilters: props.columnFilters ?? NO_FILTERS,
      columnVisibility: props.columnVisibility,
      rowSelection,
    },
    onSortingChange: props.onSortingChange,
    onColumnFiltersChange: ignoreFilters,
    onColumnVisibilityChange: props.onColumnVisibilityChange,
    onRowSelectionChange,
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: (index) => rows[index]?.id ?? index,
    // Lets the server render (and the first client render show) the first rows before anything is measured.
    initialRect: { width: 0, height: 720 },
    // The sticky header covers the top of the scroll area.
    scrollPaddingStart: 36,
    // Firefox mis-measures <tr> borders; its estimate is good enough there.
    ...(typeof navigator !== 'undefined' && !navigator.userAgent.includes('Firefox')
      ? { measureElement: (element: HTMLTableRowElement) => element.getBoundingClientRect().height }
      : {}),
  });

  // Roving focus: the active row is the table's single tab stop.
  const [activeIndex, setActiveIndex] = useState(0);
  const focusPending = useRef(false);
  const current = Math.max(0, Math.min(activeIndex, rows.length - 1));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes, which is what the key says
  useEffect(() => {
    virtualizer.scrollToOffset(0);
    setActiveIndex(0);
  }, [scrollResetKey]);

  // A row moved to with the keyboard may only be mounted after the scroll; focus it once it is.
  useEffect(() => {
    if (!focusPending.current) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${current}"]`);
    if (element) {
      focusPending.current = false;
      element.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(index, rows.length - 1));
    setActiveIndex(next);
    focusPending.current = true;
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const row = rows[index];
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'PageDown':
        moveTo(index + page);
        break;
      case 'PageUp':
        moveTo(index - page);
        break;
      case 'Enter':
        if (row) onRowActivate?.(row.original);
        break;
      case ' ':
        row?.toggleSelected();
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, index: number) => {
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    // Selecting text in a cell is not a click on the row.
    if (window.getSelection()?.toString()) return;
    setActiveIndex(index);
    const row = rows[index];
    if (row) onRowActivate?.(row.original);
  };

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const visibleColumns = table.getVisibleLeafColumns();
  const minWidth = visibleColumns.reduce((sum, column) => sum + column.getSize(), 0);
  // Leading pinned columns: each sticks at the summed width of the pinned columns before it.
  const pinnedLeft = new Map<string, number>();
  let lastPinned: string | null = null;
  for (let index = 0, left = 0; index < visibleColumns.length; index++) {
    const column = visibleColumns[index];
    if (!column?.columnDef.meta?.pin) break;
    pinnedLeft.set(column.id, left);
    lastPinned = column.id;
    left += column.getSize();
  }
  const pinStyle = (columnId: string) => {
    const left = pinnedLeft.get(columnId);
    return left === undefined ? undefined : { left };
  };
  const pinClass = (columnId: string) => (!pinnedLeft.has(columnId) ? '' : columnId === lastPinned ? `sticky ${PINNED_EDGE}` : 'sticky');
  const selectedIds = table.getSelectedRowIds();

  const choices = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide())
    .map((column) => ({
      id: column.id,
      label: column.columnDef.meta?.label ?? (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id),
      visible: column.getIsVisible(),
      toggle: (visible: boolean) => column.toggleVisibility(visible),
    }));

  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-3">{props.toolbar}</div>
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <p role="status" className={selectedIds.length ? 'font-medium text-brand-700' : 'sr-only'}>
            {selectedIds.length ? `${selectedIds.length.toLocaleString('en')} selected` : ''}
          </p>
          {selectedIds.length ? (
            <>
              {props.selectionActions?.(selectedIds)}
              <Button variant="ghost" size="sm" onClick={() => table.resetRowSelection(true)}>
                Clear selection
              </Button>
            </>
          ) : null}
        </div>
        <ColumnsMenu choices={choices} />
      </div>

      {/* Focusable and named: the wide table scrolls sideways here by keyboard too (the rows only move up and down). */}
      <section
        ref={scrollRef}
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
        tabIndex={0}
        className="relative overflow-auto overscroll-contain"
        style={{ maxHeight }}
      >
        {busy ? (
          // Zero height: the bar overlays the header instead of pushing the table down.
          <div aria-hidden="true" className="sticky top-0 left-0 z-30 h-0">
            <div className="h-0.5 w-full animate-pulse bg-brand-500" />
          </div>
        ) : null}
        <table
          aria-busy={busy}
          aria-rowcount={rows.length + 1}
          className="w-full table-fixed border-separate border-spacing-0 text-sm"
          style={{ minWidth }}
        >
          <caption className="sr-only">{caption}</caption>
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} style={column.columnDef.meta?.grow ? undefined : { width: column.getSize() }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const sorted = column.getIsSorted();
                  const align = column.columnDef.meta?.align ?? 'left';
                  const filtered = column.getIsFiltered();
                  return (
                    <th
                      key={header.id}
                      colSpan={header.colSpan}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      style={pinStyle(column.id)}
                      className={`sticky top-0 bg-slate-50 px-2 py-2 text-xs font-semibold whitespace-nowrap text-slate-600 shadow-[inset_0_-1px_0_var(--color-slate-200)] ${
                        pinnedLeft.has(column.id) ? `z-20 ${pinClass(column.id)}` : 'z-10'
                      } ${alignClass[align]}`}
                    >
                      {header.isPlaceholder ? null : column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={column.getToggleSortingHandler()}
                          className={`group -mx-1 inline-flex max-w-full items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-200/60 hover:text-slate-900 ${justifyClass[align]} ${sorted ? 'text-slate-900' : ''}`}
                        >
                          <span className="truncate">
                            <table.FlexRender header={header} />
                          </span>
                          {filtered ? <FilterMark /> : null}
                          <SortIcon sorted={sorted} />
                        </button>
                      ) : (
                        <span className={`inline-flex items-center gap-1 ${justifyClass[align]}`}>
                          <table.FlexRender header={header} />
                          {filtered ? <FilterMark /> : null}
                        </span>
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            {padTop > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row (never focusable) standing in for rows not mounted
              <tr aria-hidden="true">
                <td colSpan={visibleColumns.length} style={{ height: padTop, padding: 0, border: 0 }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const selected = row.getIsSelected();
              const open = activeRowId === row.id;
              return (
                <tr
                  key={row.id}
                  data-index={item.index}
                  data-row-id={row.id}
                  ref={virtualizer.measureElement}
                  aria-rowindex={item.index + 2}
                  aria-selected={selected}
                  aria-current={open ? 'true' : undefined}
                  tabIndex={item.index === current ? 0 : -1}
                  onKeyDown={(event) => onRowKeyDown(event, item.index)}
                  onClick={(event) => onRowClick(event, item.index)}
                  onFocus={() => setActiveIndex(item.index)}
                  style={{ height: rowHeight }}
                  // Opaque backgrounds: pinned cells inherit them and cover what scrolls beneath.
                  className={`group/row cursor-pointer outline-none focus-visible:bg-brand-50 ${
                    open ? 'bg-brand-100' : selected ? 'bg-brand-50' : 'bg-white hover:bg-slate-50'
                  }`}
                >
                  {row.getVisibleCells().map((cell, index, cells) => (
                    <td
                      key={cell.id}
                      data-column={cell.column.id}
                      style={pinStyle(cell.column.id)}
                      className={`border-b border-slate-100 bg-inherit px-2 py-1.5 align-middle text-slate-700 ${pinClass(cell.column.id)} ${
                        index === 0 ? FOCUS_RING_START : index === cells.length - 1 ? FOCUS_RING_END : FOCUS_RING
                      } ${alignClass[cell.column.columnDef.meta?.align ?? 'left']}`}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
            {padBottom > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row (never focusable) standing in for rows not mounted
              <tr aria-hidden="true">
                <td colSpan={visibleColumns.length} style={{ height: padBottom, padding: 0, border: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
      {rows.length === 0 ? (
        // Outside the scrolling table, so it is centred in what is visible rather than in the full table width.
        <div className="border-t border-slate-100 px-3 py-12 text-center text-sm text-slate-500">
          {props.emptyState ?? 'Nothing to show.'}
        </div>
      ) : null}
      {props.footer ? <div className="border-t border-slate-200 px-3 py-2">{props.footer}</div> : null}
    </div>
  );
}

function FilterMark() {
  return (
    <span className="inline-flex text-brand-600" title="Filtered">
      <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3" fill="currentColor">
        <path d="M1 2h10L7 6.5V10l-2 1V6.5z" />
      </svg>
      <span className="sr-only">(filtered)</span>
    </span>
  );
}
