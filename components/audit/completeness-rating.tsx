'use client';
// The expert's rating of how complete the query's set of criteria is (1-5, keys 1-5 once focused with r),
// with an optional note of what is missing or superfluous, and the query's submit button below them.
import type { ReactNode } from 'react';
import { COMPREHENSIVENESS_LABELS } from '@/components/audit/labels';
import { radioPillClass } from '@/components/ui/choice-cards';
import { FieldErrors, inputClasses } from '@/components/ui/field';

export function CompletenessRating({
  rating,
  comment,
  errors,
  disabled,
  onRate,
  onCommentChange,
  onCommentDone,
  children,
}: {
  rating: number | null;
  comment: string;
  errors: string[] | undefined;
  disabled: boolean;
  onRate: (value: number) => void;
  onCommentChange: (comment: string) => void;
  onCommentDone: () => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" disabled={disabled}>
      <legend className="sr-only">Completeness of the set</legend>
      <p className="text-sm font-semibold text-slate-900" id="rating-label">
        How complete is this set of criteria for the query?
      </p>
      <div
        className="flex flex-wrap gap-2"
        role="radiogroup"
        aria-labelledby="rating-label"
        aria-describedby={errors ? 'rating-error' : undefined}
      >
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={radioPillClass(rating === value)}>
            <input type="radio" name="comprehensiveness" value={value} checked={rating === value} onChange={() => onRate(value)} />
            {value} · {COMPREHENSIVENESS_LABELS[value]}
          </label>
        ))}
      </div>
      <FieldErrors id="rating-error" errors={errors} />
      <div>
        <label htmlFor="rating-comment" className="mb-1 block text-xs font-medium text-slate-600">
          What is missing or superfluous (optional)
        </label>
        <textarea
          id="rating-comment"
          rows={2}
          className={inputClasses}
          value={comment}
          onChange={(event) => onCommentChange(event.target.value)}
          onBlur={onCommentDone}
        />
      </div>
      {children}
    </fieldset>
  );
}
