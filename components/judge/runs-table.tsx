// The latest judge runs with their progress; each links to its run page.
import Link from 'next/link';
import { formatDate } from '@/components/ui/format';
import { RUN_KIND_LABELS, STATUS_LABELS, count, formatUsd, runTotal } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { listRuns } from '@/lib/judge/run-view';

type RunRow = Awaited<ReturnType<typeof listRuns>>[number];

export function runTone(run: { status: string; failedTasks: number }): 'brand' | 'green' | 'amber' | 'red' {
  if (run.status === 'FAILED') return 'red';
  if (run.failedTasks > 0 || run.status === 'CANCELLED') return 'amber';
  return run.status === 'SUCCEEDED' ? 'green' : 'brand';
}

export function RunsTable({ runs }: { runs: RunRow[] }) {
  if (runs.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-slate-500">No run yet.</p>;
  }
  return (
    <div className="relative overflow-x-auto">
      <SimpleTable
        label="Judge runs"
        head={
          <>
            <Th>Run</Th>
            <Th>Task</Th>
            <Th>Status</Th>
            <Th className="w-48">Progress</Th>
            <Th align="right">Done</Th>
            <Th align="right">Failed</Th>
            <Th align="right">Cached</Th>
            <Th align="right">Cost</Th>
            <Th>Endpoints</Th>
            <Th>Created</Th>
          </>
        }
      >
        {runs.map((run) => {
          const status = STATUS_LABELS[run.status];
          return (
            <tr key={run.id}>
              <Td>
                <Link href={`/judge/runs/${run.id}`} className="font-medium text-brand-700 hover:underline">
                  #{run.id}
                </Link>
              </Td>
              <Td className="whitespace-nowrap">{RUN_KIND_LABELS[run.kind].label}</Td>
              <Td>
                <Badge tone={status.tone}>{status.label}</Badge>
              </Td>
              <Td>
                <ProgressBar
                  label={`Run ${run.id}: calls finished`}
                  value={run.succeededTasks + run.failedTasks}
                  max={Math.max(run.totalTasks, 1)}
                  tone={runTone(run)}
                  showText={false}
                />
              </Td>
              <Td align="right">
                {count(run.succeededTasks)} / {count(run.totalTasks)}
              </Td>
              <Td align="right">{count(run.failedTasks)}</Td>
              <Td align="right">{count(run.cachedTasks)}</Td>
              <Td align="right" title={runTotal(formatUsd(run.costUsd), run.unknownUsageCalls).hint}>
                {runTotal(formatUsd(run.costUsd), run.unknownUsageCalls).value}
              </Td>
              <Td className="max-w-48 truncate text-xs">{run.endpoints.map(({ endpoint }) => endpoint.name).join(', ')}</Td>
              <Td className="whitespace-nowrap text-xs text-slate-600">
                <time dateTime={run.createdAt.toISOString()}>{formatDate(run.createdAt, true)}</time>
              </Td>
            </tr>
          );
        })}
      </SimpleTable>
    </div>
  );
}
