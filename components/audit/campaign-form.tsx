'use client';
// The "New campaign" form: every field of createCampaignSchema. The selection is previewed through
// previewSelectionAction before anything is created; field errors from either action are shown at their
// inputs (aria-describedby). The form submits with onSubmit rather than a form action, so React never
// resets it: a rejected submit keeps everything typed, ticked and chosen.
import { type AuditMode, DIMENSIONS, CATEGORIES, TIERS } from '@/lib/vocabulary/enums';
import { useRouter } from 'next/navigation';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AUDIT_MODE_TEXT, DIMENSION_LABELS } from '@/components/audit/campaign-labels';
import { CreationTime } from '@/components/audit/creation-time';
import { SelectionPreview } from '@/components/audit/selection-preview';
import { readCampaignBasics, usePreviewedCampaignForm } from '@/components/audit/use-previewed-campaign-form';
import { CATEGORY_LABELS, TIER_LABELS } from '@/components/criteria/labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { FieldErrors, FormNotice, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { formStrings, formText } from '@/components/ui/form-values';
import { Notice } from '@/components/ui/page-header';
import { createCampaignAction, previewSelectionAction } from '@/lib/audit/actions';
import type { CampaignFormOptions } from '@/lib/audit/campaign-form-options';

type Mode = 'filter' | 'sample';

/** Keys whose errors are shown at a field; anything else goes into the summary at the top. */
const FIELD_KEYS = new Set([
  'name',
  'description',
  'instructions',
  'overlapK',
  'expertIds',
  'matchSpecialty',
  'dimensions',
  'deadline',
  'reservationMinutes',
  'fastThresholdSeconds',
  'selection',
  'selection.datasetId',
  'selection.audit',
  'selection.category',
  'selection.department',
  'selection.tier',
  'selection.tag',
  'selection.redLine',
  'selection.q',
  'selection.maxQueries',
  'selection.queries',
  'selection.seed',
  'selection.tiers',
]);

/** The selection as the schema wants it, from the form's current values. */
function readSelection(data: FormData) {
  const datasetId = formText(data, 'selection.datasetId') ?? '';
  const audit = (formText(data, 'selection.audit') ?? 'new') as AuditMode;
  if (formText(data, 'selection.mode') === 'sample') {
    return {
      mode: 'sample' as const,
      audit,
      datasetId,
      queries: formText(data, 'selection.queries') ?? '',
      seed: formText(data, 'selection.seed'),
      tiers: formStrings(data, 'selection.tiers') as (typeof TIERS)[number][],
    };
  }
  return {
    mode: 'filter' as const,
    audit,
    datasetId,
    category: formText(data, 'selection.category') as (typeof CATEGORIES)[number] | undefined,
    department: formText(data, 'selection.department'),
    tier: formText(data, 'selection.tier') as (typeof TIERS)[number] | undefined,
    tag: formText(data, 'selection.tag'),
    redLine: formText(data, 'selection.redLine') as 'yes' | 'no' | undefined,
    q: formText(data, 'selection.q'),
    maxQueries: formText(data, 'selection.maxQueries'),
  };
}

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-5 py-3">
        <h2 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
      </header>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

const checkboxClasses = 'mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600';

export function CampaignForm({ options }: { options: CampaignFormOptions }) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>('filter');
  const [auditMode, setAuditMode] = useState<AuditMode>('new');
  const [k, setK] = useState('3');
  const [experts, setExperts] = useState<Set<string>>(new Set());
  const [seed, setSeed] = useState('1');
  const { formProps, errors, notice, previewing, submitting, preview, previewError, markStale, runPreview, create } =
    usePreviewedCampaignForm({ readSelection, previewAction: previewSelectionAction });
  const [created, setCreated] = useState(false);

  const defaultDataset = (options.datasets.find((dataset) => dataset.pendingCriteria > 0) ?? options.datasets[0])?.id;
  const kNumber = Number(k);
  const tooFewExperts = Number.isInteger(kNumber) && kNumber > 0 && experts.size < kNumber;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      ...readCampaignBasics(data),
      matchSpecialty: data.get('matchSpecialty') === 'on',
      dimensions: formStrings(data, 'dimensions') as (typeof DIMENSIONS)[number][],
      fastThresholdSeconds: formText(data, 'fastThresholdSeconds') ?? '',
      selection: readSelection(data),
    };
    create(() => createCampaignAction(input), {
      success: (_data, message) => `${message ?? 'Created the campaign.'} Opening it…`,
      onSuccess: (campaign) => {
        setCreated(true);
        router.push(`/audit/campaigns/${campaign.id}`);
      },
    });
  };

  const otherErrors = Object.entries(errors)
    .filter(([key]) => !FIELD_KEYS.has(key))
    .flatMap(([, value]) => value);
  const invalid = (key: string) => (errors[key]?.length ? { 'aria-invalid': true as const } : {});

  return (
    <form {...formProps} onSubmit={submit} noValidate aria-label="New campaign" className="space-y-5">
      <FormNotice notice={notice}>{otherErrors.length ? <span className="block">{otherErrors.join(' ')}</span> : null}</FormNotice>

      <Section title="Campaign">
        <div className="grid gap-4">
          <TextField label="Name" name="name" errors={errors.name} required maxLength={200} autoComplete="off" />
          <TextAreaField
            label="Description for admins and reviewers (optional)"
            name="description"
            rows={2}
            errors={errors.description}
            hint="What the audit is for. Never shown to experts."
          />
          <TextAreaField
            label="Instructions for experts (optional)"
            name="instructions"
            rows={3}
            errors={errors.instructions}
            hint="Experts see this with the campaign's name. Do not name models, generators or sources: the audit is blind."
          />
        </div>
      </Section>

      <Section
        title="Criteria under audit"
        description="A criterion is in one campaign at a time until its decision there is settled. The unit of work is a query with all its chosen criteria."
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
          <fieldset className="min-w-0 space-y-4" onChange={markStale}>
            <legend className="sr-only">Selection</legend>
            <SelectField
              label="Dataset"
              name="selection.datasetId"
              defaultValue={defaultDataset}
              errors={errors['selection.datasetId']}
              required
            >
              {options.datasets.length === 0 ? <option value="">No datasets: import one first</option> : null}
              {options.datasets.map((dataset) => (
                <option key={dataset.id} value={dataset.id}>
                  {dataset.name} ({dataset.pendingCriteria.toLocaleString('en')} never audited)
                </option>
              ))}
            </SelectField>

            <ChoiceCards
              id="audit-mode"
              name="selection.audit"
              legend="Which criteria"
              columns="sm:grid-cols-3"
              value={auditMode}
              onChange={(value) => {
                setAuditMode(value);
                markStale();
              }}
              options={(['new', 'revised', 'all'] as const).map((value) => [
                value,
                AUDIT_MODE_TEXT[value][0],
                preview && !preview.stale
                  ? `${AUDIT_MODE_TEXT[value][1]} ${preview.data.available[value].toLocaleString('en')} in this dataset.`
                  : AUDIT_MODE_TEXT[value][1],
              ])}
            />

            <ChoiceCards
              id="mode"
              name="selection.mode"
              legend="How to choose"
              value={mode}
              onChange={setMode}
              options={[
                ['filter', 'By filters', 'Every such criterion matching the filters.'],
                ['sample', 'Stratified random sample', 'Queries drawn per category, seeded and reproducible.'],
              ]}
            />

            {mode === 'filter' ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField label="Category" name="selection.category" defaultValue="" errors={errors['selection.category']}>
                  <option value="">Any category</option>
                  {CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Department"
                  name="selection.department"
                  list="campaign-departments"
                  placeholder="Any department"
                  errors={errors['selection.department']}
                  autoComplete="off"
                />
                <SelectField label="Tier" name="selection.tier" defaultValue="" errors={errors['selection.tier']}>
                  <option value="">Any tier</option>
                  {TIERS.map((tier) => (
                    <option key={tier} value={tier}>
                      {TIER_LABELS[tier].label}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Tag"
                  name="selection.tag"
                  list="campaign-tags"
                  placeholder="Any tag"
                  errors={errors['selection.tag']}
                  autoComplete="off"
                />
                <SelectField label="Red line" name="selection.redLine" defaultValue="" errors={errors['selection.redLine']}>
                  <option value="">Red lines and others</option>
                  <option value="yes">Red lines only</option>
                  <option value="no">No red lines</option>
                </SelectField>
                <TextField
                  label="Text"
                  name="selection.q"
                  type="search"
                  placeholder="Words in title or description"
                  errors={errors['selection.q']}
                />
                <TextField
                  label="Max queries (optional)"
                  name="selection.maxQueries"
                  type="number"
                  min={1}
                  inputMode="numeric"
                  className="sm:col-span-2"
                  errors={errors['selection.maxQueries']}
                  hint="Caps the campaign at the first N matching queries, with all their matching criteria."
                />
                <datalist id="campaign-departments">
                  {options.departments.map((department) => (
                    <option key={department} value={department} />
                  ))}
                </datalist>
                <datalist id="campaign-tags">
                  {options.tags.map((tag) => (
                    <option key={tag} value={tag} />
                  ))}
                </datalist>
              </div>
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label="Number of queries"
                  name="selection.queries"
                  type="number"
                  min={1}
                  defaultValue="20"
                  inputMode="numeric"
                  errors={errors['selection.queries']}
                  hint="Allocated to categories in proportion to their eligible queries."
                />
                <div>
                  <TextField
                    label="Seed"
                    name="selection.seed"
                    type="number"
                    min={0}
                    value={seed}
                    onChange={(event) => setSeed(event.target.value)}
                    inputMode="numeric"
                    errors={errors['selection.seed']}
                    hint="The same seed draws the same sample."
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1 -ml-2"
                    onClick={() => {
                      setSeed(String(Math.floor(Math.random() * 1_000_000)));
                      markStale();
                    }}
                  >
                    Pick a random seed
                  </Button>
                </div>
                <fieldset
                  className="sm:col-span-2"
                  aria-describedby={errors['selection.tiers']?.length ? 'selection.tiers-error' : undefined}
                >
                  <legend className="mb-1 text-sm font-medium text-slate-700">Tiers</legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    {TIERS.map((tier) => (
                      <label key={tier} className="flex items-center gap-1.5 text-sm text-slate-700">
                        <input
                          type="checkbox"
                          name="selection.tiers"
                          value={tier}
                          defaultChecked
                          className={checkboxClasses}
                          {...invalid('selection.tiers')}
                        />
                        {TIER_LABELS[tier].label}
                      </label>
                    ))}
                  </div>
                  <FieldErrors id="selection.tiers-error" errors={errors['selection.tiers']} />
                </fieldset>
              </div>
            )}
            <FieldErrors id="selection-error" errors={errors.selection} />
          </fieldset>

          <div className="min-w-0" aria-live="polite">
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="text-sm font-medium text-slate-700">Preview</h3>
              <Button variant="secondary" size="sm" onClick={runPreview} disabled={previewing}>
                {previewing ? 'Counting…' : preview ? 'Preview again' : 'Preview'}
              </Button>
            </div>
            {previewError ? <Notice tone="error">{previewError}</Notice> : null}
            {preview ? (
              <>
                {preview.stale ? (
                  <p className="mb-2 text-xs text-amber-800">The selection changed since this preview: preview again.</p>
                ) : null}
                <SelectionPreview preview={preview.data} stale={preview.stale} />
              </>
            ) : previewError ? null : (
              <p className="rounded-md bg-slate-50 px-3 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-100">
                Preview the selection to see how many queries and criteria it takes, per category and tier.
              </p>
            )}
          </div>
        </div>
      </Section>

      <Section title="Experts" description="Each criterion is judged independently by k different experts, blind to each other.">
        <div className="grid gap-4 sm:grid-cols-[15rem_minmax(0,1fr)]">
          <TextField
            label="Verdicts per criterion (k)"
            name="overlapK"
            type="number"
            min={1}
            max={20}
            value={k}
            onChange={(event) => setK(event.target.value)}
            inputMode="numeric"
            errors={errors.overlapK}
            hint={
              <>
                Needs at least k experts.{' '}
                <span className={tooFewExperts ? 'font-medium text-amber-800' : undefined} data-testid="experts-chosen">
                  {experts.size} chosen
                </span>
                .
              </>
            }
          />
          <div className="flex items-start gap-2 self-start pt-6 text-sm text-slate-700">
            <input
              id="matchSpecialty"
              type="checkbox"
              name="matchSpecialty"
              className={checkboxClasses}
              aria-describedby="matchSpecialty-hint"
              {...invalid('matchSpecialty')}
            />
            <div>
              <label htmlFor="matchSpecialty">Match experts by specialty</label>
              <p id="matchSpecialty-hint" className="text-xs text-slate-500">
                Experts are offered only queries whose department is one of their specialties (queries without a department go to anyone).
                Make sure each department has at least k matching experts.
              </p>
            </div>
          </div>
        </div>
        <fieldset
          className="relative mt-4"
          aria-describedby={[errors.expertIds?.length ? 'expertIds-error' : null, 'expertIds-hint'].filter(Boolean).join(' ')}
        >
          <legend className="mb-1 text-sm font-medium text-slate-700">Experts</legend>
          {options.experts.length > 1 ? (
            <div className="absolute -top-1.5 right-0 flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => setExperts(new Set(options.experts.map((expert) => expert.id)))}>
                Select all
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setExperts(new Set())}>
                Clear
              </Button>
            </div>
          ) : null}
          <p id="expertIds-hint" className="mb-2 text-xs text-slate-500">
            Active experts, with the specialties matched to query departments.
          </p>
          {options.experts.length === 0 ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
              There are no active experts. Create expert accounts on the Admin page first.
            </p>
          ) : (
            <ul className="-m-1 grid max-h-80 gap-1.5 overflow-y-auto p-1 sm:grid-cols-2 xl:grid-cols-3">
              {options.experts.map((expert) => {
                const checked = experts.has(expert.id);
                return (
                  <li key={expert.id}>
                    <label
                      className={`flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-sm ring-1 ${
                        checked ? 'bg-brand-50 ring-brand-500' : 'bg-white ring-slate-200 hover:bg-slate-50'
                      }`}
                    >
                      <input
                        type="checkbox"
                        name="expertIds"
                        value={expert.id}
                        checked={checked}
                        onChange={(event) => {
                          const next = new Set(experts);
                          if (event.target.checked) next.add(expert.id);
                          else next.delete(expert.id);
                          setExperts(next);
                        }}
                        className={checkboxClasses}
                        {...invalid('expertIds')}
                      />
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{expert.name}</span>
                        <span className="block truncate text-xs text-slate-500">{expert.email}</span>
                        <span className="mt-1 flex flex-wrap gap-1">
                          {expert.specialties.length ? (
                            expert.specialties.map((specialty) => (
                              <Badge key={specialty} tone="blue">
                                {specialty}
                              </Badge>
                            ))
                          ) : (
                            <span className="text-xs text-slate-500">No specialties</span>
                          )}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          <FieldErrors id="expertIds-error" errors={errors.expertIds} />
        </fieldset>
      </Section>

      <Section title="Audit settings">
        <div className="grid gap-5">
          <fieldset aria-describedby={errors.dimensions?.length ? 'dimensions-error dimensions-hint' : 'dimensions-hint'}>
            <legend className="mb-1 text-sm font-medium text-slate-700">Dimensions</legend>
            <p id="dimensions-hint" className="mb-2 text-xs text-slate-500">
              What experts judge each criterion on when they revise or reject it.
            </p>
            <div className="flex flex-wrap gap-x-5 gap-y-1">
              {DIMENSIONS.map((dimension) => (
                <label key={dimension} className="flex items-center gap-1.5 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="dimensions"
                    value={dimension}
                    defaultChecked
                    className={checkboxClasses}
                    {...invalid('dimensions')}
                  />
                  {DIMENSION_LABELS[dimension]}
                </label>
              ))}
            </div>
            <FieldErrors id="dimensions-error" errors={errors.dimensions} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Deadline (optional)"
              name="deadline"
              type="datetime-local"
              errors={errors.deadline}
              hint="In your local time. Shown to experts; the campaign stays open until closed."
            />
            <TextField
              label="Reservation (minutes)"
              name="reservationMinutes"
              type="number"
              min={1}
              max={1440}
              defaultValue="30"
              inputMode="numeric"
              errors={errors.reservationMinutes}
              hint="A claimed query returns to the pool after this long without activity."
            />
            <TextField
              label="Fast-decision threshold (s)"
              name="fastThresholdSeconds"
              type="number"
              min={0}
              max={600}
              defaultValue="4"
              inputMode="numeric"
              errors={errors.fastThresholdSeconds}
              hint="Per criterion: verdicts decided faster are flagged to you. 0 turns flagging off."
            />
          </div>
        </div>
      </Section>

      <div className="flex items-center gap-3">
        <Button type="submit" disabled={submitting || created}>
          {submitting || created ? 'Creating…' : 'Create campaign'}
        </Button>
        <p className="text-xs text-slate-500">Creating marks the chosen criteria as in audit; experts can start at once.</p>
      </div>
      <CreationTime
        criteria={preview && !preview.stale ? preview.data.criteria : null}
        submitting={submitting}
        limit={options.createTimeLimit}
      />
    </form>
  );
}
