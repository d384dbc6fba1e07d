// A radio group drawn as cards, each with a label and a one-line hint (the campaign's selection mode, the
// judge run's task). Controlled: the parent keeps the value.
const radioClasses = 'mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600';

export function ChoiceCards<V extends string>({
  id,
  name,
  legend,
  value,
  options,
  onChange,
  columns = 'sm:grid-cols-2',
}: {
  /** Prefix of the element ids (legend, labels, hints). */
  id: string;
  name: string;
  legend: string;
  value: V;
  options: readonly (readonly [value: V, label: string, hint: string])[];
  onChange: (value: V) => void;
  columns?: string;
}) {
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-700">
        {legend}
      </span>
      <div className={`grid gap-2 ${columns}`}>
        {options.map(([option, label, hint]) => (
          <label
            key={option}
            className={`flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-sm ring-1 ${
              value === option ? 'bg-brand-50 ring-brand-500' : 'bg-white ring-slate-300 hover:bg-slate-50'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className={radioClasses}
              aria-labelledby={`${id}-${option}-label`}
              aria-describedby={`${id}-${option}-hint`}
            />
            <span>
              <span id={`${id}-${option}-label`} className="block font-medium text-slate-900">
                {label}
              </span>
              <span id={`${id}-${option}-hint`} className="block text-xs text-slate-600">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}

/** A radio drawn as a pill (a label around a hidden-style input): selected ones in the brand colour. */
export function radioPillClass(selected: boolean, compact = false): string {
  return `inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 ${compact ? 'py-1' : 'py-1.5'} text-sm ring-1 ${
    selected ? 'bg-brand-50 text-brand-800 ring-brand-500' : 'ring-slate-300 hover:bg-slate-50'
  }`;
}
