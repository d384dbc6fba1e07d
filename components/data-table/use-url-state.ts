'use client';
// Table state that lives in the URL. The server page reads the same parameters and fetches the matching
// page, so a link reproduces the view and a reload keeps it. While the server renders the new view, the
// controls already show the requested values (an optimistic copy of the parameters) and `isPending` is true.
import { type ColumnVisibilityState, type OnChangeFn, type SortingState, functionalUpdate } from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useOptimistic, useRef, useTransition } from 'react';
import {
  type ParamPatch,
  type SortKeys,
  applyPatch,
  sortingFromParams,
  sortingToPatch,
  visibilityFromParam,
  visibilityToParam,
} from './url-state';

export interface UpdateOptions {
  /** Drop the keyset cursor and page number: required whenever the sort or a filter changes. */
  resetPage?: boolean;
  /** `push` adds a history entry (Back returns to the previous view); `replace` does not. */
  history?: 'push' | 'replace';
}

export interface UrlState {
  /** The current parameters, including a change still being rendered on the server. */
  params: URLSearchParams;
  update: (patch: ParamPatch, options?: UpdateOptions) => void;
  /** True from a change until the server has rendered the matching view. */
  isPending: boolean;
}

export function useUrlState(): UrlState {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const [query, setQuery] = useOptimistic(searchParams.toString());
  // Several changes in one tick (or before the first one rendered) must build on each other.
  const latest = useRef(query);
  latest.current = query;

  const update = useCallback(
    (patch: ParamPatch, { resetPage = false, history = 'push' }: UpdateOptions = {}) => {
      const next = applyPatch(latest.current, patch, { resetPage });
      if (next === latest.current) return;
      latest.current = next;
      startTransition(() => {
        setQuery(next);
        router[history](next ? `${pathname}?${next}` : pathname, { scroll: false });
      });
    },
    [router, pathname, setQuery],
  );

  const params = useMemo(() => new URLSearchParams(query), [query]);
  return { params, update, isPending };
}

/** Single-column sorting in `?sort=<column>&dir=desc`; a new sort starts again from the first page. */
export function useUrlSorting({ params, update }: UrlState, keys: SortKeys): [SortingState, OnChangeFn<SortingState>] {
  const { sortKey, dirKey, defaultSort, sortable } = keys;
  const sortParam = params.get(sortKey ?? 'sort');
  const dirParam = params.get(dirKey ?? 'dir');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed only when the two parameters change
  const sorting = useMemo(
    () => sortingFromParams(params, { sortKey, dirKey, defaultSort, sortable }),
    [sortParam, dirParam, sortKey, dirKey, defaultSort, sortable],
  );
  const onSortingChange: OnChangeFn<SortingState> = useCallback(
    (updater) =>
      update(sortingToPatch(functionalUpdate(updater, sorting), { sortKey, dirKey, defaultSort, sortable }), { resetPage: true }),
    [update, sorting, sortKey, dirKey, defaultSort, sortable],
  );
  return [sorting, onSortingChange];
}

/** Hidden columns in `?hide=a,b`; showing or hiding a column keeps the page. */
export function useUrlColumnVisibility(
  { params, update }: UrlState,
  { key = 'hide', known }: { key?: string; known?: readonly string[] } = {},
): [ColumnVisibilityState, OnChangeFn<ColumnVisibilityState>] {
  const raw = params.get(key);
  const visibility = useMemo(() => visibilityFromParam(raw, known), [raw, known]);
  const onVisibilityChange: OnChangeFn<ColumnVisibilityState> = useCallback(
    (updater) => update({ [key]: visibilityToParam(functionalUpdate(updater, visibility)) }, { history: 'replace' }),
    [update, visibility, key],
  );
  return [visibility, onVisibilityChange];
}
