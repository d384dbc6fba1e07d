// An accessible progress bar (role=progressbar with its value), used for campaigns, imports, runs, exports.
export function ProgressBar({
  value,
  max,
  label,
  tone = 'brand',
  showText = true,
  unit,
}: {
  value: number;
  max: number;
  label: string;
  /** What is counted ("queries", "verdicts"), written after the figures. */
  unit?: string;
  tone?: 'brand' | 'green' | 'amber' | 'red';
  showText?: boolean;
}) {
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const colors = { brand: 'bg-brand-500', green: 'bg-emerald-500', amber: 'bg-amber-500', red: 'bg-red-500' };
  return (
    <div className="w-full">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] ${colors[tone]}`} style={{ width: `${(ratio * 100).toFixed(1)}%` }} />
      </div>
      {showText ? (
        <div className="mt-1 text-xs tabular-nums text-slate-600">
          {value.toLocaleString('en')} / {max.toLocaleString('en')}
          {unit ? ` ${unit}` : ''} ({(ratio * 100).toFixed(0)}%)
        </div>
      ) : null}
    </div>
  );
}
