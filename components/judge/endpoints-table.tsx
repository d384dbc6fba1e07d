// The judge endpoints an admin has configured. The API key shows as the NAME of its environment variable and
// whether the server has it set; its value never leaves the server. The structured-output mode runs would
// use, and what the last Test connection found, are shown beside it.
import Link from 'next/link';
import { ConnectionTestSummary } from '@/components/judge/connection-test-view';
import { OUTPUT_MODE_LABELS, count, formatUsd } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { EndpointView } from '@/lib/judge/endpoints';

export function EndpointsTable({ endpoints }: { endpoints: EndpointView[] }) {
  if (endpoints.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-slate-500">No endpoint yet: add one to start a run.</p>;
  }
  return (
    <div className="relative overflow-x-auto">
      <SimpleTable
        label="Judge endpoints"
        head={
          <>
            <Th>Name</Th>
            <Th>Model and base URL</Th>
            <Th>API key</Th>
            <Th>Structured output · last test</Th>
            <Th align="right" title="Temperature · calls in flight · requests per minute">
              Temp. · conc. · req./min
            </Th>
            <Th align="right">$ / M tokens</Th>
            <Th>State</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </>
        }
      >
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id} data-testid={`endpoint-${endpoint.name}`}>
            <Td className="font-medium text-slate-900">{endpoint.name}</Td>
            <Td className="max-w-72">
              <span className="block truncate font-mono text-xs text-slate-900" title={endpoint.model}>
                {endpoint.model}
              </span>
              <span className="block truncate font-mono text-xs text-slate-500" title={endpoint.baseUrl}>
                {endpoint.baseUrl}
              </span>
            </Td>
            <Td className="max-w-56">
              {endpoint.apiKeyEnv ? (
                <>
                  <span className="block truncate font-mono text-xs" title={endpoint.apiKeyEnv}>
                    {endpoint.apiKeyEnv}
                  </span>
                  {endpoint.apiKeyPresent ? <Badge tone="green">Set</Badge> : <Badge tone="red">Not set</Badge>}
                </>
              ) : (
                <span className="text-xs text-slate-500">No key</span>
              )}
              {endpoint.forbiddenVariables.length > 0 ? (
                <span className="ml-1" title={`Not allowed: ${endpoint.forbiddenVariables.join(', ')}. Its calls fail.`}>
                  <Badge tone="red">Variable not allowed</Badge>
                </span>
              ) : null}
            </Td>
            <Td className="min-w-56">
              <span className="block text-xs whitespace-nowrap" data-testid={`endpoint-mode-${endpoint.name}`}>
                {endpoint.effectiveOutputMode ? (
                  <>
                    {OUTPUT_MODE_LABELS[endpoint.effectiveOutputMode].label}{' '}
                    <span className="text-slate-500">({endpoint.outputMode ? 'chosen' : 'detected'})</span>
                  </>
                ) : (
                  <Badge tone="amber">Test connection first</Badge>
                )}
              </span>
              <span className="mt-0.5 block">
                <ConnectionTestSummary test={endpoint.connectionTest} />
              </span>
            </Td>
            <Td align="right" className="whitespace-nowrap tabular-nums">
              {endpoint.temperature} · {count(endpoint.maxConcurrency)} ·{' '}
              {endpoint.requestsPerMinute === null ? '—' : count(endpoint.requestsPerMinute)}
            </Td>
            <Td align="right" className="whitespace-nowrap" title="Prompt · completion, per million tokens">
              {formatUsd(endpoint.pricePromptPerMillion)} · {formatUsd(endpoint.priceCompletionPerMillion)}
            </Td>
            <Td>{endpoint.active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</Td>
            <Td>
              <Link href={`/judge/endpoints/${endpoint.id}`} className="text-sm font-medium text-brand-700 hover:underline">
                Edit<span className="sr-only"> {endpoint.name}</span>
              </Link>{' '}
              <Link href={`/judge/endpoints/${endpoint.id}/diagnostics`} className="text-sm font-medium text-brand-700 hover:underline">
                Diagnostics<span className="sr-only"> of {endpoint.name}</span>
              </Link>
            </Td>
          </tr>
        ))}
      </SimpleTable>
    </div>
  );
}
