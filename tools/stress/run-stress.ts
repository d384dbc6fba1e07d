// npm run stress: a throwaway PostgreSQL and `next start` on loopback (one or more instances), the synthetic
// QuarkMedBench-scale dataset under one audit campaign, then a bounded window (a duration and a request cap) in
// which N simulated experts sign in, claim and submit over HTTP while an admin uploads an import, runs the
// judge against the test double and freezes and exports a release; then the background jobs are waited for,
// the app is stopped and the invariants are checked in SQL. With several levels of experts (the capacity
// curve), each level gets a fresh database in the same PostgreSQL: the previous level's verdicts, import,
// judge run and release would otherwise change the data the next level works on. Progress on stderr, the
// report on stdout.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { buildApp, needsBuild } from '@/tools/app-process/build-app';
import { type NextProcess, startNext } from '@/tools/app-process/start-next';
import { postgresCpuMs, startCpuMeter } from '@/tools/bench/cpu-meter';
import { createRandom } from '@/tools/fixtures/prng';
import { machineInfo } from '@/tools/bench/report';
import { syntheticTotals } from '@/tools/fixtures/synthetic';
import { type TestDoubleThread, startTestDoubleThread } from '@/tools/bench/test-double-thread';
import pg from 'pg';
import { disconnectDb, pgPool } from '@/lib/db';
import { type EmbeddedPostgresHandle, findFreePort, readPostmasterPid, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { type AdminContext, type JobName, type JobOutcome, runExportJob, runImportJob, runJudgeJob } from '@/tools/stress/background-jobs';
import { OPS, runExpert } from '@/tools/stress/expert-loop';
import { HttpSession, assertLoopbackUrl, httpExpertClient, loadActionIds } from '@/tools/stress/http-client';
import { checkBackgroundJobs, checkInvariants } from '@/tools/stress/invariants';
import { AckLedger } from '@/tools/stress/ledger';
import type { StressOptions } from '@/tools/stress/options';
import { Budget, Recorder } from '@/tools/stress/recorder';
import { type CpuSlice, type StressReport, verdictOf } from '@/tools/stress/report';
import { calibrateServerCpu } from '@/tools/stress/calibrate-cpu';
import { arrivalDelayMs } from '@/tools/stress/think-time';
import { type CapacityVerdict, assessCapacity, capacityLevelOf } from '@/tools/stress/capacity';
import { drawCapacityChart } from '@/tools/stress/capacity-chart';
import { PoolWaitMonitor } from '@/tools/stress/pool-wait';
import { describeScheduling } from '@/tools/stress/scheduling';
import { buildFreshLevelData, levelDataFromTemplate, setupCacheKey } from '@/tools/stress/level-data';
import { PG_STATEMENTS_SETTINGS, readStatements, resetStatements } from '@/tools/stress/pg-statements';
import { WaitSampler, readWalCounters, walDelta } from '@/tools/stress/pg-wal';
import { type ServerRole, processTreeCpuByRole, processTreeCpuMs } from '@/tools/stress/process-tree-cpu';
import { writeQuarkImportFile } from '@/tools/stress/setup';

const HOST = '127.0.0.1';
/** How long the background jobs may take to finish after the window, at most. */
const DRAIN_MS = 15 * 60_000;
const EXPERT_TIMEOUT_MS = 60_000;
/** A freeze of the whole dataset runs inside its request. */
const ADMIN_TIMEOUT_MS = 300_000;
/** Share of submitted queries on which the expert amends one verdict afterwards. */
const AMEND_RATE = 0.05;
/** When, as a share of the window, each background job is started. */
const JOB_STARTS: Record<JobName, number> = { import: 0.05, judge: 0.1, export: 0.4 };
const JUDGE_LATENCY_MS = 100;
/** The CPU calibration before the window: one expert alone, at most this many requests or this long. */
const CALIBRATION = { requests: 300, ms: 30_000 };
/** The width of the report's latency-over-time slices. */
const TIMELINE_BUCKET_S = 30;
/** How often the pool-wait counters are read during the window. */
const POOL_POLL_MS = 5_000;

const log = (line: string) => process.stderr.write(`[stress] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live line on stderr during the window (one line every 15 s without a terminal). */
function windowProgress(durationS: number, state: () => Record<string, string | number>) {
  const started = performance.now();
  if (!process.stderr.isTTY) {
    const timer = setInterval(() => {
      const s = state();
      log(
        `${((performance.now() - started) / 1000).toFixed(0)} s: ${s.requests} requests (${s.rps}/s), ${s.submits} submitted, ${s.errors} errors; ${s.jobs}`,
      );
    }, 15_000);
    return { stop: () => clearInterval(timer) };
  }
  const bar = new cliProgress.SingleBar(
    {
      format: '  window {bar} {value}/{total} s | {requests} req ({rps}/s) | {submits} submitted | {errors} errors | {jobs}',
      hideCursor: true,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(durationS, 0, state());
  const timer = setInterval(() => bar.update(Math.min(durationS, Math.round((performance.now() - started) / 1000)), state()), 1000);
  return {
    stop: () => {
      clearInterval(timer);
      bar.update(Math.min(durationS, Math.round((performance.now() - started) / 1000)), state());
      bar.stop();
    },
  };
}

export interface StressRun {
  levels: StressReport[];
  capacity: CapacityVerdict;
  /** Every level passed (its invariants and error rate); the capacity does not decide the exit code. */
  pass: boolean;
}

/** Drops and recreates the run's database (same name, so the URL the code read once stays right). */
async function recreateDatabase(url: string): Promise<void> {
  await disconnectDb();
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await client.end();
  }
}

/**
 * The order of a run's windows: every level once, then every level again for each repeat (50, 100, 50, 100), so
 * that a machine drifting over the run weighs on every level alike.
 */
export function runPlan(experts: readonly number[], repeat: number): { experts: number; run: number }[] {
  return Array.from({ length: repeat }, (_, index) => experts.map((level) => ({ experts: level, run: index + 1 }))).flat();
}

export async function runStress(options: StressOptions, command: string): Promise<StressRun> {
  if (needsBuild(process.cwd())) {
    log('the build is missing or older than the sources: next build…');
    buildApp(process.cwd());
  }
  const actionIds = loadActionIds();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-stress-'));
  let database: EmbeddedPostgresHandle | undefined;
  const servers: NextProcess[] = [];
  let double: TestDoubleThread | undefined;
  const stopServers = async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop(20_000).catch(() => {})));
  };
  const cleanup = async () => {
    await stopServers();
    await double?.close().catch(() => {});
    await disconnectDb().catch(() => {});
    await database?.stop().catch(() => {});
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const onSignal = () => {
    log('interrupted: stopping the app and the database…');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`scratch directory ${workDir}; starting PostgreSQL…`);
    // --reuse-setup: a cluster kept under .data/stress-setup/<key>/ holds the template (tools/stress/level-data.ts).
    const setupCacheDir = options.reuseSetup
      ? path.join(process.cwd(), '.data', 'stress-setup', setupCacheKey({ scale: options.scale, seed: options.seed, k: options.k }))
      : null;
    database = await startEmbeddedPostgres({
      dataDir: setupCacheDir ? path.join(setupCacheDir, 'pg') : path.join(workDir, 'pg'),
      persistent: setupCacheDir !== null,
      settings: { ...(options.pgStatements ? PG_STATEMENTS_SETTINGS : {}), ...options.pgSettings },
    });
    assertLoopbackUrl(database.url, 'PostgreSQL');
    process.env.DATABASE_URL = database.url;
    // One secret for every instance: a session signed by one must be read by the others.
    const secret = randomBytes(32).toString('base64url');
    process.env.BETTER_AUTH_SECRET = secret;
    double = await startTestDoubleThread({ host: HOST, latencyMs: JUDGE_LATENCY_MS, seed: options.seed });
    const levels: StressReport[] = [];
    const plan = runPlan(options.experts, options.repeat);
    for (const [index, { experts, run }] of plan.entries()) {
      if (plan.length > 1) {
        log(
          `── run ${index + 1} of ${plan.length}: ${experts} experts${options.repeat > 1 ? ` (repeat ${run} of ${options.repeat})` : ''} ──`,
        );
      }
      // A kept template makes each run's database a fresh copy by itself.
      if (index > 0 && !setupCacheDir) {
        log('a fresh database for this run…');
        await recreateDatabase(database.url);
      }
      const suffix = [...(options.experts.length > 1 ? [String(experts)] : []), ...(options.repeat > 1 ? [`r${run}`] : [])].join('-');
      const report = await runLevel({
        options,
        experts,
        command,
        database,
        secret,
        actionIds,
        workDir,
        judgeUrl: double.url,
        appLogPrefix: `${workDir}.next${suffix ? `-${suffix}` : ''}`,
        servers,
        setupCacheDir,
      });
      await stopServers();
      levels.push(report);
    }
    const capacity = assessCapacity(levels.map(capacityLevelOf));
    const run: StressRun = { levels, capacity, pass: levels.every((level) => level.pass) };
    if (options.json) fs.writeFileSync(options.json, `${JSON.stringify(levels.length === 1 ? levels[0] : run, null, 2)}\n`);
    if (options.chart) {
      fs.mkdirSync(path.dirname(path.resolve(options.chart)), { recursive: true });
      const first = levels[0];
      const title = `p95 per expert operation, ${options.duration} s windows, mean think time ${options.thinkMs} ms, scale ${options.scale}, ${options.instances} instance${options.instances > 1 ? 's' : ''}${options.webConcurrency > 1 ? ` × ${options.webConcurrency} web workers` : ''}${first ? ` (${first.machine.cores} cores)` : ''}${options.repeat > 1 ? `, median of ${options.repeat} runs per level` : ''}`;
      fs.writeFileSync(options.chart, drawCapacityChart(capacity.rows, { title }));
      log(`capacity chart written to ${options.chart}`);
    }
    return run;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

interface LevelContext {
  options: StressOptions;
  experts: number;
  command: string;
  database: EmbeddedPostgresHandle;
  secret: string;
  actionIds: ReturnType<typeof loadActionIds>;
  workDir: string;
  judgeUrl: string;
  appLogPrefix: string;
  /** Filled with this level's app instances (the caller stops them). */
  servers: NextProcess[];
  /** --reuse-setup: the kept template's directory. */
  setupCacheDir: string | null;
}

/** One window at one level of experts: setup, the app instances, the calibration, the window, the checks. */
async function runLevel({
  options,
  experts: expertCount,
  command,
  database,
  secret,
  actionIds,
  workDir,
  judgeUrl,
  appLogPrefix,
  servers,
  setupCacheDir,
}: LevelContext): Promise<StressReport> {
  const startedAt = new Date().toISOString();
  const setupStarted = performance.now();
  // The app's logs outlive the scratch directory: they are where a failed request's server side is told.
  const appLogs = Array.from({ length: options.instances }, (_, i) => `${appLogPrefix}${options.instances > 1 ? `-${i + 1}` : ''}.log`);
  try {
    const dataSpec = {
      scale: options.scale,
      seed: options.seed,
      k: options.k,
      experts: expertCount,
      log,
      workDir,
      databaseUrl: database.url,
    };
    const {
      admin,
      experts: expertAccounts,
      datasetId,
      campaign,
      judge,
    } = setupCacheDir ? await levelDataFromTemplate({ ...dataSpec, cacheDir: setupCacheDir }) : await buildFreshLevelData(dataSpec);
    const accounts = { admin, experts: expertAccounts };
    const totals = syntheticTotals(options.scale);
    const upload = await writeQuarkImportFile({
      queries: Math.max(50, Math.round(3000 * options.scale)),
      seed: options.seed + 1,
      file: path.join(workDir, 'upload.jsonl'),
    });

    for (const [i, appLog] of appLogs.entries()) {
      const port = await findFreePort();
      log(`starting next start ${i + 1} of ${appLogs.length} on ${HOST}:${port} (its log: ${appLog})…`);
      // In this run's session, beside its PostgreSQL (--app-session postgres), and stopped down its process tree:
      // `next start` runs the server in a child process that would otherwise outlive it.
      servers.push(
        await startNext({
          root: process.cwd(),
          port,
          logFile: appLog,
          env: {
            DATABASE_URL: database.url,
            BETTER_AUTH_SECRET: secret,
            // Every simulated user signs in from 127.0.0.1: one address, many accounts, not an attack.
            SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
            NEXT_MANUAL_SIG_HANDLE: 'true',
          },
          ...(options.webConcurrency > 1 ? { webConcurrency: options.webConcurrency } : {}),
          session: options.appSession === 'postgres' ? 'caller' : 'own',
        }),
      );
    }
    const [firstServer] = servers;
    if (!firstServer) throw new Error('no app instance started');
    const postmasterPid = readPostmasterPid(setupCacheDir ? path.join(setupCacheDir, 'pg') : path.join(workDir, 'pg'));
    const scheduling = describeScheduling({ appPid: firstServer.pid, postgresPid: postmasterPid });
    const serversCpuMs = () => {
      let total = 0;
      for (const server of servers) {
        const value = processTreeCpuMs(server.pid);
        if (value === null) return null;
        total += value;
      }
      return total;
    };
    const serversCpuByRole = () => {
      const total: Record<ServerRole, number> = { web: 0, jobs: 0, other: 0 };
      for (const server of servers) {
        const value = processTreeCpuByRole(server.pid);
        if (value === null) return null;
        for (const role of ['web', 'jobs', 'other'] as const) total[role] += value[role];
      }
      return total;
    };

    const ledger = new AckLedger();
    log(`calibrating server CPU per operation: one expert alone, up to ${CALIBRATION.requests} requests or ${CALIBRATION.ms / 1000} s…`);
    const [calibrationExpert] = accounts.experts;
    if (!calibrationExpert) throw new Error('no expert account');
    const calibrationSession = new HttpSession(firstServer.url, EXPERT_TIMEOUT_MS);
    await calibrationSession.signIn(calibrationExpert.user.email, calibrationExpert.password);
    const calibration = await calibrateServerCpu({
      client: httpExpertClient({ session: calibrationSession, email: calibrationExpert.user.email, actionIds }),
      campaignId: campaign.id,
      ledger,
      random: createRandom(options.seed + 100_000),
      readers: { node: () => processTreeCpuMs(firstServer.pid), postgres: () => postgresCpuMs(postmasterPid) },
      requests: CALIBRATION.requests,
      durationMs: CALIBRATION.ms,
    });

    // The admin's view of each instance's connection pool (an admin session per instance, signed in now so
    // its password hashing stays out of the window).
    const poolSessions = await Promise.all(
      servers.map(async (server) => {
        const session = new HttpSession(server.url, 10_000);
        await session.signIn(accounts.admin.user.email, accounts.admin.password);
        return session;
      }),
    );
    const poolWait = new PoolWaitMonitor(poolSessions);
    await poolWait.poll();
    const setupMs = performance.now() - setupStarted;

    if (options.pgStatements) await resetStatements(pgPool());
    // ───────────── the window ─────────────
    const recorder = new Recorder();
    const budget = new Budget(options.duration * 1000, options.maxRequests);
    const windowStart = performance.now();
    poolWait.start(POOL_POLL_MS);
    const cpu = startCpuMeter(postmasterPid);
    const walAtStart = await readWalCounters(pgPool());
    let sliceWal = walAtStart;
    const waits = new WaitSampler(pgPool());
    waits.start();
    const serverCpuAtStart = serversCpuMs();
    const serverRolesAtStart = serversCpuByRole();
    const loadAtStart = os.loadavg();
    let loadMaxDuring = loadAtStart[0] ?? 0;
    const loadSampler = setInterval(() => {
      loadMaxDuring = Math.max(loadMaxDuring, os.loadavg()[0] ?? 0);
    }, 1000);
    // The CPU of each party slice by slice, beside the latencies (what competed for the cores when requests waited).
    const cpuSlices: CpuSlice[] = [];
    let sliceMeter = startCpuMeter(postmasterPid);
    let sliceRoles = serversCpuByRole();
    let sliceStallMs = poolWait.loopStallMsSoFar();
    const cpuSampler = setInterval(() => {
      const report = sliceMeter.stop();
      const roles = serversCpuByRole();
      const stallMs = poolWait.loopStallMsSoFar();
      const slice = cpuSlices.length;
      void readWalCounters(pgPool()).then(
        (wal) => {
          const entry = cpuSlices[slice];
          if (entry) entry.wal = walDelta(sliceWal, wal);
          sliceWal = wal;
        },
        () => {},
      );
      cpuSlices.push({
        waits: waits.take(),
        loopStallS: stallMs === null || sliceStallMs === null ? null : (stallMs - sliceStallMs) / 1000,
        webS: roles && sliceRoles ? (roles.web - sliceRoles.web) / 1000 : null,
        jobsS: roles && sliceRoles ? (roles.jobs - sliceRoles.jobs) / 1000 : null,
        postgresS: report.postgresMs === null ? null : report.postgresMs / 1000,
        clientS: report.nodeMs / 1000,
        machineBusyShare: report.machineTotalMs > 0 ? report.machineBusyMs / report.machineTotalMs : 0,
      });
      sliceMeter = startCpuMeter(postmasterPid);
      sliceRoles = roles;
      sliceStallMs = stallMs;
    }, TIMELINE_BUCKET_S * 1000);
    const jobState: Record<JobName, string> = { import: 'waiting', judge: 'waiting', export: 'waiting' };
    let lastCount = 0;
    let lastAt = windowStart;
    let rps = '0';
    const progress = windowProgress(options.duration, () => {
      const { requests, errors } = recorder.totals();
      const now = performance.now();
      if (now - lastAt >= 1000) {
        rps = ((requests - lastCount) / ((now - lastAt) / 1000)).toFixed(0);
        lastCount = requests;
        lastAt = now;
      }
      return {
        requests,
        rps,
        errors,
        submits: ledger.submittedAssignments.size,
        jobs: `import ${jobState.import} · judge ${jobState.judge} · export ${jobState.export}`,
      };
    });

    const signIns = { ok: 0, wanted: accounts.experts.length, lastAtS: null as number | null };
    const experts = accounts.experts.map(async (account, index) => {
      // Round-robin over the instances, as a load balancer would spread the experts.
      const server = servers[index % servers.length] ?? firstServer;
      const session = new HttpSession(server.url, EXPERT_TIMEOUT_MS);
      await sleep(arrivalDelayMs(index, accounts.experts.length, options.rampS, options.duration));
      for (let tries = 1; ; tries++) {
        const signedIn = await recorder.attempt(budget, 'sign-in', () => session.signIn(account.user.email, account.password));
        if (!signedIn.ran || (!signedIn.ok && tries === 3)) return;
        if (signedIn.ok) break;
        await sleep(1000);
      }
      signIns.ok += 1;
      signIns.lastAtS = (performance.now() - windowStart) / 1000;
      await runExpert({
        client: httpExpertClient({ session, email: account.user.email, actionIds }),
        campaignId: campaign.id,
        budget,
        recorder,
        ledger,
        random: createRandom(options.seed + index + 1),
        thinkMs: options.thinkMs,
        amendRate: AMEND_RATE,
      });
    });

    const adminSession = new HttpSession(firstServer.url, ADMIN_TIMEOUT_MS);
    const ctx: AdminContext = {
      session: adminSession,
      actionIds,
      recorder,
      budget,
      db: pgPool(),
      windowStart,
      giveUpAt: () => windowStart + options.duration * 1000 + DRAIN_MS,
    };
    const adminSignedIn = recorder.attempt(budget, 'sign-in', () =>
      adminSession.signIn(accounts.admin.user.email, accounts.admin.password),
    );
    const startJob = async (name: JobName, run: () => Promise<JobOutcome>): Promise<JobOutcome> => {
      await adminSignedIn;
      await sleep(Math.max(0, windowStart + JOB_STARTS[name] * options.duration * 1000 - performance.now()));
      jobState[name] = 'running';
      const outcome = await run();
      jobState[name] = outcome.status.toLowerCase();
      return outcome;
    };
    const jobs = Promise.all([
      startJob('import', () => runImportJob(ctx, upload, 'Stress: uploaded during the window')),
      startJob('judge', () =>
        runJudgeJob(ctx, { url: judgeUrl, datasetId: judge.datasetId, calls: judge.calls, latencyMs: JUDGE_LATENCY_MS }),
      ),
      startJob('export', () => runExportJob(ctx, datasetId)),
    ]);

    await Promise.all(experts);
    const windowMs = performance.now() - windowStart;
    const cpuReport = cpu.stop();
    const serverCpuAtEnd = serversCpuMs();
    const serverRolesAtEnd = serversCpuByRole();
    const poolWaitReport = await poolWait.stop();
    waits.stop();
    const wal = walDelta(walAtStart, await readWalCounters(pgPool()));
    const pgStatements = options.pgStatements ? await readStatements(pgPool()) : undefined;
    clearInterval(loadSampler);
    clearInterval(cpuSampler);
    const loadAtEnd = os.loadavg();
    progress.stop();
    const endedBy = budget.reason() ?? 'every expert ran out of work';
    const { requests, errors } = recorder.totals();
    log(`window over after ${(windowMs / 1000).toFixed(1)} s (${endedBy}); waiting for the background jobs…`);
    const jobOutcomes = await jobs;
    // Where in the window the slow requests were (the experts' own operations), beside what the admin's jobs did.
    const timeline = {
      bucketS: TIMELINE_BUCKET_S,
      buckets: recorder.timeline([OPS.claim, OPS.open, OPS.save, OPS.rate, OPS.submit, OPS.amend], windowStart, TIMELINE_BUCKET_S),
      cpu: cpuSlices,
    };

    log('stopping the app, then checking the invariants in SQL…');
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    const db = pgPool();
    const invariants = [
      ...(await checkInvariants(db, { campaignId: campaign.id, ledger })),
      await checkBackgroundJobs(db, {
        import: { id: jobOutcomes[0].id, queries: upload.queries, criteria: upload.criteria },
        judge: { id: jobOutcomes[1].id, calls: judge.calls },
        export: { id: jobOutcomes[2].id },
      }),
    ];
    const info = machineInfo((await db.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?', '');
    const windowS = windowMs / 1000;
    const operationOrder = ['sign-in', ...Object.values(OPS)];
    const operations = recorder
      .summaries(windowS)
      .sort((a, b) => (operationOrder.indexOf(a.op) + 1 || 99) - (operationOrder.indexOf(b.op) + 1 || 99) || a.op.localeCompare(b.op));
    const serverCpuMs = serverCpuAtStart === null || serverCpuAtEnd === null ? null : serverCpuAtEnd - serverCpuAtStart;
    const partial = {
      startedAt,
      command,
      data: {
        scale: options.scale,
        queries: totals.queries,
        criteria: totals.criteria,
        campaign: { id: campaign.id, queries: campaign.queries, criteria: campaign.criteria, k: options.k, note: campaign.note },
        setupMs,
      },
      experts: expertCount,
      thinkMs: options.thinkMs,
      rampS: Math.min(options.rampS, options.duration / 5),
      instances: options.instances,
      webConcurrency: options.webConcurrency,
      signIns,
      window: {
        plannedS: options.duration,
        actualS: windowS,
        endedBy,
        requests,
        errors,
        maxRequests: options.maxRequests,
        submitted: {
          queries: ledger.submittedAssignments.size,
          verdicts: ledger.acknowledgedVerdicts.length,
          amendments: ledger.amendments,
        },
      },
      operations,
      errors: recorder.errors(),
      serverCpu: {
        window: {
          nodeMsPerRequest: serverCpuMs === null || requests === 0 ? null : serverCpuMs / requests,
          postgresMsPerRequest: cpuReport.postgresMs === null || requests === 0 ? null : cpuReport.postgresMs / requests,
        },
        calibration: { ...calibration, requests: calibration.operations.reduce((sum, op) => sum + op.requests, 0) },
      },
      poolWait: poolWaitReport,
      wal,
      ...(Object.keys(options.pgSettings).length > 0 ? { pgSettings: options.pgSettings } : {}),
      ...(pgStatements ? { pgStatements } : {}),
      timeline,
      jobs: jobOutcomes,
      invariants,
      machine: {
        cpu: info.cpu,
        cores: info.cores,
        ramGb: info.ramGb,
        node: info.node,
        postgres: info.postgres,
        loadAtStart,
        loadMaxDuring,
        loadAtEnd,
        cpuSeconds: {
          server: serverCpuMs === null ? null : serverCpuMs / 1000,
          // A process that exits in the window (a replaced worker) takes its CPU with it: hence the null check
          // and "at least" in the report; the split is by what each process is (tools/stress/process-tree-cpu.ts).
          serverByRole:
            serverRolesAtStart === null || serverRolesAtEnd === null
              ? null
              : {
                  web: Math.max(0, serverRolesAtEnd.web - serverRolesAtStart.web) / 1000,
                  jobs: Math.max(0, serverRolesAtEnd.jobs - serverRolesAtStart.jobs) / 1000,
                  other: Math.max(0, serverRolesAtEnd.other - serverRolesAtStart.other) / 1000,
                },
          postgres: cpuReport.postgresMs === null ? null : cpuReport.postgresMs / 1000,
          client: cpuReport.nodeMs / 1000,
          machineBusyShare: cpuReport.machineTotalMs > 0 ? cpuReport.machineBusyMs / cpuReport.machineTotalMs : 0,
        },
        scheduling,
        serverPoolMax: process.env.DB_POOL_MAX
          ? `max ${process.env.DB_POOL_MAX}`
          : options.webConcurrency > 1
            ? `sized by npm start for ${options.webConcurrency} web workers and a job process (each process's size in the pool-wait lines)`
            : 'max 10 (default)',
      },
      maxErrorRate: options.maxErrorRate,
      appLog: appLogs.join(', '),
    };
    return { ...partial, ...verdictOf(partial) };
  } catch (error) {
    for (const appLog of appLogs)
      if (fs.existsSync(appLog))
        log(`last lines of the app's log (${appLog}):\n${fs.readFileSync(appLog, 'utf8').split('\n').slice(-30).join('\n')}`);
    throw error;
  }
}
