'use client';
// Edits the proposed text of a revision and shows, word by word, what changes from the original.
import type { Tier } from '@/lib/vocabulary/enums';
import { diffWords } from 'diff';
import { forwardRef } from 'react';
import { CriterionFields, type CriterionText } from '@/components/audit/criterion-fields';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';

export type RevisionText = CriterionText;

export function WordDiff({ before, after }: { before: string; after: string }) {
  if (before === after) return <span className="text-slate-500">unchanged</span>;
  return (
    <span>
      {diffWords(before, after).map((part, index) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff is an ordered, immutable sequence
          <ins key={index} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff is an ordered, immutable sequence
          <del key={index} className="rounded-sm bg-red-100 text-red-800">
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff is an ordered, immutable sequence
          <span key={index}>{part.value}</span>
        ),
      )}
    </span>
  );
}

export const RevisionEditor = forwardRef<
  HTMLInputElement,
  { idPrefix: string; original: RevisionText; value: RevisionText; onChange: (value: RevisionText) => void; disabled?: boolean }
>(function RevisionEditor({ idPrefix, original, value, onChange, disabled }, titleRef) {
  const changedTierOrPoints = value.tier !== original.tier || value.points !== original.points;
  return (
    <fieldset className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" disabled={disabled}>
      <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Proposed revision</legend>
      <div className="grid gap-3 sm:grid-cols-4">
        <CriterionFields idPrefix={idPrefix} value={value} onChange={onChange} titleRef={titleRef} />
      </div>
      <section className="space-y-1 text-sm" aria-label="Changes from the original">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Changes</p>
        <p>
          <span className="mr-2 text-xs text-slate-500">Title</span>
          <WordDiff before={original.title} after={value.title} />
        </p>
        <p>
          <span className="mr-2 text-xs text-slate-500">Description</span>
          <WordDiff before={original.description} after={value.description} />
        </p>
        <p>
          <span className="mr-2 text-xs text-slate-500">Tier and points</span>
          {changedTierOrPoints ? (
            <span>
              <del className="bg-red-100 text-red-800">
                {TIER_LABELS[original.tier as Tier]?.label ?? original.tier} {formatPoints(original.points)}
              </del>{' '}
              <ins className="bg-emerald-100 text-emerald-900 no-underline">
                {TIER_LABELS[value.tier as Tier]?.label ?? value.tier} {formatPoints(value.points)}
              </ins>
            </span>
          ) : (
            <span className="text-slate-500">unchanged</span>
          )}
        </p>
      </section>
    </fieldset>
  );
});
