// Pure conversions between a data table's state and URL search parameters, so a view (filters, sort, page,
// hidden columns) can be shared as a link and survives a reload. The hook in use-url-state.ts applies them.
import type { ColumnVisibilityState, SortingState } from '@tanstack/react-table';

/** A change to the URL: a string sets the parameter, null/undefined/'' removes it. */
export type ParamPatch = Readonly<Record<string, string | null | undefined>>;

/** Keyset-pagination parameters: a cursor only means something for the sort and filters it was made under. */
export const PAGE_KEYS = ['after', 'before', 'page'] as const;

export function applyPatch(current: string | URLSearchParams, patch: ParamPatch, { resetPage = false } = {}): string {
  const next = new URLSearchParams(current);
  if (resetPage) for (const key of PAGE_KEYS) next.delete(key);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next.toString();
}

export interface SortKeys {
  /** Parameter holding the sorted column id. */
  sortKey?: string;
  /** Parameter holding `asc` or `desc`. */
  dirKey?: string;
  /** The column the server sorts by when the URL names none (or one that is not sortable). */
  defaultSort: string;
  /** Column ids the table may be sorted by; anything else in the URL means the default. */
  sortable: readonly string[];
}

export function sortingFromParams(
  params: URLSearchParams,
  { sortKey = 'sort', dirKey = 'dir', defaultSort, sortable }: SortKeys,
): SortingState {
  const requested = params.get(sortKey);
  const id = requested && sortable.includes(requested) ? requested : defaultSort;
  return [{ id, desc: params.get(dirKey) === 'desc' }];
}

/** The default (first sortable column, ascending) is written as no parameters, which keeps links short. */
export function sortingToPatch(sorting: SortingState, { sortKey = 'sort', dirKey = 'dir', defaultSort }: SortKeys): ParamPatch {
  const first = sorting[0];
  if (!first) return { [sortKey]: null, [dirKey]: null };
  return { [sortKey]: first.id === defaultSort ? null : first.id, [dirKey]: first.desc ? 'desc' : null };
}

/** `hide=a,b` ⇄ `{ a: false, b: false }`. TanStack treats only an explicit `false` as hidden. */
export function visibilityFromParam(value: string | null, known?: readonly string[]): ColumnVisibilityState {
  const visibility: ColumnVisibilityState = {};
  for (const id of (value ?? '').split(',')) {
    const trimmed = id.trim();
    if (trimmed && (!known || known.includes(trimmed))) visibility[trimmed] = false;
  }
  return visibility;
}

export function visibilityToParam(visibility: ColumnVisibilityState): string | null {
  const hidden = Object.entries(visibility)
    .filter(([, visible]) => visible === false)
    .map(([id]) => id)
    .sort();
  return hidden.length ? hidden.join(',') : null;
}
