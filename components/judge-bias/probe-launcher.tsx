'use client';
// The PROBE run's parts of the run launcher: which transformation, and (with the estimate) one response of the scope
// before and after it, so the admin sees exactly what the judge will be asked to grade before the run starts.
import { PROBE_LABELS } from '@/components/judge-bias/labels';
import { SelectField } from '@/components/ui/field';
import type { ProbePreview } from '@/lib/judge/plan-probe-run';
import { PROBE_VARIANT_KINDS } from '@/lib/judge/probe-variants';

export function ProbeParameters({ errors, checkboxClasses }: { errors: Record<string, string[] | undefined>; checkboxClasses: string }) {
  return (
    <>
      <SelectField
        label="Probe"
        name="variant"
        defaultValue="FORMAT_PLAIN"
        errors={errors.variant}
        hint="Each response is graded twice on every criterion: as it is, and changed in a way that keeps its content. Estimate to see an example."
      >
        {PROBE_VARIANT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {PROBE_LABELS[kind].label}
          </option>
        ))}
      </SelectField>
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" name="includeIdeal" className={checkboxClasses} />
        Also probe the ideal (reference) responses
      </label>
      <p className="text-sm text-slate-600 sm:col-span-2">
        The variants are stored with the run for admins; experts never see them. The transformations are quoted in the documentation (judge
        bias diagnostics).
      </p>
    </>
  );
}

function Side({ title, lastTurn, response, testId }: { title: string; lastTurn: string; response: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" data-testid={testId}>
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      <p className="mb-2 text-xs text-slate-600">
        Last user turn: <q>{lastTurn}</q>
      </p>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap font-sans text-sm text-slate-800">{response}</pre>
    </div>
  );
}

export function ProbePreviewView({ preview }: { preview: ProbePreview | null | undefined }) {
  if (!preview) return <p className="mt-3 text-sm text-slate-500">No response in the scope to show.</p>;
  return (
    <section aria-label="Probe example" className="mt-4">
      <h3 className="mb-1 text-sm font-semibold text-slate-900">
        {PROBE_LABELS[preview.kind].label}: response {preview.responseId}, before and after
      </h3>
      <p className="mb-2 text-xs text-slate-500">{PROBE_LABELS[preview.kind].description}</p>
      <div className="grid gap-3 md:grid-cols-2">
        <Side title="Original" lastTurn={preview.before.lastTurn} response={preview.before.response} testId="probe-before" />
        <Side title="Variant" lastTurn={preview.after.lastTurn} response={preview.after.response} testId="probe-after" />
      </div>
    </section>
  );
}
