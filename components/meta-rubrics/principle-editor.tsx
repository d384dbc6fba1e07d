'use client';
// Edits one principle's fields. Examples are one per line; tiers are checkboxes.
import { TIERS } from '@/lib/vocabulary/enums';
import { inputClasses } from '@/components/ui/field';
import type { Principle } from '@/lib/meta-rubrics/schemas';

export function PrincipleEditor({
  idPrefix,
  value,
  onChange,
  editableId,
  errors,
}: {
  idPrefix: string;
  value: Principle;
  onChange: (value: Principle) => void;
  /** New principles choose their id; existing ones keep it (diffs match by id). */
  editableId: boolean;
  errors: (field: string) => string[] | undefined;
}) {
  const set = (patch: Partial<Principle>) => onChange({ ...value, ...patch });
  const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  const field = (name: string, label: string, control: React.ReactNode) => {
    const fieldErrors = errors(name);
    return (
      <div>
        <label htmlFor={`${idPrefix}-${name}`} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        {control}
        {fieldErrors?.length ? (
          <p id={`${idPrefix}-${name}-error`} role="alert" className="mt-1 text-xs text-red-700">
            {fieldErrors.join(' ')}
          </p>
        ) : null}
      </div>
    );
  };
  const a11y = (name: string) => ({
    id: `${idPrefix}-${name}`,
    className: inputClasses,
    ...(errors(name)?.length ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${name}-error` } : {}),
  });
  return (
    <div className="space-y-3">
      {editableId
        ? field('id', 'Principle id', <input {...a11y('id')} value={value.id} onChange={(e) => set({ id: e.target.value })} />)
        : null}
      {field('title', 'Principle title', <input {...a11y('title')} value={value.title} onChange={(e) => set({ title: e.target.value })} />)}
      {field(
        'text',
        'Principle text',
        <textarea {...a11y('text')} rows={5} value={value.text} onChange={(e) => set({ text: e.target.value })} />,
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Tiers it governs</legend>
        <div className="flex flex-wrap gap-3">
          {TIERS.map((tier) => (
            <label key={tier} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={value.tiers.includes(tier)}
                onChange={(e) => set({ tiers: e.target.checked ? [...value.tiers, tier] : value.tiers.filter((t) => t !== tier) })}
              />
              {tier}
            </label>
          ))}
        </div>
        {errors('tiers')?.length ? <p className="mt-1 text-xs text-red-700">{errors('tiers')?.join(' ')}</p> : null}
      </fieldset>
      {field(
        'weightGuidance',
        'Weight guidance',
        <textarea
          {...a11y('weightGuidance')}
          rows={2}
          value={value.weightGuidance}
          onChange={(e) => set({ weightGuidance: e.target.value })}
        />,
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.hard} onChange={(e) => set({ hard: e.target.checked })} />
        Hard constraint (violating it is a red line)
      </label>
      {field(
        'positiveExamples',
        'Good examples (one per line)',
        <textarea
          {...a11y('positiveExamples')}
          rows={3}
          defaultValue={value.positiveExamples.join('\n')}
          onChange={(e) => set({ positiveExamples: lines(e.target.value) })}
        />,
      )}
      {field(
        'negativeExamples',
        'Bad examples (one per line)',
        <textarea
          {...a11y('negativeExamples')}
          rows={3}
          defaultValue={value.negativeExamples.join('\n')}
          onChange={(e) => set({ negativeExamples: lines(e.target.value) })}
        />,
      )}
    </div>
  );
}
