'use client';
// Step 2 of the pairwise review, after the reveal: the judge's verdict, its adaptive criteria with their
// evidence to mark (agree, disagree, not relevant), and whether the overall verdict is right, with a comment.
import type { RefObject } from 'react';
import type { useReviewDrafts } from '@/components/pairwise/use-review-drafts';
import { MARK_OPTIONS, judgeScoreLabel, preferenceLabel, WEIGHT_CLASS_LABELS } from '@/components/pairwise/labels';
import { Badge } from '@/components/ui/badge';
import { Button, kbdOnFillClasses } from '@/components/ui/button';
import { radioPillClass } from '@/components/ui/choice-cards';
import { FieldErrors, inputClasses } from '@/components/ui/field';
import type { JudgeReveal } from '@/lib/pairwise/review-view';

function choiceText(choice: string): string {
  return choice === 'TIE' ? 'Tie' : `${choice} better`;
}

export function JudgeAudit({
  judge,
  drafts,
  active,
  onActivate,
  criterionRefs,
}: {
  judge: JudgeReveal;
  drafts: ReturnType<typeof useReviewDrafts>;
  active: number;
  onActivate: (index: number) => void;
  criterionRefs: RefObject<Map<number, HTMLElement>>;
}) {
  const { preference, marks, mark, verdictCorrect, chooseVerdict, comment, setComment, errors, pending, editable, revealed, submit } =
    drafts;
  const criteria = judge.criteria;
  return (
    <section aria-labelledby="judge-heading" className="space-y-3">
      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="judge-heading" className="text-sm font-semibold text-slate-900">
          The judge’s verdict
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="judge-verdict">
          {judge.winner === null ? 'No verdict' : judge.score === null ? choiceText(judge.winner) : judgeScoreLabel(judge.score)}
          {judge.score !== null && judge.score !== 0
            ? ` (weighted score ${Math.abs(judge.score).toFixed(2)} of 2 towards ${judge.score > 0 ? 'A' : 'B'})`
            : ''}
          {judge.vetoed ? (
            <>
              {' '}
              <Badge tone="red">Decided by a hard flaw</Badge>
            </>
          ) : null}
        </p>
        <p className="mt-1 text-xs text-slate-500">Your preference: {preferenceLabel(preference)}</p>
      </div>
      <ol className="space-y-3">
        {criteria.map((criterion, index) => {
          const error = errors[`criterion.${criterion.id}`];
          return (
            <li
              key={criterion.id}
              ref={(element) => {
                if (element) criterionRefs.current.set(criterion.id, element);
                else criterionRefs.current.delete(criterion.id);
              }}
              tabIndex={-1}
              onFocus={() => onActivate(index)}
              aria-label={`Criterion ${index + 1} of ${criteria.length}: ${criterion.title}`}
              className={`rounded-lg bg-white p-4 shadow-sm ring-1 outline-none ${
                index === active && revealed && editable ? 'ring-2 ring-brand-500' : error ? 'ring-red-400' : 'ring-slate-200'
              }`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-900">
                  {index + 1}. {criterion.title}
                </h3>
                <div className="flex flex-wrap gap-1">
                  <Badge>{WEIGHT_CLASS_LABELS[criterion.weightClass] ?? criterion.weightClass}</Badge>
                  {criterion.hardFlaw ? <Badge tone="red">Hard flaw</Badge> : null}
                  <Badge tone="blue">Judge: {judgeScoreLabel(criterion.score)}</Badge>
                </div>
              </div>
              {criterion.description ? <p className="mt-1 text-sm text-slate-600">{criterion.description}</p> : null}
              {criterion.evidence ? (
                <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm whitespace-pre-wrap text-slate-700">
                  {criterion.evidence}
                </blockquote>
              ) : null}
              <div
                className="mt-3 flex flex-wrap gap-2"
                role="radiogroup"
                aria-label={`Your mark on ${criterion.title}`}
                aria-describedby={error ? `criterion-${criterion.id}-error` : undefined}
              >
                {MARK_OPTIONS.map(([value, label], keyIndex) => (
                  <label key={value} className={radioPillClass(marks[criterion.id] === value, true)}>
                    <input
                      type="radio"
                      name={`mark-${criterion.id}`}
                      value={value}
                      disabled={!editable}
                      checked={marks[criterion.id] === value}
                      onChange={() => mark(criterion.id, value)}
                    />
                    {label} <kbd>{keyIndex + 1}</kbd>
                  </label>
                ))}
              </div>
              <FieldErrors id={`criterion-${criterion.id}-error`} errors={error} />
            </li>
          );
        })}
      </ol>
      <fieldset className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" disabled={!editable}>
        <legend className="sr-only">The judge’s overall verdict</legend>
        <p className="text-sm font-semibold text-slate-900" id="verdict-label">
          Is the judge’s overall verdict right?
        </p>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-labelledby="verdict-label">
          {(
            [
              [true, 'Right', 'y'],
              [false, 'Wrong', 'n'],
            ] as const
          ).map(([value, label, key]) => (
            <label key={label} className={radioPillClass(verdictCorrect === value)}>
              <input type="radio" name="verdictCorrect" checked={verdictCorrect === value} onChange={() => chooseVerdict(value)} />
              {label} <kbd>{key}</kbd>
            </label>
          ))}
        </div>
        <FieldErrors id="verdict-error" errors={errors.verdictCorrect} />
        <div>
          <label htmlFor="review-comment" className="mb-1 block text-xs font-medium text-slate-600">
            Comment {verdictCorrect === false ? '(required: why is the verdict wrong?)' : '(optional)'}
          </label>
          <textarea
            id="review-comment"
            rows={3}
            className={inputClasses}
            value={comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? 'comment-error' : undefined}
            onChange={(event) => setComment(event.target.value)}
          />
          <FieldErrors id="comment-error" errors={errors.comment} />
        </div>
        {editable ? (
          <Button onClick={submit} disabled={pending} aria-keyshortcuts="Control+Enter">
            {pending ? 'Submitting…' : 'Submit the review'} <kbd className={kbdOnFillClasses}>Ctrl+Enter</kbd>
          </Button>
        ) : null}
      </fieldset>
    </section>
  );
}
