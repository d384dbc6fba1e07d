'use client';
// Step 1 of the pairwise review, blind: which response is better (1-5) and, optionally, the key differences.
// Saving it reveals the judge, and it cannot change afterwards.
import type { useReviewDrafts } from '@/components/pairwise/use-review-drafts';
import { KEY_DIFFERENCE_LABELS, PREFERENCE_OPTIONS } from '@/components/pairwise/labels';
import { Button, kbdOnFillClasses } from '@/components/ui/button';
import { radioPillClass } from '@/components/ui/choice-cards';
import { FieldErrors, inputClasses } from '@/components/ui/field';
import { KEY_DIFFERENCES } from '@/lib/pairwise/schemas';

export function PreferenceStep({ drafts }: { drafts: ReturnType<typeof useReviewDrafts> }) {
  const { preference, choosePreference, aspects, setAspects, note, setNote, errors, pending, editable, revealed, savePreference } = drafts;
  return (
    <fieldset
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      disabled={!editable || revealed}
      aria-describedby={errors.preference ? 'preference-error' : undefined}
    >
      <legend className="sr-only">Your preference</legend>
      <p className="text-sm font-semibold text-slate-900" id="preference-label">
        Which response is better? {revealed ? <span className="font-normal text-slate-500">(saved; it cannot change now)</span> : null}
      </p>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-labelledby="preference-label">
        {PREFERENCE_OPTIONS.map(([value, label], index) => (
          <label key={value} className={radioPillClass(preference === value)}>
            <input type="radio" name="preference" value={value} checked={preference === value} onChange={() => choosePreference(value)} />
            {label} <kbd>{index + 1}</kbd>
          </label>
        ))}
      </div>
      <FieldErrors id="preference-error" errors={errors.preference} />
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-slate-600">Key differences (optional)</legend>
        <div className="flex flex-wrap gap-2">
          {KEY_DIFFERENCES.map((aspect) => (
            <label key={aspect} className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm ring-1 ring-slate-200">
              <input
                type="checkbox"
                name="keyDifferences"
                value={aspect}
                checked={aspects.includes(aspect)}
                onChange={(event) =>
                  setAspects((current) =>
                    event.target.checked ? [...current, aspect] : current.filter((candidate) => candidate !== aspect),
                  )
                }
              />
              {KEY_DIFFERENCE_LABELS[aspect]}
            </label>
          ))}
        </div>
        <label htmlFor="difference-note" className="mt-2 mb-1 block text-xs font-medium text-slate-600">
          What differs (optional)
        </label>
        <textarea id="difference-note" rows={2} className={inputClasses} value={note} onChange={(event) => setNote(event.target.value)} />
      </fieldset>
      {!revealed && editable ? (
        <Button onClick={savePreference} disabled={pending} aria-keyshortcuts="Control+Enter">
          {pending ? 'Saving…' : 'Save my preference and show the judge'} <kbd className={kbdOnFillClasses}>Ctrl+Enter</kbd>
        </Button>
      ) : null}
      {!revealed ? (
        <p className="text-xs text-slate-500">
          The judge’s verdict is shown only after your own preference is saved, and it cannot change then.
        </p>
      ) : null}
    </fieldset>
  );
}
