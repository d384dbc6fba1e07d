// The stress run's report: what ran on what, the window's throughput and latencies per operation, errors by
// kind, the background jobs, the invariants, the machine's load; and whether the run passes.
import { formatDuration } from '@/tools/bench/report';
import type { JobOutcome } from '@/tools/stress/background-jobs';
import type { InvariantResult } from '@/tools/stress/invariants';
import type { OperationCpu } from '@/tools/stress/calibrate-cpu';
import { type PoolWaitReport, formatPoolWait } from '@/tools/stress/pool-wait';
import { type StatementRow, formatStatements } from '@/tools/stress/pg-statements';
import { type WaitCounts, type WalCounters, formatWal } from '@/tools/stress/pg-wal';
import type { OperationSummary, TimelineBucket } from '@/tools/stress/recorder';

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
  /** The experts arrived evenly over the window's first rampS seconds (0: all at once). */
  rampS: number;
  /** `next start` processes on the one PostgreSQL. */
  instances: number;
  /** Web workers per instance (1: a plain next start, which also runs the background jobs). */
  webConcurrency?: number;
  /** Experts signed in (of those that tried) and when, in seconds into the window, the last one was. */
  signIns: { ok: number; wanted: number; lastAtS: number | null };
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
  serverCpu: {
    /** Server CPU of the whole window divided by its requests (every instance's `next start`; PostgreSQL). */
    window: { nodeMsPerRequest: number | null; postgresMsPerRequest: number | null };
    /** Per operation, from the isolated calibration before the window (tools/stress/calibrate-cpu.ts). */
    calibration: { operations: OperationCpu[]; errors: number; requests: number };
  };
  poolWait: PoolWaitReport;
  /** What PostgreSQL wrote to its write-ahead log in the window (runs before 2026-11-28 evening lack it). */
  wal?: WalCounters;
  /** With --pg-setting: the settings the run's PostgreSQL was started with beyond the app's. */
  pgSettings?: Record<string, string>;
  /** The experts' operations' latencies by when they finished, in slices of bucketS seconds. */
  timeline?: { bucketS: number; buckets: TimelineBucket[]; cpu?: CpuSlice[] };
  /** With --pg-statements: PostgreSQL's busiest statements in the window. */
  pgStatements?: StatementRow[];
  jobs: JobOutcome[];
  invariants: InvariantResult[];
  machine: {
    /** Whether autogroup scheduling shares the CPU between PostgreSQL and the app before nice applies. */
    scheduling?: string;
    cpu: string;
    cores: number;
    ramGb: number;
    node: string;
    postgres: string;
    loadAtStart: number[];
    loadMaxDuring: number;
    loadAtEnd: number[];
    cpuSeconds: {
      server: number | null;
      /** The server's CPU by what each process does: serving requests, running the background jobs, the rest. */
      serverByRole?: { web: number; jobs: number; other: number } | null;
      postgres: number | null;
      client: number;
      machineBusyShare: number;
    };
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

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** "2,500–7,500 ms" for a mean think time of 5,000 ms. */
function formatThink(meanMs: number): string {
  return `${n(Math.round(meanMs * 0.5))}–${n(Math.round(meanMs * 1.5))} ms`;
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
  const operations = formatTable(
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
  const jobs = formatTable(
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
  const cpuMs = (value: number | null) => (value === null ? '?' : value.toFixed(1));
  const perRequest = report.serverCpu.window;
  const calibration = report.serverCpu.calibration;
  const cpuTable = formatTable(
    ['operation', 'calibration requests', 'next start ms', 'PostgreSQL ms'],
    calibration.operations.map((op) => [op.op, n(op.requests), cpuMs(op.nodeMs), cpuMs(op.postgresMs)]),
  );
  const cpu = machine.cpuSeconds;
  return [
    `Rubric Audit stress run, ${report.startedAt}`,
    `command: ${report.command}`,
    `data: scale ${data.scale}: ${n(data.queries)} queries, ${n(data.criteria)} criteria; campaign ${data.campaign.id} over ${n(data.campaign.queries)} queries / ` +
      `${n(data.campaign.criteria)} criteria, k = ${data.campaign.k}${data.campaign.note ? ` (${data.campaign.note})` : ''}; setup ${formatDuration(data.setupMs)} (untimed)`,
    `load: ${report.experts} experts signing in, claiming and submitting through server actions over HTTP against ` +
      `${report.instances === 1 ? 'next start' : `${report.instances} next start instances (experts round-robin)`} on 127.0.0.1, ` +
      `think time uniform ${formatThink(report.thinkMs)}; ${report.rampS > 0 ? `the experts arriving evenly over the first ${report.rampS} s` : 'every expert arriving at once'}; an admin uploading an import, running the judge and freezing and exporting a release`,
    `sign-ins: ${report.signIns.ok} of ${report.signIns.wanted} experts signed in${report.signIns.lastAtS === null ? '' : `, the last ${report.signIns.lastAtS.toFixed(1)} s into the window`} (reported apart: its password hashing is deliberately slow)`,
    `window: ${window.actualS.toFixed(1)} s of ${window.plannedS} s planned (ended by ${window.endedBy}); ${n(window.requests)} requests ` +
      `(${(window.requests / Math.max(window.actualS, 1e-9)).toFixed(1)}/s, cap ${n(window.maxRequests)}), ${n(window.errors)} errors (${rate.toFixed(2)}%); ` +
      `acknowledged: ${n(window.submitted.queries)} queries submitted with ${n(window.submitted.verdicts)} verdicts, ${n(window.submitted.amendments)} amendments`,
    '',
    operations,
    '',
    'errors by kind:',
    ...(report.errors.length ? report.errors.map((error) => `  ${error.kind}: ${n(error.count)} (e.g. ${error.example})`) : ['  none']),
    '',
    `server CPU per request, whole window (every request, the admin's and the jobs' work included): next start ${cpuMs(perRequest.nodeMsPerRequest)} ms, PostgreSQL ${cpuMs(perRequest.postgresMsPerRequest)} ms`,
    `server CPU per request by operation (method: isolated calibration before the window, one expert alone with no think time on instance 1, ` +
      `/proc CPU of next start and PostgreSQL read around each request in 10 ms ticks, after one warm-up query; ${n(calibration.requests)} requests, ${n(calibration.errors)} errors):`,
    calibration.operations.length ? cpuTable : '  none measured',
    '',
    ...formatPoolWait(report.poolWait),
    ...(report.wal ? [formatWal(report.wal, report.window.actualS)] : []),
    ...(report.pgSettings
      ? [
          `PostgreSQL settings of this run beyond the app's: ${Object.entries(report.pgSettings)
            .map(([name, value]) => `${name}=${value}`)
            .join(', ')}`,
        ]
      : []),
    '',
    ...(report.timeline ? [...formatTimeline(report.timeline, report.jobs), ''] : []),
    ...(report.pgStatements ? [...formatStatements(report.pgStatements), ''] : []),
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
    ...(machine.scheduling ? [`scheduling: ${machine.scheduling}`] : []),
    `load average (1/5/15 min): ${load(machine.loadAtStart)} at the window's start, 1-min max ${machine.loadMaxDuring.toFixed(2)} during it, ${load(machine.loadAtEnd)} at its end`,
    `CPU in the window: next start${report.instances > 1 ? ` (${report.instances} instances)` : ''} ${cpu.server === null ? '?' : `${cpu.server.toFixed(0)} s`}, PostgreSQL ${cpu.postgres === null ? '?' : `${cpu.postgres.toFixed(0)} s`}, ` +
      `this client ${cpu.client.toFixed(0)} s; machine ${(cpu.machineBusyShare * 100).toFixed(0)}% busy`,
    ...(cpu.serverByRole
      ? [
          `  the server's CPU by process: serving requests ${cpu.serverByRole.web.toFixed(0)} s (${cpuMs(
            window.requests > 0 ? (cpu.serverByRole.web * 1000) / window.requests : null,
          )} ms per request), background jobs ${cpu.serverByRole.jobs.toFixed(0)} s, other ${cpu.serverByRole.other.toFixed(0)} s` +
            ((report.webConcurrency ?? 1) > 1 ? '' : ' (a single next start runs the jobs in the serving process)'),
        ]
      : []),
    `the app's log${report.instances > 1 ? 's' : ''}: ${report.appLog}`,
    '',
    report.pass ? 'RESULT: PASS' : `RESULT: FAIL (${report.failures.join('; ')})`,
  ].join('\n');
}

/** CPU seconds of each party in one slice of the window (null where a counter could not be read). */
export interface CpuSlice {
  webS: number | null;
  jobsS: number | null;
  postgresS: number | null;
  clientS: number;
  machineBusyShare: number;
  /** Seconds the web workers' event loops stalled in the slice (as their latest pool-metrics answers give it). */
  loopStallS?: number | null;
  /** The write-ahead log written in the slice. */
  wal?: WalCounters;
  /** The database's busy sessions sampled every 250 ms in the slice, by what they were doing. */
  waits?: WaitCounts;
}

/** The experts' latencies slice by slice, each slice with the admin's jobs that ran in it and who used the CPU. */
export function formatTimeline(timeline: { bucketS: number; buckets: TimelineBucket[]; cpu?: CpuSlice[] }, jobs: JobOutcome[]): string[] {
  const running = (fromS: number) =>
    jobs
      .filter(
        (job) =>
          job.startedAtS !== null && job.startedAtS < fromS + timeline.bucketS && job.startedAtS + (job.durationMs ?? 0) / 1000 > fromS,
      )
      .map((job) => job.name)
      .join(', ');
  const seconds = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(1));
  const table = formatTable(
    [
      'window s',
      'requests',
      'p50 ms',
      'p95 ms',
      'max ms',
      'CPU s: web',
      'jobs',
      'PostgreSQL',
      'client',
      'machine',
      'loop stalls s',
      'WAL MB',
      'sessions: CPU / idle in tx / WAL / lock / IO',
      'admin jobs running',
    ],
    timeline.buckets.map((bucket, index) => {
      const cpu = timeline.cpu?.[index];
      return [
        `${bucket.fromS}–${bucket.fromS + timeline.bucketS}`,
        n(bucket.count),
        ms(bucket.p50),
        ms(bucket.p95),
        ms(bucket.max),
        seconds(cpu?.webS),
        seconds(cpu?.jobsS),
        seconds(cpu?.postgresS),
        seconds(cpu?.clientS),
        cpu ? `${(cpu.machineBusyShare * 100).toFixed(0)}%` : '—',
        seconds(cpu?.loopStallS),
        cpu?.wal ? (cpu.wal.bytes / 1024 / 1024).toFixed(0) : '—',
        cpu?.waits ? [cpu.waits.cpu, cpu.waits.idleInTransaction, cpu.waits.wal, cpu.waits.lock, cpu.waits.io].join(' / ') : '—',
        running(bucket.fromS) || '—',
      ];
    }),
  );
  return [
    `the experts' requests over the window (claim, open, save, rate, submit, amend; ${timeline.bucketS} s slices), with the CPU seconds each party used in the slice and how long the web workers' event loops stalled:`,
    table,
  ];
}
