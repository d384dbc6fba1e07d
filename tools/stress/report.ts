// The stress run's report: what ran on what, the window's throughput and latencies per operation, errors by
// kind, the background jobs, the invariants, the machine's load; and whether the run passes.
import { formatDuration } from '@/tools/bench/report';
import type { JobOutcome } from '@/tools/stress/background-jobs';
import type { InvariantResult } from '@/tools/stress/invariants';
import type { OperationSummary } from '@/tools/stress/recorder';

export interface StressReport {
  startedAt: string;
  command: string;
  data: {
    scale: number;
    queries: number;
    criteria: number;
    campaign: { id: number; queries: number; criteria: number; k: number; note: string | null };
    setupMs: number;
  };
  experts: number;
  thinkMs: number;
  window: {
    plannedS: number;
    actualS: number;
    endedBy: string;
    requests: number;
    errors: number;
    maxRequests: number;
    /** Acknowledged by the app: submitted queries, their verdicts, amendments after submission. */
    submitted: { queries: number; verdicts: number; amendments: number };
  };
  operations: OperationSummary[];
  errors: { kind: string; count: number; example: string }[];
  jobs: JobOutcome[];
  invariants: InvariantResult[];
  machine: {
    cpu: string;
    cores: number;
    ramGb: number;
    node: string;
    postgres: string;
    loadAtStart: number[];
    loadMaxDuring: number;
    loadAtEnd: number[];
    cpuSeconds: { server: number | null; postgres: number | null; client: number; machineBusyShare: number };
    serverPoolMax: string;
  };
  maxErrorRate: number;
  /** The app's own log of the run (kept after it). */
  appLog: string;
  pass: boolean;
  failures: string[];
}

const ms = (value: number | null) => (value === null ? '—' : value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en'));
const n = (value: number) => value.toLocaleString('en');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The run passes when every invariant holds and the error rate is within the limit. */
export function verdictOf(report: Pick<StressReport, 'invariants' | 'window' | 'maxErrorRate'>): { pass: boolean; failures: string[] } {
  const failures = report.invariants.filter((invariant) => !invariant.pass).map((invariant) => `invariant ${invariant.id} failed`);
  const rate = report.window.requests ? report.window.errors / report.window.requests : 0;
  if (rate > report.maxErrorRate) failures.push(`error rate ${(rate * 100).toFixed(2)}% above ${(report.maxErrorRate * 100).toFixed(2)}%`);
  if (report.window.requests === 0) failures.push('no request was made');
  return { pass: failures.length === 0, failures };
}

export function formatStressReport(report: StressReport): string {
  const { data, window, machine } = report;
  const rate = window.requests ? (window.errors / window.requests) * 100 : 0;
  const operations = table(
    ['operation', 'count', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'],
    report.operations.map((op) => [
      op.op,
      n(op.count),
      op.perSecond.toFixed(1),
      ms(op.p50),
      ms(op.p95),
      ms(op.p99),
      ms(op.max),
      n(op.errors),
    ]),
  );
  const jobs = table(
    ['job', 'started', 'took', 'status', 'what'],
    report.jobs.map((job) => [
      job.name,
      job.startedAtS === null ? '—' : `${job.startedAtS.toFixed(0)} s`,
      job.durationMs === null ? '—' : formatDuration(job.durationMs),
      job.status,
      job.detail,
    ]),
  );
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  const cpu = machine.cpuSeconds;
  return [
    `Rubric Audit stress run, ${report.startedAt}`,
    `command: ${report.command}`,
    `data: scale ${data.scale}: ${n(data.queries)} queries, ${n(data.criteria)} criteria; campaign ${data.campaign.id} over ${n(data.campaign.queries)} queries / ` +
      `${n(data.campaign.criteria)} criteria, k = ${data.campaign.k}${data.campaign.note ? ` (${data.campaign.note})` : ''}; setup ${formatDuration(data.setupMs)} (untimed)`,
    `load: ${report.experts} experts signing in, claiming and submitting through server actions over HTTP against next start on 127.0.0.1, ` +
      `think time uniform 0–${report.thinkMs} ms; an admin uploading an import, running the judge and freezing and exporting a release`,
    `window: ${window.actualS.toFixed(1)} s of ${window.plannedS} s planned (ended by ${window.endedBy}); ${n(window.requests)} requests ` +
      `(${(window.requests / Math.max(window.actualS, 1e-9)).toFixed(1)}/s, cap ${n(window.maxRequests)}), ${n(window.errors)} errors (${rate.toFixed(2)}%); ` +
      `acknowledged: ${n(window.submitted.queries)} queries submitted with ${n(window.submitted.verdicts)} verdicts, ${n(window.submitted.amendments)} amendments`,
    '',
    operations,
    '',
    'errors by kind:',
    ...(report.errors.length ? report.errors.map((error) => `  ${error.kind}: ${n(error.count)} (e.g. ${error.example})`) : ['  none']),
    '',
    'background jobs (started through the app, run by its pg-boss workers):',
    jobs,
    '',
    'invariants (SQL, after the app stopped):',
    ...report.invariants.map(
      (invariant) =>
        `  ${invariant.pass ? 'PASS' : 'FAIL'}  ${invariant.title}: ${n(invariant.offending)} offending${invariant.detail ? ` (${invariant.detail})` : ''}`,
    ),
    '',
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb.toFixed(1)} GB RAM; Node.js ${machine.node}; PostgreSQL ${machine.postgres} (embedded); app DB pool ${machine.serverPoolMax}`,
    `load average (1/5/15 min): ${load(machine.loadAtStart)} at the window's start, 1-min max ${machine.loadMaxDuring.toFixed(2)} during it, ${load(machine.loadAtEnd)} at its end`,
    `CPU in the window: next start ${cpu.server === null ? '?' : `${cpu.server.toFixed(0)} s`}, PostgreSQL ${cpu.postgres === null ? '?' : `${cpu.postgres.toFixed(0)} s`}, ` +
      `this client ${cpu.client.toFixed(0)} s; machine ${(cpu.machineBusyShare * 100).toFixed(0)}% busy`,
    `the app's log: ${report.appLog}`,
    '',
    report.pass ? 'RESULT: PASS' : `RESULT: FAIL (${report.failures.join('; ')})`,
  ].join('\n');
}
