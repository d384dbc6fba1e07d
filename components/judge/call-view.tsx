// One judge call, whole: the messages sent (the rendered prompt, with the schema instruction when the mode
// puts it there), the raw output, the model's reasoning (split off before parsing), the parsed result, and
// how it went (status, error class, mode, attempts, tokens, latency, cost). Admins only: the judge pages are.
import { scrollableProps } from '@/components/ui/scroll-region';
import Link from 'next/link';
import { formatDate } from '@/components/ui/format';
import { ERROR_CLASS_LABELS, OUTPUT_MODE_LABELS, STATUS_LABELS, UNKNOWN, count, formatMs, formatUsd } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { Facts } from '@/components/ui/facts';
import { Card, Notice } from '@/components/ui/page-header';
import type { getCall } from '@/lib/judge/run-view';

type Call = NonNullable<Awaited<ReturnType<typeof getCall>>>;

interface SentRequest {
  messages: { role: string; content: string }[];
  schemaName: string | null;
  jsonSchema: unknown;
}

function readRequest(request: unknown): SentRequest {
  const value = (request ?? {}) as Record<string, unknown>;
  const messages = Array.isArray(value.messages)
    ? value.messages.flatMap((message: unknown) => {
        const item = message as { role?: unknown; content?: unknown } | null;
        return typeof item?.role === 'string' && typeof item.content === 'string' ? [{ role: item.role, content: item.content }] : [];
      })
    : [];
  return { messages, schemaName: typeof value.schemaName === 'string' ? value.schemaName : null, jsonSchema: value.jsonSchema ?? null };
}

const preClasses =
  'max-h-[32rem] overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-slate-800 ring-1 ring-slate-100';

export function CallView({ call }: { call: Call }) {
  const status = STATUS_LABELS[call.status];
  const errorClass = call.errorClass ? ERROR_CLASS_LABELS[call.errorClass] : null;
  const request = readRequest(call.request);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Call #{call.id}</h1>
        <Badge tone={status.tone}>
          <span data-testid="call-status">{status.label}</span>
        </Badge>
        {errorClass ? <Badge tone="red">{errorClass.label}</Badge> : null}
      </div>
      {call.error ? <Notice tone="error">{call.error}</Notice> : null}

      <Card title="Call">
        <Facts
          items={[
            ['Endpoint', call.endpoint?.name ?? 'deleted endpoint'],
            [
              'Model',
              <span key="model" className="font-mono">
                {call.model}
              </span>,
            ],
            [
              'Prompt template',
              <Link
                key="template"
                href={`/judge/prompts#${call.promptTemplate}.${call.promptVersion}`}
                className="font-mono text-brand-700 hover:underline"
              >
                {call.promptTemplate} {call.promptVersion}
              </Link>,
            ],
            [
              'Structured output',
              <span key="mode" data-testid="call-output-mode" title={OUTPUT_MODE_LABELS[call.outputMode].hint}>
                {OUTPUT_MODE_LABELS[call.outputMode].label}
              </span>,
            ],
            ['Server model', call.serverModel ?? '—'],
            ['Finish reason', call.finishReason ?? '—'],
            ['Error class', errorClass ? `${errorClass.label} (${errorClass.hint})` : '—'],
            ['Attempts', count(call.attempts)],
            [
              'Tokens',
              <span key="tokens" data-testid="call-tokens">
                {call.promptTokens === null || call.completionTokens === null
                  ? `${UNKNOWN}: the server reported no usage`
                  : `${count(call.promptTokens)} prompt, ${count(call.completionTokens)} completion`}
              </span>,
            ],
            ['Latency', formatMs(call.status === 'SUCCEEDED' ? call.latencyMs : null)],
            ['Cost', call.costUsd === null ? UNKNOWN : formatUsd(call.costUsd)],
            ['Created', formatDate(call.createdAt, true)],
          ]}
        />
      </Card>

      <Card title={`Prompt (${request.messages.length} ${request.messages.length === 1 ? 'message' : 'messages'})`}>
        <ol className="space-y-3">
          {request.messages.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are an ordered list that may repeat
            <li key={index}>
              <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{message.role}</p>
              <pre className={preClasses} {...scrollableProps(`Message from ${message.role}`)} data-testid={`call-message-${message.role}`}>
                {message.content}
              </pre>
            </li>
          ))}
        </ol>
        {request.schemaName ? (
          <details className="mt-3">
            <summary className="cursor-pointer text-xs text-slate-600">
              Output schema <span className="font-mono">{request.schemaName}</span>
            </summary>
            <pre className={`mt-1 ${preClasses}`} {...scrollableProps('Output schema')}>
              {JSON.stringify(request.jsonSchema, null, 2)}
            </pre>
          </details>
        ) : null}
      </Card>

      <Card title={call.reasoning === null ? 'Raw output' : 'Raw output (its reasoning is shown apart, below)'}>
        {call.rawOutput === null ? (
          <p className="text-sm text-slate-500">No output{call.status === 'RUNNING' ? ' yet' : ''}.</p>
        ) : (
          <pre className={preClasses} {...scrollableProps('Raw output')} data-testid="call-raw-output">
            {call.rawOutput}
          </pre>
        )}
      </Card>

      {call.reasoning !== null ? (
        <Card title="Reasoning">
          <p className="mb-2 text-xs text-slate-500">
            What the model wrote before its answer (a &lt;think&gt; block or reasoning_content). Split off before parsing; shown to admins
            only.
          </p>
          <pre className={preClasses} {...scrollableProps('Reasoning')} data-testid="call-reasoning">
            {call.reasoning}
          </pre>
        </Card>
      ) : null}

      <Card title="Parsed result">
        {call.parsed === null ? (
          <p className="text-sm text-slate-500">
            Nothing parsed{call.errorClass === 'INVALID_OUTPUT' ? ': the output was not valid' : ''}.
          </p>
        ) : (
          <pre className={preClasses} {...scrollableProps('Parsed result')} data-testid="call-parsed">
            {JSON.stringify(call.parsed, null, 2)}
          </pre>
        )}
      </Card>
    </div>
  );
}
