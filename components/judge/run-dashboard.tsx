// One judge run for admins: status and live progress, counts by state and by error class, throughput,
// latency, tokens and cost, what it was asked (endpoints, template, parameters, scope), its results, and its
// tasks page by page with a link to each call.
import Link from 'next/link';
import { formatDate } from '@/components/ui/format';
import { CancelRunButton } from '@/components/judge/cancel-run-button';
import { CountBars } from '@/components/judge/count-bars';
import {
  ERROR_CLASS_LABELS,
  JOB_STATUSES,
  RUN_KIND_LABELS,
  STATUS_LABELS,
  count,
  formatMs,
  formatRate,
  formatUsd,
  isActive,
  OUTPUT_MODE_LABELS,
  runTotal,
} from '@/components/judge/labels';
import { LiveJob } from '@/components/ui/live-job';
import { RunResultsView } from '@/components/judge/run-results';
import { RunTasks } from '@/components/judge/run-tasks';
import { runTone } from '@/components/judge/runs-table';
import { Badge } from '@/components/ui/badge';
import { Facts } from '@/components/ui/facts';
import { Card, Notice } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { JobStatus, JudgeErrorClass } from '@/lib/generated/prisma/enums';
import type { RunResults } from '@/lib/judge/run-results';
import { describeScoringProfile, parseScoringProfile } from '@/lib/meta-rubrics/scoring-profile';
import type { RunSummary, RunTaskRow } from '@/lib/judge/run-view';

const STATE_COLORS = { QUEUED: 'slate', RUNNING: 'brand', SUCCEEDED: 'green', FAILED: 'red', CANCELLED: 'amber' } as const;

const SETTING_LABELS: Record<string, string> = {
  minVotes: 'Minimum votes',
  tierWeights: 'Tier weights (the app’s assumption)',
  includeIdeal: 'Ideal responses',
  datasetId: 'Dataset',
  queryIds: 'Query ids',
  queryExternalIds: 'Queries',
  category: 'Category',
  maxQueries: 'Max queries',
};

function settingValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'boolean') return value ? 'included' : 'not included';
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([name, part]) => `${name.toLowerCase()} ${String(part)}`)
      .join(', ');
  }
  return String(value);
}

/**
 * A run's params or scope as labelled lines (the meta-rubric version is shown by name elsewhere); the recorded
 * scoring profile as one line per assumption, labelled as the app's.
 */
function asLines(value: unknown, datasetName: string | null = null): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([key, item]) => item !== undefined && item !== null && key !== 'metaRubricVersionId')
    .flatMap(([key, item]): [string, string][] =>
      key === 'scoringProfile'
        ? describeScoringProfile(parseScoringProfile(item)).map(({ label, value }) => [`${label} (the app’s assumption)`, value])
        : [[SETTING_LABELS[key] ?? key, key === 'datasetId' ? (datasetName ?? 'a deleted dataset') : settingValue(item)]],
    );
}

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string | undefined; testId?: string }) {
  return (
    <div className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

export function RunDashboard({
  run,
  tasks,
  filter,
  results,
}: {
  run: RunSummary;
  tasks: { rows: RunTaskRow[]; total: number };
  filter: { status: JobStatus | undefined; page: number; pageSize: number };
  /** Null while the run is active: results are computed once it has finished. */
  results: RunResults | null;
}) {
  const status = STATUS_LABELS[run.status as JobStatus] ?? { label: run.status, tone: 'slate' as const };
  const finished = run.succeededTasks + run.failedTasks;
  const percent = run.totalTasks > 0 ? Math.floor((finished / run.totalTasks) * 100) : 0;
  const active = isActive(run.status);
  const errorBars = (Object.entries(run.byErrorClass) as [JudgeErrorClass, number][]).map(([key, n]) => ({
    key,
    label: ERROR_CLASS_LABELS[key]?.label ?? key,
    hint: ERROR_CLASS_LABELS[key]?.hint,
    count: n,
    color: 'red' as const,
  }));
  const template = `${run.promptTemplate}.${run.promptVersion}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">
              Run #{run.id}: {RUN_KIND_LABELS[run.kind].label}
            </h1>
            <Badge tone={status.tone}>
              <span data-testid="run-status">{status.label}</span>
            </Badge>
            {run.cancelRequested && active ? <Badge tone="amber">Cancelling</Badge> : null}
            <LiveJob active={active} intervalMs={1500} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{RUN_KIND_LABELS[run.kind].description}</p>
        </div>
        {active && !run.cancelRequested ? <CancelRunButton runId={run.id} /> : null}
      </div>

      {run.error ? <Notice tone={run.status === 'FAILED' ? 'error' : 'warning'}>{run.error}</Notice> : null}

      <Card>
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">Progress</h2>
          <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="run-percent">
            {percent}%
          </span>
        </div>
        <ProgressBar
          label="Run progress: calls finished"
          value={finished}
          max={Math.max(run.totalTasks, 1)}
          tone={runTone(run)}
          showText={false}
        />
        <p className="mt-1.5 text-xs tabular-nums text-slate-600" data-testid="run-progress-text">
          {count(finished)} of {count(run.totalTasks)} calls finished: {count(run.succeededTasks)} succeeded ({count(run.cachedTasks)} from
          the cache), {count(run.failedTasks)} failed
        </p>
      </Card>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Stat label="Throughput" value={formatRate(run.throughput)} hint="finished calls per second" testId="run-throughput" />
        <Stat label="Latency p50" value={formatMs(run.latency.p50)} hint="answered calls" />
        <Stat label="Latency p95" value={formatMs(run.latency.p95)} hint="answered calls" />
        <Stat label="Prompt tokens" {...runTotal(count(run.promptTokens), run.unknownUsageCalls)} testId="run-prompt-tokens" />
        <Stat label="Completion tokens" {...runTotal(count(run.completionTokens), run.unknownUsageCalls)} />
        <Stat
          label="Cost"
          value={runTotal(formatUsd(run.costUsd), run.unknownUsageCalls).value}
          hint={runTotal(formatUsd(run.costUsd), run.unknownUsageCalls).hint ?? 'cached answers cost nothing'}
          testId="run-cost"
        />
      </dl>

      <div className="grid gap-3 lg:grid-cols-2">
        <Card title="Calls by state">
          <CountBars
            label="Calls by state"
            testIdPrefix="state"
            bars={JOB_STATUSES.map((state) => ({
              key: state,
              label: STATUS_LABELS[state].label,
              count: run.byState[state] ?? 0,
              color: STATE_COLORS[state],
            }))}
          />
        </Card>
        <Card title="Failures by error class">
          {errorBars.length ? (
            <CountBars label="Failures by error class" testIdPrefix="error-class" bars={errorBars} />
          ) : (
            <p className="text-sm text-slate-500">No call has failed.</p>
          )}
        </Card>
      </div>

      <Card title="Settings">
        <Facts
          items={[
            [
              'Endpoints',
              run.endpoints.map((endpoint) => (
                <span key={endpoint.id} className="mr-3 inline-block">
                  {endpoint.name} <span className="font-mono text-xs text-slate-500">{endpoint.model}</span>{' '}
                  <span title={OUTPUT_MODE_LABELS[endpoint.outputMode].hint}>
                    <Badge tone="violet">
                      <span data-testid={`run-endpoint-mode-${endpoint.id}`}>{OUTPUT_MODE_LABELS[endpoint.outputMode].label}</span>
                    </Badge>
                  </span>
                </span>
              )),
            ],
            [
              'Prompt template',
              <Link key="template" href={`/judge/prompts#${template}`} className="font-mono text-brand-700 hover:underline">
                {run.promptTemplate} {run.promptVersion}
              </Link>,
            ],
            ['Meta-rubric', run.metaRubricVersion ?? '—'],
            ...asLines(run.params),
            ...asLines(run.scope, run.datasetName),
            ['Created', formatDate(run.createdAt, true)],
            ['Started', run.startedAt ? formatDate(run.startedAt, true) : '—'],
            ['Finished', run.finishedAt ? formatDate(run.finishedAt, true) : '—'],
          ]}
        />
      </Card>

      {results ? (
        <RunResultsView results={results} runId={run.id} datasetId={(run.scope as { datasetId?: number } | null)?.datasetId} />
      ) : (
        <Card title="Results">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The results{run.kind === 'GRADE' ? ' and the scores per model' : ''} appear when the run has finished:{' '}
            {finished.toLocaleString('en')} of {run.totalTasks.toLocaleString('en')} calls done so far.
          </p>
        </Card>
      )}

      <RunTasks runId={run.id} tasks={tasks} filter={filter} byState={run.byState} />
    </div>
  );
}
