'use client';
// The run launcher: task, endpoints, scope and parameters of runInputSchema. "Estimate" shows the calls,
// queries, tokens and cost per endpoint (estimateRunAction) before "Start run" (startRunAction) creates the run
// and opens its page. Field errors from either action are shown at their inputs (aria-describedby); the form
// submits with onSubmit, so a rejected start keeps everything chosen.
import { CATEGORIES } from '@/lib/vocabulary/enums';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import type { z } from '@/lib/zod';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { OUTPUT_MODE_LABELS, RUN_KINDS, RUN_KIND_LABELS, count, formatUsd } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { FieldErrors, FormNotice, SelectField, TextField } from '@/components/ui/field';
import { Card, Notice } from '@/components/ui/page-header';
import { useActionForm } from '@/components/ui/use-action-form';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { JudgeRunKind } from '@/lib/generated/prisma/enums';
import { estimateProxyRunAction, startProxyRunAction } from '@/lib/discriminability/actions';
import { DEFAULT_MIN_GRADE_DIFFERENCE } from '@/lib/discriminability/constants';
import { estimateRunAction, startRunAction } from '@/lib/judge/actions';
import type { RunEstimate } from '@/lib/judge/create-run';
import type { LauncherOptions } from '@/lib/judge/launcher-options';
import type { runInputSchema } from '@/lib/judge/run-schemas';
import type { ProbeVariantKindName } from '@/lib/judge/probe-variants';
import { ProbeParameters, ProbePreviewView } from '@/components/judge-bias/probe-launcher';

type RunFormInput = z.input<typeof runInputSchema>;

const FIELD_KEYS = new Set([
  'endpointIds',
  'datasetId',
  'queryExternalIds',
  'category',
  'maxQueries',
  'metaRubricVersionId',
  'minVotes',
  'variant',
  'minGradeDifference',
]);

const checkboxClasses = 'mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600';

function text(data: FormData, key: string): string | undefined {
  const value = data.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The run as the schema wants it, from the form's current values. */
function readInput(data: FormData, kind: JudgeRunKind): RunFormInput {
  const scope = {
    endpointIds: data.getAll('endpointIds').filter((value): value is string => typeof value === 'string' && value !== ''),
    datasetId: text(data, 'datasetId') ?? '',
    queryExternalIds: text(data, 'queryExternalIds'),
    category: text(data, 'category') as (typeof CATEGORIES)[number] | undefined,
    maxQueries: text(data, 'maxQueries'),
  };
  if (kind === 'GRADE') {
    return {
      kind,
      ...scope,
      includeIdeal: data.get('includeIdeal') === 'on',
      metaRubricVersionId: text(data, 'metaRubricVersionId'),
    };
  }
  if (kind === 'PROBE') {
    return { kind, ...scope, variant: text(data, 'variant') as ProbeVariantKindName, includeIdeal: data.get('includeIdeal') === 'on' };
  }
  if (kind === 'PROXY') {
    return {
      kind,
      ...scope,
      metaRubricVersionId: text(data, 'metaRubricVersionId'),
      minGradeDifference: text(data, 'minGradeDifference'),
    };
  }
  const metaRubricVersionId = text(data, 'metaRubricVersionId') ?? '';
  if (kind === 'GENERATE') return { kind, ...scope, metaRubricVersionId, minVotes: text(data, 'minVotes') };
  return { kind, ...scope, metaRubricVersionId };
}

export function RunLauncher({
  options,
  defaults = {},
}: {
  options: LauncherOptions;
  /** Preselected from the URL, e.g. by the meta-rubric comparison's "regenerate under vN". */
  defaults?: { kind?: JudgeRunKind; metaRubricVersionId?: number };
}) {
  const router = useRouter();
  const [kind, setKind] = useState<JudgeRunKind>(defaults.kind ?? 'GENERATE');
  const { formRef, formProps, errors, setErrors, notice, pending, submit: run } = useActionForm();
  const [running, setRunning] = useState<'estimate' | 'start'>('estimate');
  const estimating = pending && running === 'estimate';
  const starting = pending && running === 'start';
  const [estimate, setEstimate] = useState<{ data: RunEstimate; stale: boolean } | null>(null);
  const [started, setStarted] = useState(false);

  const changed = () => setEstimate((current) => (current ? { ...current, stale: true } : current));

  const runEstimate = () => {
    const form = formRef.current;
    if (!form) return;
    const input = readInput(new FormData(form), kind);
    setRunning('estimate');
    run(() => (input.kind === 'PROXY' ? estimateProxyRunAction(input) : estimateRunAction(input)), {
      success: null,
      onSuccess: (data) => setEstimate({ data, stale: false }),
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readInput(new FormData(event.currentTarget), kind);
    setRunning('start');
    run(() => (input.kind === 'PROXY' ? startProxyRunAction(input) : startRunAction(input)), {
      success: (_data, message) => `${message ?? 'Started the run.'} Opening it…`,
      onSuccess: (started) => {
        setStarted(true);
        router.push(`/judge/runs/${started.id}`);
      },
    });
  };

  const otherErrors = Object.entries(errors)
    .filter(([key]) => !FIELD_KEYS.has(key))
    .flatMap(([, value]) => value);
  const invalid = (key: string) => (errors[key]?.length ? { 'aria-invalid': true as const } : {});
  const needsVersion = kind === 'GENERATE' || kind === 'PAIRWISE';
  const activeVersion =
    options.metaRubricVersions.find((version) => version.id === defaults.metaRubricVersionId) ??
    options.metaRubricVersions.find((version) => version.status === 'ACTIVE') ??
    options.metaRubricVersions[0];

  return (
    <form {...formProps} onSubmit={submit} onChange={changed} noValidate aria-label="New run" className="space-y-5">
      <FormNotice notice={notice}>{otherErrors.length ? <span className="block">{otherErrors.join(' ')}</span> : null}</FormNotice>

      <Card title="Task">
        <ChoiceCards
          id="kind"
          name="kind"
          legend="What the judge does"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setErrors({});
          }}
          columns="md:grid-cols-3"
          options={RUN_KINDS.map((value) => [value, RUN_KIND_LABELS[value].label, RUN_KIND_LABELS[value].description] as const)}
        />
      </Card>

      <Card title="Endpoints">
        {options.endpoints.length === 0 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            There is no active endpoint. Add one on the Judge page first.
          </p>
        ) : kind === 'GENERATE' ? (
          <fieldset aria-describedby={errors.endpointIds?.length ? 'endpointIds-error endpointIds-hint' : 'endpointIds-hint'}>
            <legend className="mb-1 text-sm font-medium text-slate-700">Endpoints</legend>
            <p id="endpointIds-hint" className="mb-2 text-xs text-slate-500">
              Each endpoint writes a rubric per query; the rubrics are merged by consensus.
            </p>
            <ul className="grid gap-1.5 sm:grid-cols-2">
              {options.endpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <label className="flex items-start gap-2 rounded-md px-3 py-2 text-sm ring-1 ring-slate-200 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      name="endpointIds"
                      value={endpoint.id}
                      defaultChecked={options.endpoints.length === 1}
                      className={checkboxClasses}
                      {...invalid('endpointIds')}
                    />
                    <EndpointLabel endpoint={endpoint} />
                  </label>
                </li>
              ))}
            </ul>
            <FieldErrors id="endpointIds-error" errors={errors.endpointIds} />
          </fieldset>
        ) : (
          <SelectField label="Endpoint" name="endpointIds" errors={errors.endpointIds} className="max-w-md">
            {options.endpoints.map((endpoint) => (
              <option key={endpoint.id} value={endpoint.id}>
                {endpoint.name} ({endpoint.model}){endpoint.apiKeyPresent ? '' : ' – API key not set'}
                {endpoint.outputMode ? ` – ${OUTPUT_MODE_LABELS[endpoint.outputMode].label}` : ' – no output mode yet: Test connection'}
              </option>
            ))}
          </SelectField>
        )}
      </Card>

      <Card title="Scope">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Dataset" name="datasetId" errors={errors.datasetId}>
            {options.datasets.length === 0 ? <option value="">No datasets: import one first</option> : null}
            {options.datasets.map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {dataset.name} ({count(dataset.queries)} queries)
              </option>
            ))}
          </SelectField>
          <SelectField label="Category" name="category" defaultValue="" errors={errors.category}>
            <option value="">Any category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Query ids (optional)"
            name="queryExternalIds"
            errors={errors.queryExternalIds}
            autoComplete="off"
            placeholder="e.g. walk-hb-1 walk-hb-2"
            hint="The queries’ ids as in the imported file, separated by spaces or commas. Empty for every query."
          />
          <TextField
            label="Max queries (optional)"
            name="maxQueries"
            type="number"
            min={1}
            inputMode="numeric"
            errors={errors.maxQueries}
            hint="The first N matching queries, by id."
          />
        </div>
      </Card>

      <Card title="Parameters">
        <div className="grid gap-4 sm:grid-cols-2">
          {needsVersion ? (
            <SelectField
              label="Meta-rubric version"
              name="metaRubricVersionId"
              defaultValue={activeVersion?.id}
              errors={errors.metaRubricVersionId}
              hint={
                kind === 'GENERATE' ? 'Its principles and generation rules go into the prompt.' : 'Its principles guide the comparison.'
              }
            >
              {options.metaRubricVersions.length === 0 ? <option value="">No meta-rubric versions</option> : null}
              {options.metaRubricVersions.map((version) => (
                <option key={version.id} value={version.id}>
                  {version.label} ({version.status.toLowerCase()})
                </option>
              ))}
            </SelectField>
          ) : null}
          {kind === 'GENERATE' ? (
            <TextField
              label="Minimum votes"
              name="minVotes"
              type="number"
              min={1}
              max={8}
              defaultValue="1"
              inputMode="numeric"
              errors={errors.minVotes}
              hint="A merged criterion is kept when at least this many endpoints proposed it."
            />
          ) : null}
          {kind === 'GRADE' ? (
            <>
              <SelectField
                label="Scoring profile of the tiered score"
                name="metaRubricVersionId"
                defaultValue=""
                errors={errors.metaRubricVersionId}
                hint="Tier weights, pitfalls and the red-line veto are the app’s assumptions, kept in a meta-rubric version’s scoring profile and recorded on the run. The run page shows HealthBench’s score beside the tiered score."
              >
                <option value="">The app’s default profile</option>
                {options.metaRubricVersions.map((version) => (
                  <option key={version.id} value={version.id}>
                    {version.label} ({version.status.toLowerCase()})
                  </option>
                ))}
              </SelectField>
              <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
                <input type="checkbox" name="includeIdeal" className={checkboxClasses} />
                Also grade the ideal (reference) responses
              </label>
            </>
          ) : null}
          {kind === 'PROBE' ? <ProbeParameters errors={errors} checkboxClasses={checkboxClasses} /> : null}
          {kind === 'PROXY' ? (
            <>
              <SelectField
                label="Rubric"
                name="metaRubricVersionId"
                defaultValue={defaults.metaRubricVersionId ?? ''}
                errors={errors.metaRubricVersionId}
                hint="The criteria the judge sees as its only evidence: every criterion of the query not rejected, or only those generated under one version."
              >
                <option value="">Every criterion not rejected</option>
                {options.metaRubricVersions.map((version) => (
                  <option key={version.id} value={version.id}>
                    Generated under {version.label} ({version.status.toLowerCase()})
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Clear grade difference"
                name="minGradeDifference"
                type="number"
                step="any"
                min={0}
                defaultValue={String(DEFAULT_MIN_GRADE_DIFFERENCE)}
                errors={errors.minGradeDifference}
                hint="The app’s assumption: two responses whose clinician-graded scores differ by at least this much form a verified pair (reviewer-verified pairs need no threshold)."
              />
              <p className="text-sm text-slate-600 sm:col-span-2">
                Every verified pair of the scoped queries is judged in both orders; a pair whose orders disagree scores ½.
              </p>
            </>
          ) : null}
          {kind === 'PAIRWISE' ? (
            <p className="text-sm text-slate-600 sm:col-span-2">
              The first two responses of each query are compared in both orders (A then B, B then A) to measure position bias.
            </p>
          ) : null}
        </div>
      </Card>

      <Card title="Estimate">
        <div aria-live="polite">
          {estimate ? (
            <>
              {estimate.stale ? <p className="mb-2 text-xs text-amber-800">The form changed since this estimate: estimate again.</p> : null}
              <EstimateView estimate={estimate.data} stale={estimate.stale} />
              {kind === 'PROBE' ? <ProbePreviewView preview={estimate.data.probePreview} /> : null}
            </>
          ) : (
            <p className="text-sm text-slate-500">Estimate the run to see its calls, tokens and cost before starting it.</p>
          )}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={runEstimate} disabled={estimating || starting}>
            {estimating ? 'Estimating…' : estimate ? 'Estimate again' : 'Estimate'}
          </Button>
          <Button type="submit" disabled={starting || started || options.endpoints.length === 0}>
            {starting || started ? 'Starting…' : 'Start run'}
          </Button>
        </div>
      </Card>
    </form>
  );
}

function EndpointLabel({ endpoint }: { endpoint: LauncherOptions['endpoints'][number] }) {
  return (
    <span className="min-w-0">
      <span className="block font-medium text-slate-900">{endpoint.name}</span>
      <span className="block truncate font-mono text-xs text-slate-500">{endpoint.model}</span>
      {endpoint.apiKeyPresent ? null : (
        <span className="mt-1 block">
          <Badge tone="red">API key not set</Badge>
        </span>
      )}
      <span className="mt-1 block">
        {endpoint.outputMode ? (
          <Badge tone="violet">{OUTPUT_MODE_LABELS[endpoint.outputMode].label}</Badge>
        ) : (
          <Badge tone="amber">No output mode yet: Test connection</Badge>
        )}
      </span>
    </span>
  );
}

function EstimateView({ estimate, stale }: { estimate: RunEstimate; stale: boolean }) {
  const facts: [string, string, string][] = [
    ['Calls', count(estimate.tasks), 'estimate-calls'],
    ['Queries', count(estimate.queries), 'estimate-queries'],
    ['Prompt tokens', `≈ ${count(estimate.promptTokens)}`, 'estimate-prompt-tokens'],
    ['Completion tokens', `≈ ${count(estimate.completionTokens)}`, 'estimate-completion-tokens'],
    ['Cost', `≈ ${formatUsd(estimate.costUsd)}`, 'estimate-cost'],
  ];
  return (
    <div className={stale ? 'opacity-60' : undefined}>
      {estimate.tasks === 0 ? <Notice tone="warning">Nothing to do: the scope has no work for this task.</Notice> : null}
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {facts.map(([label, value, testId]) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-100">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="relative mt-3 overflow-x-auto">
        <SimpleTable
          label="Estimate per endpoint"
          head={
            <>
              <Th>Endpoint</Th>
              <Th align="right">Calls</Th>
              <Th align="right">Cost</Th>
            </>
          }
        >
          {estimate.byEndpoint.map((row) => (
            <tr key={row.endpointId}>
              <Td>{row.name}</Td>
              <Td align="right">{count(row.calls)}</Td>
              <Td align="right">≈ {formatUsd(row.costUsd)}</Td>
            </tr>
          ))}
        </SimpleTable>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Tokens are estimated from the text sizes; answers already stored for the same request are reused at no cost.
      </p>
    </div>
  );
}
