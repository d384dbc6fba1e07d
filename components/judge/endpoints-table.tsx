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
            <Th>Base URL</Th>
            <Th>Model</Th>
            <Th>API key</Th>
            <Th>Structured output</Th>
            <Th>Last test</Th>
            <Th align="right">Temp.</Th>
            <Th align="right">Concurrency</Th>
            <Th align="right">Req./min</Th>
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
            <Td className="max-w-64 truncate font-mono text-xs" title={endpoint.baseUrl}>
              {endpoint.baseUrl}
            </Td>
            <Td className="font-mono text-xs whitespace-nowrap">{endpoint.model}</Td>
            <Td className="whitespace-nowrap">
              {endpoint.apiKeyEnv ? (
                <>
                  <span className="font-mono text-xs">{endpoint.apiKeyEnv}</span>{' '}
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
            <Td className="whitespace-nowrap text-xs" data-testid={`endpoint-mode-${endpoint.name}`}>
              {endpoint.effectiveOutputMode ? (
                <>
                  {OUTPUT_MODE_LABELS[endpoint.effectiveOutputMode].label}{' '}
                  <span className="text-slate-500">({endpoint.outputMode ? 'chosen' : 'detected'})</span>
                </>
              ) : (
                <Badge tone="amber">Test connection first</Badge>
              )}
            </Td>
            <Td>
              <ConnectionTestSummary test={endpoint.connectionTest} />
            </Td>
            <Td align="right">{endpoint.temperature}</Td>
            <Td align="right">{count(endpoint.maxConcurrency)}</Td>
            <Td align="right">{endpoint.requestsPerMinute === null ? '—' : count(endpoint.requestsPerMinute)}</Td>
            <Td align="right" className="whitespace-nowrap" title="Prompt · completion, per million tokens">
              {formatUsd(endpoint.pricePromptPerMillion)} · {formatUsd(endpoint.priceCompletionPerMillion)}
            </Td>
            <Td>{endpoint.active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</Td>
            <Td>
              <Link href={`/judge/endpoints/${endpoint.id}`} className="text-sm font-medium text-brand-700 hover:underline">
                Edit<span className="sr-only"> {endpoint.name}</span>
              </Link>
            </Td>
          </tr>
        ))}
      </SimpleTable>
    </div>
  );
}
