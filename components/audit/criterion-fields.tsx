'use client';
// The editable text of a criterion (title, description, tier, points), shared by the revision editor, the
// missing-criterion form and the reviewer's decision on a missing criterion (which also share its tags and red line).
import type { Tier } from '@/lib/vocabulary/enums';
import type { Ref } from 'react';
import { FieldErrors, inputClasses } from '@/components/ui/field';
import { TIER_LABELS } from '@/components/criteria/labels';

export interface CriterionText {
  title: string;
  description: string;
  tier: string;
  points: number;
}

const label = 'mb-1 block text-xs font-medium text-slate-700';

export function CriterionFields<T extends CriterionText>({
  idPrefix,
  value,
  onChange,
  titleRef,
  errors,
  descriptionRows = 3,
}: {
  idPrefix: string;
  value: T;
  onChange: (value: T) => void;
  titleRef?: Ref<HTMLInputElement>;
  errors?: Record<string, string[]>;
  descriptionRows?: number;
}) {
  const a11y = (field: string) =>
    errors?.[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${field}-error` } : {};
  return (
    <>
      <div className="sm:col-span-4">
        <label htmlFor={`${idPrefix}-title`} className={label}>
          Title
        </label>
        <input
          ref={titleRef}
          id={`${idPrefix}-title`}
          className={inputClasses}
          value={value.title}
          {...a11y('title')}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
        />
        <FieldErrors id={`${idPrefix}-title-error`} errors={errors?.title} />
      </div>
      <div className="sm:col-span-4">
        <label htmlFor={`${idPrefix}-description`} className={label}>
          Description
        </label>
        <textarea
          id={`${idPrefix}-description`}
          className={inputClasses}
          rows={descriptionRows}
          value={value.description}
          onChange={(event) => onChange({ ...value, description: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-tier`} className={label}>
          Tier
        </label>
        <select
          id={`${idPrefix}-tier`}
          className={inputClasses}
          value={value.tier}
          onChange={(event) => onChange({ ...value, tier: event.target.value })}
        >
          {(Object.keys(TIER_LABELS) as Tier[]).map((tier) => (
            <option key={tier} value={tier}>
              {TIER_LABELS[tier].label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-points`} className={label}>
          Points
        </label>
        <input
          id={`${idPrefix}-points`}
          type="number"
          step="1"
          className={inputClasses}
          value={Number.isFinite(value.points) ? value.points : ''}
          {...a11y('points')}
          onChange={(event) => onChange({ ...value, points: Number(event.target.value) })}
        />
        <FieldErrors id={`${idPrefix}-points-error`} errors={errors?.points} />
      </div>
    </>
  );
}

/** A missing criterion's tags (comma-separated) and red-line flag, after CriterionFields in the same grid. */
export function TagsRedLineFields<T extends { tags: string; redLine: boolean }>({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-tags`} className={label}>
          Tags
        </label>
        <input
          id={`${idPrefix}-tags`}
          className={inputClasses}
          value={value.tags}
          placeholder="axis:completeness"
          onChange={(event) => onChange({ ...value, tags: event.target.value })}
        />
      </div>
      <label className="mt-6 inline-flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.redLine} onChange={(event) => onChange({ ...value, redLine: event.target.checked })} />
        Safety red line
      </label>
    </>
  );
}
