// A run's tasks, filtered by state and paged through the URL (?status=FAILED&page=2), each linking to the call
// that answered it: the prompt sent, the raw output and the parsed result.
import Link from 'next/link';
import { ERROR_CLASS_LABELS, JOB_STATUSES, STATUS_LABELS, UNKNOWN, count, formatMs } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { JobStatus, JudgeErrorClass } from '@/lib/generated/prisma/enums';
import type { RunTaskRow } from '@/lib/judge/run-view';

function tasksHref(runId: number, status: JobStatus | undefined, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/judge/runs/${runId}${query ? `?${query}` : ''}#tasks`;
}

export function RunTasks({
  runId,
  tasks,
  filter,
  byState,
}: {
  runId: number;
  tasks: { rows: RunTaskRow[]; total: number };
  filter: { status: JobStatus | undefined; page: number; pageSize: number };
  byState: Record<string, number>;
}) {
  const pages = Math.max(1, Math.ceil(tasks.total / filter.pageSize));
  const all = Object.values(byState).reduce((sum, n) => sum + n, 0);
  const chips: [JobStatus | undefined, string, number][] = [
    [undefined, 'All', all],
    ...JOB_STATUSES.map((state): [JobStatus, string, number] => [state, STATUS_LABELS[state].label, byState[state] ?? 0]),
  ];
  return (
    <section id="tasks" aria-labelledby="tasks-heading">
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="tasks-heading" className="text-sm font-semibold text-slate-900">
            Calls
          </h2>
          <nav aria-label="Filter calls by state" className="flex flex-wrap gap-1">
            {chips.map(([state, label, n]) => {
              const current = state === filter.status;
              return (
                <Link
                  key={label}
                  href={tasksHref(runId, state)}
                  aria-current={current ? 'page' : undefined}
                  className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${
                    current ? 'bg-brand-50 text-brand-700 ring-brand-500' : 'text-slate-700 ring-slate-200 hover:bg-slate-50'
                  }`}
                >
                  {label} <span className="tabular-nums text-slate-500">{count(n)}</span>
                </Link>
              );
            })}
          </nav>
        </div>
        {tasks.rows.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">No call in this state.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <SimpleTable
              label="Calls of this run"
              head={
                <>
                  <Th>Task</Th>
                  <Th>Work</Th>
                  <Th>State</Th>
                  <Th>Error</Th>
                  <Th align="right">Attempts</Th>
                  <Th align="right">Latency</Th>
                  <Th align="right">Tokens</Th>
                  <Th>Call</Th>
                </>
              }
            >
              {tasks.rows.map((task) => {
                const status = STATUS_LABELS[task.status as JobStatus];
                const errorClass = task.errorClass ? ERROR_CLASS_LABELS[task.errorClass as JudgeErrorClass] : null;
                const answered = task.status === 'SUCCEEDED';
                return (
                  <tr key={task.id}>
                    <Td className="tabular-nums">{task.id}</Td>
                    <Td className="font-mono text-xs">{task.key}</Td>
                    <Td className="whitespace-nowrap">
                      <Badge tone={status?.tone ?? 'slate'}>{status?.label ?? task.status}</Badge>
                      {task.cached ? (
                        <span className="ml-1">
                          <Badge tone="violet">Cached</Badge>
                        </span>
                      ) : null}
                    </Td>
                    <Td className="max-w-sm">
                      {errorClass ? <span className="font-medium text-red-700">{errorClass.label}</span> : null}
                      {task.error ? (
                        <span className="block truncate text-xs text-slate-500" title={task.error}>
                          {task.error}
                        </span>
                      ) : null}
                    </Td>
                    <Td align="right">{task.attempts}</Td>
                    {/* Latency and tokens are recorded for answered calls only. */}
                    <Td align="right">{formatMs(answered ? task.latencyMs : null)}</Td>
                    <Td align="right" className="whitespace-nowrap">
                      {!answered
                        ? '—'
                        : task.usageUnknown
                          ? UNKNOWN
                          : `${count(task.promptTokens ?? 0)} / ${count(task.completionTokens ?? 0)}`}
                    </Td>
                    <Td>
                      {task.callId ? (
                        <Link
                          href={`/judge/calls/${task.callId}?run=${runId}`}
                          className="whitespace-nowrap text-brand-700 hover:underline"
                        >
                          Call #{task.callId}
                        </Link>
                      ) : (
                        <span className="text-xs text-slate-500">none</span>
                      )}
                    </Td>
                  </tr>
                );
              })}
            </SimpleTable>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages of calls" className="mt-3 flex items-center justify-between gap-2 text-sm">
            {filter.page > 1 ? (
              <Link href={tasksHref(runId, filter.status, filter.page - 1)} className={buttonClasses('secondary', 'sm')}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-xs tabular-nums text-slate-600">
              Page {filter.page} of {pages} ({count(tasks.total)} calls)
            </span>
            {filter.page < pages ? (
              <Link href={tasksHref(runId, filter.status, filter.page + 1)} className={buttonClasses('secondary', 'sm')}>
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </Card>
    </section>
  );
}
