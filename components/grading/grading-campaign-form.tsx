'use client';
// The "New grading campaign" form: which responses (a seeded sample of a dataset, by category and model,
// stratified), previewed with counts through previewGradingSampleAction before anything is created; who grades
// and how many clinicians per response (k). Submits through the one action-form hook, so a rejected submit
// keeps every input and field errors are shown at their inputs (aria-describedby).
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { readCampaignBasics, usePreviewedCampaignForm } from '@/components/audit/use-previewed-campaign-form';
import { Button } from '@/components/ui/button';
import { FieldErrors, FormNotice, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { formStrings, formText } from '@/components/ui/form-values';
import { Notice } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { createGradingCampaignAction, previewGradingSampleAction } from '@/lib/grading/actions';
import type { GradingFormOptions } from '@/lib/grading/grading-form-options';
import { CATEGORIES } from '@/lib/vocabulary/enums';
import { CATEGORY_LABELS } from '@/lib/vocabulary/labels';

function readSelection(data: FormData) {
  return {
    datasetId: formText(data, 'selection.datasetId') ?? '',
    categories: formStrings(data, 'selection.categories') as (typeof CATEGORIES)[number][],
    models: formStrings(data, 'selection.models'),
    includeIdeal: data.get('selection.includeIdeal') === 'on',
    stratifyBy: (formText(data, 'selection.stratifyBy') ?? 'model') as 'model' | 'category' | 'model-category',
    responses: formText(data, 'selection.responses') ?? '',
    seed: formText(data, 'selection.seed'),
  };
}

const boxClasses = 'h-4 w-4 rounded border-slate-300 accent-brand-600';

export function GradingCampaignForm({ options }: { options: GradingFormOptions }) {
  const router = useRouter();
  const [datasetId, setDatasetId] = useState(String(options.datasets[0]?.id ?? ''));
  const { formProps, errors, notice, previewing, submitting, preview, previewError, markStale, runPreview, create } =
    usePreviewedCampaignForm({ readSelection, previewAction: previewGradingSampleAction });
  const models = options.datasets.find((dataset) => String(dataset.id) === datasetId)?.models ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = { ...readCampaignBasics(data), selection: readSelection(data) };
    create(() => createGradingCampaignAction(input), {
      success: (_data, message) => `${message ?? 'Created the grading campaign.'} Opening the campaigns…`,
      onSuccess: () => router.push('/audit'),
    });
  };

  return (
    <form {...formProps} onSubmit={submit} noValidate aria-label="New grading campaign" className="space-y-5">
      <FormNotice notice={notice} />
      <section
        aria-label="About the campaign"
        className="grid gap-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
      >
        <TextField label="Name" name="name" errors={errors.name} required />
        <TextField
          label="Clinicians per response (k)"
          name="overlapK"
          type="number"
          min={1}
          max={20}
          defaultValue="2"
          errors={errors.overlapK}
          hint="Two or more give the clinicians' ceiling on the agreement page."
        />
        <TextAreaField
          label="Instructions for clinicians"
          name="instructions"
          errors={errors.instructions}
          hint="Shown to clinicians. Do not name models or sources."
        />
        <TextAreaField label="Description (admins and reviewers only)" name="description" errors={errors.description} />
        <TextField label="Deadline (optional)" name="deadline" type="datetime-local" errors={errors.deadline} />
        <TextField
          label="Reservation (minutes)"
          name="reservationMinutes"
          type="number"
          min={1}
          defaultValue="30"
          errors={errors.reservationMinutes}
        />
      </section>
      <section aria-label="Responses to grade" className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-sm font-semibold text-slate-900">Responses to grade: a seeded, stratified sample</h2>
        <div className="grid gap-4 sm:grid-cols-3" onChange={markStale}>
          <SelectField
            label="Dataset"
            name="selection.datasetId"
            value={datasetId}
            onChange={(event) => setDatasetId(event.target.value)}
            errors={errors['selection.datasetId']}
          >
            {options.datasets.map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {dataset.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Responses to draw"
            name="selection.responses"
            type="number"
            min={1}
            defaultValue="20"
            errors={errors['selection.responses']}
            hint="Allocated to strata in proportion to their sizes."
          />
          <TextField label="Seed" name="selection.seed" type="number" min={0} defaultValue="1" errors={errors['selection.seed']} />
          <SelectField label="Stratify by" name="selection.stratifyBy" defaultValue="model" errors={errors['selection.stratifyBy']}>
            <option value="model">Model (response source)</option>
            <option value="category">Category</option>
            <option value="model-category">Model × category</option>
          </SelectField>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">Categories (none ticked: all)</legend>
            {CATEGORIES.map((category) => (
              <label key={category} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="selection.categories" value={category} className={boxClasses} />
                {CATEGORY_LABELS[category]}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">Models (none ticked: all)</legend>
            {models.map((model) => (
              <label key={model.name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="selection.models" value={model.name} className={boxClasses} />
                {model.name} <span className="text-xs text-slate-500">({model.responses})</span>
              </label>
            ))}
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="checkbox" name="selection.includeIdeal" className={boxClasses} />
              Include ideal / reference answers (never marked as such to clinicians)
            </label>
          </fieldset>
        </div>
        <FieldErrors id="selection-error" errors={errors.selection} />
        <div className="flex items-center gap-3">
          <Button variant="secondary" onClick={runPreview} disabled={previewing}>
            {previewing ? 'Counting…' : 'Preview the sample'}
          </Button>
          {preview?.stale ? <span className="text-xs text-amber-700">The selection changed: preview again.</span> : null}
        </div>
        {previewError ? <Notice tone="error">{previewError}</Notice> : null}
        {preview ? (
          <section aria-label="Sample preview" className={preview.stale ? 'opacity-60' : ''}>
            <p className="text-sm text-slate-700" data-testid="grading-preview-summary">
              {preview.data.responses} responses to {preview.data.queries} queries · {preview.data.marks} criterion marks per clinician pass
            </p>
            <SimpleTable
              label="Responses per stratum"
              head={
                <>
                  <Th>Stratum</Th>
                  <Th align="right">Drawn</Th>
                  <Th align="right">Available</Th>
                </>
              }
            >
              {preview.data.strata.map((stratum) => (
                <tr key={stratum.stratum}>
                  <Td>{stratum.stratum}</Td>
                  <Td align="right">{stratum.selected}</Td>
                  <Td align="right">{stratum.population}</Td>
                </tr>
              ))}
            </SimpleTable>
          </section>
        ) : null}
      </section>
      <section aria-label="Clinicians" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <fieldset aria-describedby={errors.expertIds ? 'expertIds-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Clinicians</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {options.experts.map((expert) => (
              <label key={expert.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="expertIds" value={expert.id} className={boxClasses} />
                {expert.name} <span className="text-xs text-slate-500">{expert.email}</span>
              </label>
            ))}
          </div>
          <FieldErrors id="expertIds-error" errors={errors.expertIds} />
        </fieldset>
      </section>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Creating…' : 'Create grading campaign'}
      </Button>
    </form>
  );
}
