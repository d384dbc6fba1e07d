// npm run stress: a throwaway PostgreSQL and `next start` on loopback, the synthetic QuarkMedBench-scale
// dataset under one audit campaign, then a bounded window (a duration and a request cap) in which N simulated
// experts sign in, claim and submit over HTTP while an admin uploads an import, runs the judge against the
// test double and freezes and exports a release; then the background jobs are waited for, the app is stopped
// and the invariants are checked in SQL. Progress on stderr, the report on stdout.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { buildApp, needsBuild } from '@/tools/app-process/build-app';
import { type NextProcess, startNext } from '@/tools/app-process/start-next';
import { parseProcStat, startCpuMeter } from '@/tools/bench/cpu-meter';
import { createRandom } from '@/tools/fixtures/prng';
import { machineInfo } from '@/tools/bench/report';
import { syntheticTotals } from '@/tools/fixtures/synthetic';
import { type TestDoubleThread, startTestDoubleThread } from '@/tools/bench/test-double-thread';
import { disconnectDb, pgPool } from '@/lib/db';
import { type EmbeddedPostgresHandle, findFreePort, readPostmasterPid, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { prepareDatabase } from '@/lib/db/prepare-database';
import { type AdminContext, type JobName, type JobOutcome, runExportJob, runImportJob, runJudgeJob } from '@/tools/stress/background-jobs';
import { OPS, runExpert } from '@/tools/stress/expert-loop';
import { HttpSession, assertLoopbackUrl, httpExpertClient, loadActionIds } from '@/tools/stress/http-client';
import { checkBackgroundJobs, checkInvariants } from '@/tools/stress/invariants';
import { AckLedger } from '@/tools/stress/ledger';
import type { StressOptions } from '@/tools/stress/options';
import { Budget, Recorder } from '@/tools/stress/recorder';
import { type StressReport, verdictOf } from '@/tools/stress/report';
import {
  createStressAccounts,
  createStressCampaign,
  importDataset,
  seedJudgeDataset,
  syntheticSource,
  writeQuarkImportFile,
} from '@/tools/stress/setup';

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

const log = (line: string) => process.stderr.write(`[stress] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time of a process and its direct children (ms), from /proc; null where unreadable. */
function processTreeCpuMs(pid: number): number | null {
  const read = (id: string | number) => {
    try {
      return parseProcStat(fs.readFileSync(`/proc/${id}/stat`, 'utf8'));
    } catch {
      return null;
    }
  };
  const root = read(pid);
  if (!root) return null;
  let total = root.cpuMs + root.reapedChildrenMs;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(entry);
    if (stat?.ppid === pid) total += stat.cpuMs;
  }
  return total;
}

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

export async function runStress(options: StressOptions, command: string): Promise<StressReport> {
  const startedAt = new Date().toISOString();
  const setupStarted = performance.now();
  if (needsBuild(process.cwd())) {
    log('the build is missing or older than the sources: next build…');
    buildApp(process.cwd());
  }
  const actionIds = loadActionIds();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-stress-'));
  // The app's log outlives the scratch directory: it is where a failed request's server side is told.
  const appLog = `${workDir}.next.log`;
  let database: EmbeddedPostgresHandle | undefined;
  let server: NextProcess | undefined;
  let double: TestDoubleThread | undefined;
  const cleanup = async () => {
    await server?.stop(20_000).catch(() => {});
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
    log(`scratch directory ${workDir}; starting PostgreSQL and migrating…`);
    database = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg'), persistent: false });
    assertLoopbackUrl(database.url, 'PostgreSQL');
    process.env.DATABASE_URL = database.url;
    const secret = randomBytes(32).toString('base64url');
    process.env.BETTER_AUTH_SECRET = secret;
    await prepareDatabase({ databaseUrl: database.url });

    const tag = randomBytes(3).toString('hex');
    log(`creating 1 admin and ${options.experts} expert accounts…`);
    const accounts = await createStressAccounts(options.experts, tag);
    const totals = syntheticTotals(options.scale);
    log(
      `generating and importing the synthetic dataset: ${totals.queries.toLocaleString('en')} queries, ${totals.criteria.toLocaleString('en')} criteria…`,
    );
    const source = await syntheticSource({ scale: options.scale, seed: options.seed, file: path.join(workDir, 'synthetic.jsonl') });
    const datasetId = await importDataset(source, 'Stress: synthetic QuarkMedBench');
    log(`creating the campaign (k = ${options.k}, ${options.experts} experts) over every criterion…`);
    const campaign = await createStressCampaign({
      admin: accounts.admin.user,
      expertIds: accounts.experts.map((expert) => expert.user.id),
      datasetId,
      overlapK: options.k,
      log,
    });
    const judge = await seedJudgeDataset(options.scale, options.seed);
    const upload = await writeQuarkImportFile({
      queries: Math.max(50, Math.round(3000 * options.scale)),
      seed: options.seed + 1,
      file: path.join(workDir, 'upload.jsonl'),
    });
    log('VACUUM ANALYZE (as autovacuum would have by the time experts start)…');
    await pgPool().query('VACUUM ANALYZE');
    const setupMs = performance.now() - setupStarted;

    double = await startTestDoubleThread({ host: HOST, latencyMs: JUDGE_LATENCY_MS, seed: options.seed });
    const port = await findFreePort();
    log(`starting next start on ${HOST}:${port} (its log: ${appLog})…`);
    // In a process group of its own, stopped as a group: `next start` runs the server in a child process
    // that would otherwise outlive it.
    server = await startNext({
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
    });

    // ───────────── the window ─────────────
    const recorder = new Recorder();
    const ledger = new AckLedger();
    const budget = new Budget(options.duration * 1000, options.maxRequests);
    const windowStart = performance.now();
    const postmasterPid = readPostmasterPid(path.join(workDir, 'pg'));
    const cpu = startCpuMeter(postmasterPid);
    const serverCpuAtStart = processTreeCpuMs(server.pid);
    const loadAtStart = os.loadavg();
    let loadMaxDuring = loadAtStart[0] ?? 0;
    const loadSampler = setInterval(() => {
      loadMaxDuring = Math.max(loadMaxDuring, os.loadavg()[0] ?? 0);
    }, 1000);
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

    const liveServer = server;
    const experts = accounts.experts.map(async (account, index) => {
      const session = new HttpSession(liveServer.url, EXPERT_TIMEOUT_MS);
      for (let tries = 1; ; tries++) {
        const signedIn = await recorder.attempt(budget, 'sign-in', () => session.signIn(account.user.email, account.password));
        if (!signedIn.ran || (!signedIn.ok && tries === 3)) return;
        if (signedIn.ok) break;
        await sleep(1000);
      }
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

    const adminSession = new HttpSession(liveServer.url, ADMIN_TIMEOUT_MS);
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
        runJudgeJob(ctx, { url: double?.url ?? '', datasetId: judge.datasetId, calls: judge.calls, latencyMs: JUDGE_LATENCY_MS }),
      ),
      startJob('export', () => runExportJob(ctx, datasetId)),
    ]);

    await Promise.all(experts);
    const windowMs = performance.now() - windowStart;
    const cpuReport = cpu.stop();
    const serverCpuAtEnd = processTreeCpuMs(liveServer.pid);
    clearInterval(loadSampler);
    const loadAtEnd = os.loadavg();
    progress.stop();
    const endedBy = budget.reason() ?? 'every expert ran out of work';
    const { requests, errors } = recorder.totals();
    log(`window over after ${(windowMs / 1000).toFixed(1)} s (${endedBy}); waiting for the background jobs…`);
    const jobOutcomes = await jobs;

    log('stopping the app, then checking the invariants in SQL…');
    await server.stop();
    server = undefined;
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
      experts: options.experts,
      thinkMs: options.thinkMs,
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
          server: serverCpuAtStart === null || serverCpuAtEnd === null ? null : (serverCpuAtEnd - serverCpuAtStart) / 1000,
          postgres: cpuReport.postgresMs === null ? null : cpuReport.postgresMs / 1000,
          client: cpuReport.nodeMs / 1000,
          machineBusyShare: cpuReport.machineTotalMs > 0 ? cpuReport.machineBusyMs / cpuReport.machineTotalMs : 0,
        },
        serverPoolMax: process.env.DB_POOL_MAX ? `max ${process.env.DB_POOL_MAX}` : 'max 10 (default)',
      },
      maxErrorRate: options.maxErrorRate,
      appLog,
    };
    const report: StressReport = { ...partial, ...verdictOf(partial) };
    if (options.json) fs.writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } catch (error) {
    if (fs.existsSync(appLog))
      log(`last lines of the app's log (${appLog}):\n${fs.readFileSync(appLog, 'utf8').split('\n').slice(-30).join('\n')}`);
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}
