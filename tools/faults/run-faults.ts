// npm run faults: fault drills against the real app. A throwaway PostgreSQL (embedded, own temp directory
// and port), migrated and seeded with the demo accounts; `next start` with the job workers in the web
// process, on a fixed loopback port; the judge test double as the judge's endpoint. Each drill prints PASS
// or FAIL with what it saw and its timings; every wait is bounded.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppUser, readActionIds } from '@/tools/app-process/app-user';
import { withScratchDirectory } from '@/tools/app-process/scratch';
import { buildApp, needsBuild } from '@/tools/app-process/build-app';
import { type MachineInfo, formatDuration, machineInfo } from '@/tools/bench/report';
import { parseRunArgs } from '@/tools/bench/run-args';
import { syntheticTotals } from '@/tools/fixtures/synthetic';
import { disconnectDb } from '@/lib/db';
import { findFreePort, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { prepareDatabase } from '@/lib/db/prepare-database';
import { FaultApp, type FaultContext, type Scenario, type ScenarioResult, sqlOne } from '@/tools/faults/context';
import { SCENARIOS } from '@/tools/faults/scenarios';
import { startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { DEMO_USERS } from '@/lib/seed/demo-users';
import { seedDemo } from '@/lib/seed/seed-demo';

export interface FaultsOptions {
  scale: number;
  seed: number;
  only?: string[] | undefined;
}

export interface FaultsReport {
  startedAt: string;
  scale: number;
  machine: MachineInfo;
  loadAverageAtEnd: number[];
  durationMs: number;
  results: ScenarioResult[];
  /** Where the app's output was kept (when a drill failed). */
  appLog: string | null;
}

const USAGE = 'usage: npm run faults -- [--scale 0.1] [--seed N] [--only import,judge,export,outage]';

export function parseFaultsArgs(argv: string[]): FaultsOptions {
  const { scale, seed, only } = parseRunArgs({
    argv,
    usage: USAGE,
    defaultScale: '0.1',
    knownSteps: SCENARIOS.map((scenario) => scenario.id),
    stepName: 'drill',
    extra: {},
  });
  return { scale, seed, only };
}

async function runScenario(ctx: FaultContext, scenario: Scenario): Promise<ScenarioResult> {
  const result: ScenarioResult = {
    id: scenario.id,
    title: scenario.title,
    pass: false,
    evidence: [],
    problems: [],
    timings: {},
    durationMs: 0,
  };
  const started = performance.now();
  ctx.log(`── ${scenario.id}: ${scenario.title}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      scenario.run(ctx, result),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the drill did not finish within ${formatDuration(scenario.timeoutMs)}`)),
          scenario.timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    result.problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  result.durationMs = Math.round(performance.now() - started);
  result.pass = result.problems.length === 0;
  ctx.log(`${result.pass ? 'PASS' : 'FAIL'} ${scenario.id} (${formatDuration(result.durationMs)})`);
  return result;
}

export function formatFaultsReport(report: FaultsReport): string {
  const totals = syntheticTotals(report.scale);
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  const lines = [
    `Rubric Audit fault drills, ${report.startedAt}`,
    `scale ${report.scale}: ${totals.queries.toLocaleString('en')} queries, ${totals.criteria.toLocaleString('en')} criteria in the import drill`,
    '',
  ];
  for (const result of report.results) {
    lines.push(`${result.pass ? 'PASS' : 'FAIL'}  ${result.id}: ${result.title} (${formatDuration(result.durationMs)})`);
    for (const line of result.evidence) lines.push(`      ${line}`);
    const timings = Object.entries(result.timings).map(([label, ms]) => `${label} ${formatDuration(ms)}`);
    if (timings.length) lines.push(`      timings: ${timings.join(' · ')}`);
    for (const problem of result.problems) lines.push(`      PROBLEM: ${problem}`);
  }
  const failed = report.results.filter((result) => !result.pass).length;
  const { machine } = report;
  lines.push(
    '',
    `${report.results.length - failed} of ${report.results.length} drills passed${failed ? `, ${failed} FAILED` : ''}`,
    ...(report.appLog ? [`the app's output is kept in ${report.appLog}`] : []),
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb.toFixed(1)} GB RAM, ${machine.os}`,
    `software: Node.js ${machine.node}, PostgreSQL ${machine.postgres} (embedded), next start with the job workers in the web process`,
    `load average (1/5/15 min): ${load(machine.loadAverage)} at start, ${load(report.loadAverageAtEnd)} at end`,
    `run duration: ${formatDuration(report.durationMs)}`,
  );
  return lines.join('\n');
}

export async function runFaults(options: FaultsOptions): Promise<FaultsReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const log = (line: string) => process.stderr.write(`[faults] ${line}\n`);
  const root = process.cwd();
  return await withScratchDirectory('rubric-faults-', async (workDir, onCleanup) => {
    const logFile = path.join(workDir, 'app.log');
    if (needsBuild(root)) {
      log('building the app (next build)…');
      buildApp(root);
    }
    log(`scratch directory ${workDir}; starting PostgreSQL, migrating and seeding the demo accounts…`);
    const db = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg'), persistent: false });
    onCleanup(() => db.stop());
    onCleanup(() => disconnectDb());
    // lib/db reads DATABASE_URL on first use: the harness's own checks go to the app's database.
    process.env.DATABASE_URL = db.url;
    await prepareDatabase({ databaseUrl: db.url, seed: () => seedDemo({ log: () => {} }) });
    const version = await sqlOne<{ server_version: string }>('SHOW server_version');
    const machine = machineInfo(version.server_version, '');
    const double = await startJudgeTestDouble({ latencyMs: 100, seed: options.seed });
    onCleanup(() => double.close());
    const port = await findFreePort();
    const app = new FaultApp({
      root,
      port,
      logFile,
      readyTimeoutMs: 180_000,
      env: {
        DATABASE_URL: db.url,
        PORT: String(port),
        BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
        WORKERS_IN_APP: 'true',
        // SIGTERM lets the in-process workers finish (instrumentation.ts); kill -9 is what the drills use.
        NEXT_MANUAL_SIG_HANDLE: 'true',
        // The drills' users sign in many times from one address in a few minutes; that is not an attack.
        SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
      },
    });
    onCleanup(() => app.stop());
    const bootMs = await app.start();
    log(`app on ${app.url} (next start ready in ${formatDuration(bootMs)}); judge test double on ${double.url}`);
    const actionIds = readActionIds(root);
    const signIn = (email: string, password: string) => AppUser.signIn({ baseUrl: app.url, email, password, actionIds });
    const adminUser = DEMO_USERS.find((user) => user.role === 'ADMIN');
    if (!adminUser) throw new Error('no demo admin');
    const ctx: FaultContext = {
      root,
      workDir,
      scale: options.scale,
      seed: options.seed,
      db,
      app,
      admin: await signIn(adminUser.email, adminUser.password),
      signIn,
      double,
      log,
      shared: {},
    };
    const results: ScenarioResult[] = [];
    for (const scenario of SCENARIOS.filter((s) => !options.only || options.only.includes(s.id))) {
      const result = await runScenario(ctx, scenario);
      results.push(result);
      // A drill that failed half-way may have left the database or the app down.
      if (!result.pass) {
        const reachable = await sqlOne('SELECT 1 AS up').then(
          () => true,
          () => false,
        );
        if (!reachable) await db.startServer();
        if (!(await app.alive())) await app.start();
      }
    }
    let appLog: string | null = null;
    if (results.some((result) => !result.pass)) {
      appLog = path.join(os.tmpdir(), `rubric-faults-app-${Date.now()}.log`);
      fs.copyFileSync(logFile, appLog);
    }
    return {
      startedAt,
      scale: options.scale,
      machine,
      loadAverageAtEnd: os.loadavg(),
      durationMs: performance.now() - started,
      results,
      appLog,
    };
  });
}
