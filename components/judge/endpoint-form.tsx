'use client';
// Add or edit a judge endpoint (endpointSchema). The API key field, and the values of extra headers and query
// parameters, take the NAME of an environment variable on the server, never a value; the hint says which names
// the operator allows. Submits with onSubmit (not a form action) so a rejected save keeps what was typed, and
// sends `active` as a boolean: an unticked box is absent from FormData, which would read as "default". A new
// endpoint opens its own page after saving, where Test connection detects its structured-output mode.
import { useRouter } from 'next/navigation';
import { type FormEvent, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { OUTPUT_MODE_LABELS } from '@/components/judge/labels';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/page-header';
import { saveEndpointAction } from '@/lib/judge/actions';
import type { EndpointFormInput, EndpointView } from '@/lib/judge/endpoints';
import type { JudgeEnvRule } from '@/lib/judge/judge-env-names';
import { OUTPUT_MODES } from '@/lib/judge/wire-request';

const NUMBER_FIELDS = [
  ['temperature', 'Temperature', '0 to 2; 0 for grading.', '0.1'],
  ['maxConcurrency', 'Max concurrency', 'Calls in flight at once.', '1'],
  ['requestsPerMinute', 'Requests per minute (optional)', 'Calls started in any 60 s; empty for no limit.', '1'],
  ['timeoutSeconds', 'Timeout (seconds)', 'Per attempt.', '1'],
  ['pricePromptPerMillion', 'Price per million prompt tokens (USD)', 'For cost estimates and totals.', '0.01'],
  ['priceCompletionPerMillion', 'Price per million completion tokens (USD)', undefined, '0.01'],
  ['maxTokens', 'Max tokens (optional)', 'Sent on every call; empty: the server’s default. Reasoning models need room to think.', '1'],
  [
    'retryMaxTokens',
    'Max tokens on retry (optional)',
    'An answer cut off at the limit is asked once more with this limit; empty: no retry (the call fails as truncated).',
    '1',
  ],
] as const;

/** Lists of name and variable, one per line: the values are read from the server's environment, as for the key. */
const ENV_LIST_FIELDS = [
  [
    'extraHeaders',
    'Extra headers (optional)',
    ': ',
    'api-key: AZURE_OPENAI_API_KEY',
    'One per line: Header-Name: VARIABLE_NAME. The value is read from that environment variable, as for the key.',
  ],
  [
    'extraQuery',
    'Extra query parameters (optional)',
    '=',
    'api-version=AZURE_OPENAI_API_VERSION',
    'One per line: name=VARIABLE_NAME (e.g. Azure’s api-version). The variable must be allowed too: widen JUDGE_KEY_ENV_PATTERN for a value that is not a key, such as a version.',
  ],
] as const;

const envLines = (list: { name: string; env: string }[] | undefined, separator: string) =>
  (list ?? []).map((item) => `${item.name}${separator}${item.env}`).join('\n');

function read(data: FormData, key: string): string | undefined {
  const value = data.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function EndpointForm({ endpoint, envRule }: { endpoint?: EndpointView | undefined; envRule: JudgeEnvRule }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      ...(endpoint ? { id: endpoint.id } : {}),
      name: read(data, 'name') ?? '',
      baseUrl: read(data, 'baseUrl') ?? '',
      model: read(data, 'model') ?? '',
      apiKeyEnv: read(data, 'apiKeyEnv'),
      ...Object.fromEntries(NUMBER_FIELDS.map(([key]) => [key, read(data, key)])),
      active: data.get('active') === 'on',
      outputMode: read(data, 'outputMode') as EndpointFormInput['outputMode'],
      maxTokensParam: read(data, 'maxTokensParam') as EndpointFormInput['maxTokensParam'],
      extraHeaders: read(data, 'extraHeaders') ?? '',
      extraQuery: read(data, 'extraQuery') ?? '',
    };
    setMessage(null);
    startTransition(async () => {
      const result = await saveEndpointAction(input);
      if (result.ok) {
        setErrors({});
        setMessage({ tone: 'success', text: result.message ?? 'Saved.' });
        router.push(endpoint ? '/judge' : `/judge/endpoints/${result.data.id}?created=1`);
        router.refresh();
        return;
      }
      setErrors(result.fieldErrors ?? {});
      setMessage({ tone: 'error', text: result.error });
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={endpoint ? `Edit endpoint ${endpoint.name}` : 'New endpoint'} className="space-y-4">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" defaultValue={endpoint?.name} errors={errors.name} required autoComplete="off" />
        <TextField
          label="Model"
          name="model"
          defaultValue={endpoint?.model}
          errors={errors.model}
          required
          autoComplete="off"
          hint="As the endpoint names it, e.g. gpt-4.1."
        />
        <TextField
          label="Base URL"
          name="baseUrl"
          type="url"
          className="sm:col-span-2"
          defaultValue={endpoint?.baseUrl}
          errors={errors.baseUrl}
          required
          autoComplete="off"
          hint="An OpenAI-compatible API root, e.g. https://api.openai.com/v1."
        />
        <TextField
          label="API key variable (optional)"
          name="apiKeyEnv"
          className="sm:col-span-2"
          defaultValue={endpoint?.apiKeyEnv ?? undefined}
          errors={errors.apiKeyEnv}
          autoComplete="off"
          spellCheck={false}
          hint={
            <>
              {endpoint?.apiKeyEnv
                ? `The name of an environment variable on the server, never the key itself. ${endpoint.apiKeyEnv} is ${endpoint.apiKeyPresent ? 'set' : 'not set'} there. `
                : 'The name of an environment variable on the server (e.g. OPENAI_API_KEY), never the key itself. Empty for endpoints without a key. '}
              <AllowedNames rule={envRule} />
            </>
          }
        />
        <SelectField
          label="Structured output"
          name="outputMode"
          className="sm:col-span-2"
          defaultValue={endpoint ? (endpoint.outputMode ?? 'AUTO') : 'AUTO'}
          errors={errors.outputMode}
          hint="How calls ask for JSON. Automatic uses what Test connection found (one short probe per mode, strict JSON schema first); runs need a mode before they start."
        >
          <option value="AUTO">Automatic (detected by Test connection)</option>
          {OUTPUT_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {OUTPUT_MODE_LABELS[mode].label}: {OUTPUT_MODE_LABELS[mode].hint}
            </option>
          ))}
        </SelectField>
        {NUMBER_FIELDS.map(([key, label, hint, step]) => {
          const value = endpoint?.[key];
          return (
            <TextField
              key={key}
              label={label}
              name={key}
              type="number"
              min={0}
              step={step}
              inputMode="decimal"
              defaultValue={value === null || value === undefined ? (endpoint ? undefined : defaults[key]) : String(value)}
              errors={errors[key]}
              hint={hint}
            />
          );
        })}
        <SelectField
          label="Token limit field"
          name="maxTokensParam"
          defaultValue={endpoint?.maxTokensParam ?? 'max_tokens'}
          errors={errors.maxTokensParam}
          hint="OpenAI’s reasoning models (o-series, GPT-5) refuse max_tokens."
        >
          <option value="max_tokens">max_tokens (vLLM, Ollama, most servers)</option>
          <option value="max_completion_tokens">max_completion_tokens (OpenAI, Azure OpenAI)</option>
        </SelectField>
        {ENV_LIST_FIELDS.map(([key, label, separator, placeholder, hint]) => (
          <TextAreaField
            key={key}
            label={label}
            name={key}
            rows={2}
            defaultValue={envLines(endpoint?.[key], separator)}
            errors={errors[key]}
            spellCheck={false}
            placeholder={placeholder}
            hint={hint}
          />
        ))}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="active"
          defaultChecked={endpoint?.active ?? true}
          className="h-4 w-4 rounded border-slate-300 accent-brand-600"
        />
        Active (offered for new runs)
      </label>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : endpoint ? 'Save endpoint' : 'Add endpoint'}
      </Button>
    </form>
  );
}

/** What a new endpoint starts with (endpointSchema's defaults). */
const defaults: Record<(typeof NUMBER_FIELDS)[number][0], string | undefined> = {
  temperature: '0',
  maxConcurrency: '4',
  requestsPerMinute: undefined,
  timeoutSeconds: '60',
  pricePromptPerMillion: '0',
  priceCompletionPerMillion: '0',
  maxTokens: undefined,
  retryMaxTokens: undefined,
};

/** The operator's rule in words, so an admin knows which names will be accepted before saving. */
function AllowedNames({ rule }: { rule: JudgeEnvRule }) {
  return (
    <span data-testid="allowed-env-names">
      Allowed: names matching <code className="font-mono">{rule.pattern}</code> (the server’s JUDGE_KEY_ENV_PATTERN), never the app’s own
      settings ({rule.denied.join(', ')}).
    </span>
  );
}
