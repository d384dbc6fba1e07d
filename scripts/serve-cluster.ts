// `npm start` on several cores (issue 21): Node 20 has no SO_REUSEPORT for http, so node:cluster shares the one
// port between N `next start` web workers (the primary accepts connections and hands them out in turn), each
// the same server as a single `next start` (instrumentation.ts, next.config.js headers, proxy.ts). Background
// jobs run in exactly one separate process (scripts/worker.ts); the web workers only queue them. The primary
// restarts a web worker or the job process that dies, and on SIGTERM/SIGINT stops them all before the caller
// stops the database.
import { type ChildProcess, spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

export interface ServeClusterOptions {
  port: number;
  /** next start's options besides the port (-H, --keepAliveTimeout), as serve-app.ts builds them. */
  startArgs: string[];
  webWorkers: number;
  /** The environment of every web worker and of the job process. */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** The job process's nice value (JOB_PROCESS_NICE): background work yields the CPU to the web workers. */
  jobNice: number;
  /** False (WORKERS_IN_APP=false): the jobs run in `npm run worker` processes started separately. */
  runJobs: boolean;
  /** Called once everything has exited, after a signal (0) or a start that failed (1). */
  onStopped: (code: number) => void;
}

/** How long the processes get to finish after SIGTERM (running jobs: pg-boss waits up to 20 s) before SIGKILL. */
const STOP_GRACE_MS = 45_000;

export function serveCluster({ port, startArgs, webWorkers, env, log, runJobs, jobNice, onStopped }: ServeClusterOptions): void {
  let stopping = false;
  let listening = 0;
  let jobProcess: ChildProcess | undefined;
  let jobProcessAlive = false;
  // Ours, not cluster.workers: a worker stays in that map until its IPC channel closes, after its 'exit'.
  const web = new Set<Worker>();
  let jobRestartDelay = 1_000;

  // Web workers never run jobs and let Next.js drain their requests on SIGTERM (its own handler), so the
  // signal hand-over of a single process (NEXT_MANUAL_SIG_HANDLE) is not theirs.
  const webEnv: NodeJS.ProcessEnv = { ...env, WORKERS_IN_APP: 'false' };
  delete webEnv.NEXT_MANUAL_SIG_HANDLE;
  // cluster.fork() adds its argument to the primary's environment, so the primary's must not carry it either.
  delete process.env.NEXT_MANUAL_SIG_HANDLE;
  cluster.setupPrimary({
    exec: 'node_modules/next/dist/bin/next',
    args: ['start', '-p', String(port), ...startArgs],
    // Next.js runs under plain node, as `next start` does (not under tsx or the react-server condition).
    execArgv: [],
  });

  const forkWebWorker = () => {
    web.add(cluster.fork(webEnv));
  };

  const startJobProcess = () => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
      stdio: 'inherit',
      // DB_SESSION_NICE: its database sessions get its priority too, when PostgreSQL is local (lib/db/backend-priority.ts).
      env: { ...env, WORKERS_IN_APP: 'true', DB_SESSION_NICE: String(jobNice) },
    });
    jobProcess = child;
    jobProcessAlive = true;
    if (child.pid !== undefined && jobNice > 0) {
      try {
        os.setPriority(child.pid, jobNice);
      } catch (error) {
        log(`job process ${child.pid}: could not lower its CPU priority (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    log(`job process ${child.pid}: the only process that runs background jobs${jobNice > 0 ? ` (nice ${jobNice}, JOB_PROCESS_NICE)` : ''}`);
    child.on('exit', (code, signal) => {
      jobProcessAlive = false;
      if (stopping) return settle();
      // A job that was running when the process died is retried by pg-boss once its lease expires.
      if (Date.now() - started > 60_000) jobRestartDelay = 1_000;
      log(`job process ${child.pid} exited (${signal ?? `code ${code}`}); starting another in ${jobRestartDelay / 1000} s`);
      setTimeout(() => {
        if (!stopping) startJobProcess();
      }, jobRestartDelay);
      jobRestartDelay = Math.min(jobRestartDelay * 2, 30_000);
    });
  };

  let stopped = false;
  function settle() {
    if (stopped || web.size > 0 || jobProcessAlive) return;
    stopped = true;
    onStopped(listening >= webWorkers ? 0 : 1);
  }

  const stop = (signal: NodeJS.Signals, why: string) => {
    if (stopping) return;
    stopping = true;
    log(`${why}, stopping ${web.size} web workers${jobProcessAlive ? ' and the job process' : ''}…`);
    // A group signal (Ctrl+C, kill -- -PID) reached them already; a second one is ignored by both.
    for (const worker of web) worker.process.kill(signal);
    if (jobProcessAlive) jobProcess?.kill(signal);
    setTimeout(() => {
      for (const worker of web) worker.process.kill('SIGKILL');
      if (jobProcessAlive) jobProcess?.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
    settle();
  };

  cluster.on('listening', (worker) => {
    listening += 1;
    if (listening === webWorkers) {
      const pids = [...web].map((each) => each.process.pid);
      log(`serving on http://localhost:${port} with ${webWorkers} web workers (pids ${pids.join(', ')}; WEB_CONCURRENCY)`);
    } else if (listening > webWorkers) {
      log(`web worker ${worker.process.pid} replaces one that died`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    web.delete(worker);
    if (stopping) return settle();
    const how = signal ?? `code ${code}`;
    if (listening < webWorkers) {
      // Before every worker serves, a worker that dies (a port in use, a broken build) fails the start.
      return stop('SIGTERM', `web worker ${worker.process.pid} exited before serving (${how})`);
    }
    log(`web worker ${worker.process.pid} exited (${how}); starting another`);
    forkWebWorker();
  });

  process.on('SIGINT', () => stop('SIGINT', 'SIGINT received'));
  process.on('SIGTERM', () => stop('SIGTERM', 'SIGTERM received'));
  for (let index = 0; index < webWorkers; index += 1) forkWebWorker();
  if (runJobs) startJobProcess();
  else log('WORKERS_IN_APP=false: no job process; run `npm run worker` for the background jobs');
}
