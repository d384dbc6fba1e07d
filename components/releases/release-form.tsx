'use client';
// "New release": a name and the inclusion rules. "Preview" shows what the rules would include and leave
// out (previewReleaseAction, the same computation as the freeze); "Create draft" stores the release, whose
// page previews it again and freezes it. Submits with onSubmit so a rejected submit keeps everything.
import { CATEGORIES } from '@/lib/vocabulary/enums';
import { useRouter } from 'next/navigation';
import { type FormEvent, useRef, useState, useTransition } from 'react';
import { ReleaseFigures } from '@/components/releases/release-figures';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { Button } from '@/components/ui/button';
import { FieldErrors, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Card, Notice } from '@/components/ui/page-header';
import { useFocusFirstError } from '@/components/ui/use-focus-first-error';
import { createReleaseAction, previewReleaseAction } from '@/lib/releases/actions';
import { INCLUDABLE_DECISIONS, RED_LINE_MODES, TEXT_MODES } from '@/lib/releases/schemas';
import type { ReleaseFigures as Figures } from '@/lib/releases/figures';
import { DECISION_NAMES } from '@/lib/vocabulary/labels';

const DECISION_LABELS: Record<(typeof INCLUDABLE_DECISIONS)[number], string> = {
  ACCEPT: DECISION_NAMES.ACCEPT,
  REVISE_MINOR: DECISION_NAMES.REVISE_MINOR,
  REVISE_MAJOR: DECISION_NAMES.REVISE_MAJOR,
};

type Errors = Record<string, string[]>;

function readRules(data: FormData) {
  const all = (key: string) => data.getAll(key).filter((v): v is string => typeof v === 'string');
  return {
    datasetIds: all('datasetIds'),
    decisions: all('decisions'),
    minVerdicts: data.get('minVerdicts') ?? '1',
    allowAdjudicated: data.get('allowAdjudicated') === 'on',
    minAgreement: data.get('minAgreement') ?? '0',
    redLines: RED_LINE_MODES.find((mode) => mode === data.get('redLines')) ?? 'include',
    categories: all('categories'),
    text: TEXT_MODES.find((mode) => mode === data.get('text')) ?? 'revised',
  };
}

function CheckGroup({
  legend,
  name,
  options,
  errors,
  checked,
}: {
  legend: string;
  name: string;
  options: [string, string][];
  errors?: string[] | undefined;
  checked?: (value: string) => boolean;
}) {
  return (
    <fieldset aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked ? checked(value) : true}
              className="h-4 w-4 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
      <FieldErrors id={`${name}-error`} errors={errors} />
    </fieldset>
  );
}

export function ReleaseForm({ datasets, canCreate }: { datasets: { id: number; name: string }[]; canCreate: boolean }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [pending, startTransition] = useTransition();

  const ruleErrors = (fieldErrors: Errors | undefined, prefix: string): Errors =>
    Object.fromEntries(
      Object.entries(fieldErrors ?? {}).map(([key, value]) => [key.startsWith(prefix) ? key.slice(prefix.length) : key, value]),
    );

  const preview = () => {
    const form = formRef.current;
    if (!form) return;
    startTransition(async () => {
      const result = await previewReleaseAction(readRules(new FormData(form)));
      if (result.ok) {
        setErrors({});
        setMessage(null);
        setFigures(result.data);
      } else {
        setErrors(ruleErrors(result.fieldErrors, ''));
        setMessage(result.error);
        focusFirstError();
      }
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await createReleaseAction({
        name: String(data.get('name') ?? ''),
        description: String(data.get('description') ?? '') || undefined,
        rules: readRules(data),
      });
      if (result.ok) router.push(`/releases/${result.data.id}`);
      else {
        const fieldErrors = result.fieldErrors ?? {};
        setErrors({ ...ruleErrors(fieldErrors, 'rules.'), ...(fieldErrors.name ? { name: fieldErrors.name } : {}) });
        setMessage(result.error);
        focusFirstError();
      }
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <Card title="Release">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            required
            errors={errors.name}
            hint="Versions are numbered per name: the same name again makes the next version."
          />
          <TextAreaField label="Description" name="description" rows={2} errors={errors.description} />
        </div>
      </Card>
      <Card title="Inclusion rules">
        <div className="space-y-4">
          <CheckGroup
            legend="Datasets"
            name="datasetIds"
            options={datasets.map((d) => [String(d.id), d.name])}
            errors={errors.datasetIds}
            checked={(v) => v === String(datasets[0]?.id)}
          />
          <CheckGroup
            legend="Final decisions to include (rejected criteria are never released)"
            name="decisions"
            options={INCLUDABLE_DECISIONS.map((d) => [d, DECISION_LABELS[d]])}
            errors={errors.decisions}
          />
          <CheckGroup
            legend="Categories"
            name="categories"
            options={CATEGORIES.map((c) => [c, CATEGORY_LABELS[c]])}
            errors={errors.categories}
          />
          <div className="grid gap-4 md:grid-cols-4">
            <TextField
              label="Minimum verdicts"
              name="minVerdicts"
              type="number"
              min={1}
              max={50}
              defaultValue={1}
              errors={errors.minVerdicts}
            />
            <TextField
              label="Minimum agreement (0–1)"
              name="minAgreement"
              type="number"
              min={0}
              max={1}
              step={0.05}
              defaultValue={0}
              errors={errors.minAgreement}
              hint="Per-criterion agreement of the verdicts; 0 = no minimum."
            />
            <SelectField label="Red lines" name="redLines" defaultValue="include" errors={errors.redLines}>
              <option value="include">Include red-line criteria</option>
              <option value="exclude">Leave red-line criteria out</option>
              <option value="only">Only red-line criteria</option>
            </SelectField>
            <SelectField label="Text" name="text" defaultValue="revised" errors={errors.text}>
              <option value="revised">Current revision (follows the final decisions)</option>
              <option value="original">Original text (revision 0, as imported)</option>
            </SelectField>
          </div>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" name="allowAdjudicated" defaultChecked className="h-4 w-4 accent-brand-600" />
            Include criteria whose final decision was reached by adjudication
          </label>
        </div>
      </Card>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" onClick={preview} disabled={pending}>
          {pending ? 'Working…' : 'Preview'}
        </Button>
        {canCreate ? (
          <Button type="submit" disabled={pending}>
            Create draft
          </Button>
        ) : null}
      </div>
      {figures ? (
        <Card title="Preview">
          <ReleaseFigures figures={figures} filename="release-preview" />
        </Card>
      ) : null}
    </form>
  );
}
