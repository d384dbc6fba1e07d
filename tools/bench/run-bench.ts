// npm run bench: starts a throwaway PostgreSQL, runs every operation the app's way and raw PostgreSQL's way
// in the same run, and prints one table (operation | app | raw PostgreSQL | ratio | target | result) with
// the machine it ran on. Progress goes to stderr, results to stdout (and optionally a JSON file).
import fs from 'node:fs';
import os from 'node:os';
import { withScratchDirectory } from '@/tools/app-process/scratch';
import { startBenchCluster } from '@/tools/bench/cluster';
import { parseRunArgs } from '@/tools/bench/run-args';
import type { BenchContext, BenchOperation, Side, Timings } from '@/tools/bench/operation';
import { OPERATIONS } from '@/tools/bench/operations';
import { progressBar } from '@/tools/bench/progress';
import { type MachineInfo, type MetricResult, evaluateMetric, formatDuration, formatTable, machineInfo } from '@/tools/bench/report';
import { DEFAULT_SEED, syntheticTotals } from '@/tools/fixtures/synthetic';
import { disconnectDb } from '@/lib/db';

export interface BenchOptions {
  scale: number;
  seed: number;
  /** Write the results here as JSON. */
  json?: string | undefined;
  /** Run only these operation ids (others they depend on still run their setup). */
  only?: string[] | undefined;
  /** A what-if experiment: SQL (e.g. candidate indexes) applied to every database after the migrations. */
  experimentSql?: string | undefined;
}

export interface OperationReport {
  id: string;
  title: string;
  metrics: MetricResult[];
  problems: string[];
  notes: string[];
  durationMs: number;
}

export interface BenchReport {
  startedAt: string;
  scale: number;
  seed: number;
  /** The experiment file applied after the migrations, if any. */
  experimentSql: string | null;
  totals: ReturnType<typeof syntheticTotals>;
  machine: MachineInfo;
  loadAverageAtEnd: number[];
  durationMs: number;
  operations: OperationReport[];
}

const USAGE = `usage: npm run bench -- [--scale 1] [--seed ${DEFAULT_SEED}] [--json results.json] [--only import,criteria-page]
                          [--experiment-sql candidate-indexes.sql]`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { scale, seed, only, values } = parseRunArgs({
    argv,
    usage: USAGE,
    defaultScale: '1',
    knownSteps: OPERATIONS.map((operation) => operation.id),
    stepName: 'operation',
    extra: { json: { type: 'string' }, 'experiment-sql': { type: 'string' } },
  });
  const experimentSql = values['experiment-sql'];
  if (experimentSql && !fs.existsSync(experimentSql)) throw new Error(`--experiment-sql: no file ${experimentSql}`);
  return { scale, seed, json: values.json, only, experimentSql };
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function runOperation(ctx: BenchContext, operation: BenchOperation<unknown>): Promise<OperationReport> {
  const started = performance.now();
  ctx.log(`── ${operation.title}`);
  const state = await operation.setup(ctx);
  try {
    const side = (name: Side) => (iteration: number) =>
      name === 'app' ? operation.app(state, iteration) : operation.raw(state, iteration);
    for (let i = 0; i < (operation.warmup ?? 0); i++) {
      await side('app')(i);
      await side('raw')(i);
    }
    const iterations = operation.iterations ?? 1;
    const bar = iterations > 1 ? progressBar(`${operation.id}: ${iterations} requests × 2`, iterations) : null;
    const timings: Timings = { app: [], raw: [] };
    try {
      for (let i = 0; i < iterations; i++) {
        // Alternate which side goes first, so neither always runs on the warmer cache.
        const order: Side[] = i % 2 === 0 ? ['app', 'raw'] : ['raw', 'app'];
        for (const name of order) {
          await operation.beforeEach?.(state, name, i);
          timings[name][i] = await timed(() => side(name)(i));
        }
        bar?.update(i + 1);
      }
    } finally {
      bar?.stop();
    }
    const problems = (await operation.verify?.(state)) ?? [];
    const targets = operation.targets(state);
    const metrics = operation.metrics(timings, state).map((metric) => evaluateMetric(metric, targets));
    const notes = operation.notes?.(state) ?? [];
    return { id: operation.id, title: operation.title, metrics, problems, notes, durationMs: performance.now() - started };
  } finally {
    await operation.teardown?.(state);
  }
}

export function formatReport(report: BenchReport): string {
  const { totals, machine } = report;
  const metrics = report.operations.flatMap((operation) => operation.metrics);
  const failed = metrics.filter((metric) => metric.pass === false).length;
  const checked = metrics.filter((metric) => metric.pass !== null).length;
  const problems = report.operations.flatMap((operation) => operation.problems.map((problem) => `  ${operation.id}: ${problem}`));
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  return [
    `Rubric Audit benchmark, ${report.startedAt}`,
    `scale ${report.scale}: ${totals.queries.toLocaleString('en')} queries (${totals.multiTurn.toLocaleString('en')} multi-turn), ` +
      `${totals.criteria.toLocaleString('en')} criteria; seed ${report.seed}`,
    ...(report.experimentSql ? [`EXPERIMENT: ${report.experimentSql} applied to every database after the migrations`] : []),
    '',
    formatTable(metrics),
    '',
    `targets: ${checked - failed} of ${checked} met${failed ? `, ${failed} FAILED` : ''}`,
    ...(problems.length ? ['app and raw PostgreSQL did not do the same work:', ...problems] : []),
    ...report.operations.flatMap((operation) => operation.notes.map((note) => `${operation.id}: ${note}`)),
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb.toFixed(1)} GB RAM, ${machine.os}`,
    `software: Node.js ${machine.node}, PostgreSQL ${machine.postgres} (embedded; ${machine.postgresSettings})`,
    `load average (1/5/15 min): ${load(machine.loadAverage)} at start, ${load(report.loadAverageAtEnd)} at end`,
    `run duration: ${formatDuration(report.durationMs)} (${report.operations.map((operation) => `${operation.id} ${formatDuration(operation.durationMs)}`).join(', ')})`,
  ].join('\n');
}

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  return await withScratchDirectory('rubric-bench-', async (workDir, onCleanup) => {
    log(`scratch directory ${workDir}; starting PostgreSQL and migrating a template database…`);
    const extraSql = options.experimentSql ? fs.readFileSync(options.experimentSql, 'utf8') : undefined;
    if (options.experimentSql) log(`experiment: applying ${options.experimentSql} after the migrations`);
    const cluster = await startBenchCluster(workDir, { extraSql });
    onCleanup(() => cluster.stop());
    onCleanup(() => disconnectDb());
    const appDatabaseUrl = await cluster.createDatabase('bench_app');
    // lib/db reads DATABASE_URL on first use; every app call in this process goes to this database.
    process.env.DATABASE_URL = appDatabaseUrl;
    const machine = machineInfo(cluster.serverVersion, cluster.settings);
    const ctx: BenchContext = { scale: options.scale, seed: options.seed, workDir, cluster, appDatabaseUrl, shared: {}, log };
    const operations = OPERATIONS.filter((operation) => !options.only || options.only.includes(operation.id));
    const reports: OperationReport[] = [];
    for (const operation of operations) reports.push(await runOperation(ctx, operation));
    const report: BenchReport = {
      startedAt,
      scale: options.scale,
      seed: options.seed,
      experimentSql: options.experimentSql ?? null,
      totals: syntheticTotals(options.scale),
      machine,
      loadAverageAtEnd: os.loadavg(),
      durationMs: performance.now() - started,
      operations: reports,
    };
    if (options.json) fs.writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    return report;
  });
}
