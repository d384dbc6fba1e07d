'use client';
// Edits the proposed text of a revision and shows, word by word, what changes from the original.
import type { Tier } from '@/lib/vocabulary/enums';
import { diffWords } from 'diff';
import { forwardRef } from 'react';
import { CriterionFields, type CriterionText } from '@/components/audit/criterion-fields';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';

export type RevisionText = CriterionText;

/** What a screen reader says for a changed field, where the eye reads insertions and deletions. */
function changeText(field: string, before: string, after: string): string {
  return before === after ? `${field} unchanged.` : `${field} changed from “${before}” to “${after}”.`;
}

export function WordDiff({ before, after }: { before: string; after: string }) {
  if (before === after) return <span className="text-slate-600">unchanged</span>;
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
  const tierPoints = (text: RevisionText) => `${TIER_LABELS[text.tier as Tier]?.label ?? text.tier} ${formatPoints(text.points)}`;
  return (
    <fieldset className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" disabled={disabled}>
      <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Proposed revision</legend>
      <div className="grid gap-3 sm:grid-cols-4">
        <CriterionFields idPrefix={idPrefix} value={value} onChange={onChange} titleRef={titleRef} />
      </div>
      <section className="space-y-1 text-sm" aria-label="Changes from the original">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Changes</p>
        <p className="sr-only" data-testid="revision-change-text">
          {changeText('Title', original.title, value.title)} {changeText('Description', original.description, value.description)}{' '}
          {changeText('Tier and points', tierPoints(original), tierPoints(value))}
        </p>
        <p aria-hidden="true">
          <span className="mr-2 text-xs text-slate-600">Title</span>
          <WordDiff before={original.title} after={value.title} />
        </p>
        <p aria-hidden="true">
          <span className="mr-2 text-xs text-slate-600">Description</span>
          <WordDiff before={original.description} after={value.description} />
        </p>
        <p aria-hidden="true">
          <span className="mr-2 text-xs text-slate-600">Tier and points</span>
          {changedTierOrPoints ? (
            <span>
              <del className="bg-red-100 text-red-800">{tierPoints(original)}</del>{' '}
              <ins className="bg-emerald-100 text-emerald-900 no-underline">{tierPoints(value)}</ins>
            </span>
          ) : (
            <span className="text-slate-600">unchanged</span>
          )}
        </p>
      </section>
    </fieldset>
  );
});
