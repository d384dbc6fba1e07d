'use client';
// The filter bar above the criteria table. Every control writes one URL parameter; the page re-renders on the
// server with the matching rows. Text fields commit on Enter, on leaving the field, and after a pause in typing.
import { useEffect, useId, useRef, useState } from 'react';
import type { ParamPatch } from '@/components/data-table/url-state';
import { Button } from '@/components/ui/button';
import type { CriteriaFacets } from '@/lib/criteria/criteria-facets';
import { CATEGORY_LABELS, STATUSES, STATUS_LABELS, TIER_LABELS } from './labels';

export const FILTER_KEYS = ['dataset', 'category', 'department', 'tier', 'status', 'reaudit', 'redLine', 'tag', 'q'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const controlClasses =
  'block h-8 w-full rounded-md border-0 bg-white px-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500 focus:outline-none';
const labelClasses = 'mb-1 block text-xs font-medium text-slate-600';

function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
  className = 'w-40',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  className?: string;
}) {
  const id = useId();
  // A value from the URL that is not an option (malformed or stale) reads as "All", as the server treats it.
  const known = options.some((option) => option.value === value) ? value : '';
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select
        id={id}
        value={known}
        onChange={(event) => onChange(event.target.value)}
        className={`${controlClasses} pr-7 ${known ? 'font-medium ring-brand-500/60' : ''}`}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text input that keeps what is typed locally and commits it after a pause, on Enter and on blur. */
function CommitInput({
  label,
  value,
  onCommit,
  placeholder,
  type = 'text',
  list,
  delay,
  commitWhen,
  className,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'search';
  list?: string;
  /** Milliseconds of quiet before committing while typing; no automatic commit without it. */
  delay?: number;
  /** Commit right away when this is true of the typed text (a datalist choice). */
  commitWhen?: (text: string) => boolean;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  // The URL changed from elsewhere (clear filters, Back): show it, unless it is what we just committed.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  const commit = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    onCommit(trimmed);
  };

  useEffect(() => {
    if (!delay || draft.trim() === committed.current) return;
    const timer = setTimeout(() => commit(draft), delay);
    return () => clearTimeout(timer);
  });

  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={draft}
        list={list}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setDraft(event.target.value);
          if (commitWhen?.(event.target.value)) commit(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(draft);
          }
        }}
        onBlur={() => commit(draft)}
        className={`${controlClasses} ${draft ? 'ring-brand-500/60' : ''}`}
      />
    </div>
  );
}

export function CriteriaFilters({
  params,
  facets,
  onChange,
}: {
  params: URLSearchParams;
  facets: CriteriaFacets;
  onChange: (patch: ParamPatch) => void;
}) {
  const tagListId = useId();
  const value = (key: FilterKey) => params.get(key) ?? '';
  const set = (key: FilterKey) => (next: string) => onChange({ [key]: next || null });
  const active = FILTER_KEYS.filter((key) => params.get(key));
  const tags = new Set(facets.tags.map((entry) => entry.tag));

  return (
    <search aria-label="Filter criteria" className="mb-4 flex flex-wrap items-end gap-x-3 gap-y-2">
      <CommitInput
        label="Search title and description"
        type="search"
        value={value('q')}
        onCommit={set('q')}
        placeholder="Words in the title or description"
        delay={400}
        className="w-72"
      />
      <FilterSelect
        label="Dataset"
        value={value('dataset')}
        onChange={set('dataset')}
        options={facets.datasets.map((dataset) => ({ value: String(dataset.id), label: dataset.name }))}
        className="w-52"
      />
      <FilterSelect
        label="Category"
        value={value('category')}
        onChange={set('category')}
        options={Object.entries(CATEGORY_LABELS).map(([key, label]) => ({ value: key, label }))}
        className="w-44"
      />
      <FilterSelect
        label="Department"
        value={value('department')}
        onChange={set('department')}
        options={facets.departments.map((department) => ({ value: department, label: department }))}
        className="w-44"
      />
      <FilterSelect
        label="Tier"
        value={value('tier')}
        onChange={set('tier')}
        options={Object.entries(TIER_LABELS).map(([key, entry]) => ({ value: key, label: entry.label }))}
        className="w-32"
      />
      <FilterSelect
        label="Status"
        value={value('status')}
        onChange={set('status')}
        options={STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status].label }))}
        className="w-32"
      />
      <FilterSelect
        label="Re-audit"
        value={value('reaudit')}
        onChange={set('reaudit')}
        options={[{ value: 'yes', label: 'In re-audit' }]}
        allLabel="Any"
        className="w-32"
      />
      <FilterSelect
        label="Red line"
        value={value('redLine')}
        onChange={set('redLine')}
        options={[
          { value: 'yes', label: 'Red lines only' },
          { value: 'no', label: 'No red line' },
        ]}
        allLabel="Any"
        className="w-36"
      />
      <CommitInput
        label="Tag"
        value={value('tag')}
        onCommit={set('tag')}
        placeholder="axis:accuracy"
        list={tagListId}
        commitWhen={(text) => tags.has(text)}
        className="w-44"
      />
      <datalist id={tagListId}>
        {facets.tags.map((entry) => (
          <option key={entry.tag} value={entry.tag}>
            {`${entry.tag} (${entry.count.toLocaleString('en')})`}
          </option>
        ))}
      </datalist>
      <Button
        variant="ghost"
        size="sm"
        disabled={active.length === 0}
        onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
      >
        Clear filters{active.length ? ` (${active.length})` : ''}
      </Button>
    </search>
  );
}
