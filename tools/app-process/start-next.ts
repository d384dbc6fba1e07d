// `next start` (or `npm start` with its web workers) as a child process for harnesses (npm run faults, stress):
// loopback only, output appended to a log file. By default in a session and process group of its own, so that
// `kill -9` of the group reaches the server and everything it spawned; with `session: 'caller'` in the caller's
// session (signals then go to the process tree), which is where a harness that starts PostgreSQL itself must put
// the app for the kernel's autogroup scheduling to treat them as `npm start` with its embedded PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { signalProcessTree } from '@/tools/app-process/process-tree';

export interface NextProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the whole process group. */
  signal: (signal: NodeJS.Signals) => void;
  /** kill -9 of the process group, resolved once the server has exited. */
  kill: () => Promise<void>;
  /** SIGTERM (the app finishes running jobs), then SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
}

export interface StartNextOptions {
  root: string;
  port: number;
  /** Added to this process's environment. */
  env: Record<string, string>;
  logFile: string;
  /** How long to wait for GET /api/health to answer 200. */
  readyTimeoutMs?: number;
  /**
   * Serve as `npm start` does with WEB_CONCURRENCY=n (scripts/serve-app.ts: web workers, one job process, pools
   * sized from max_connections) instead of one `next start`. Needs a build and a migrated DATABASE_URL in `env`.
   */
  webConcurrency?: number;
  /**
   * 'own' (default): a new session and process group (setsid), signalled as a group. 'caller': this process's
   * session, signalled process by process down the tree. With kernel.sched_autogroup_enabled = 1 every session is
   * a scheduling group that gets an equal share of the CPU before nice values apply (docs/performance.md), so a
   * harness that runs PostgreSQL as its own child puts the app in its session to measure what `npm start` gets.
   */
  session?: 'own' | 'caller';
}

function signalAll(child: ChildProcess, signal: NodeJS.Signals, session: 'own' | 'caller') {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (session === 'caller') signalProcessTree(child.pid, signal);
    // A negative pid addresses the process group the child leads (spawned with detached: true).
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Polls GET /api/health until it answers 200; rejects when the process exits first or time runs out. */
export async function waitForHealth(url: string, timeoutMs: number, exited?: Promise<unknown>): Promise<number> {
  const started = Date.now();
  let gone = false;
  void exited?.then(() => {
    gone = true;
  });
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    if (gone) throw new Error(`the server exited before it answered /api/health (${last})`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return Date.now() - started;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health with 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

export async function startNext({
  root,
  port,
  env,
  logFile,
  readyTimeoutMs = 120_000,
  webConcurrency,
  session = 'own',
}: StartNextOptions): Promise<NextProcess> {
  const log = fs.openSync(logFile, 'a');
  const command =
    webConcurrency === undefined
      ? ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port), '--keepAliveTimeout', '65000']
      : ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'];
  const cluster =
    webConcurrency === undefined ? {} : { WEB_CONCURRENCY: String(webConcurrency), HOST: '127.0.0.1', PORT: String(port), SKIP_BUILD: '1' };
  const child = spawn(process.execPath, command, {
    cwd: root,
    detached: session === 'own',
    stdio: ['ignore', log, log],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...cluster, ...env },
  });
  fs.closeSync(log);
  if (child.pid === undefined) throw new Error('could not start next start');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  // Never leave a server behind: the harness may fail or be interrupted at any point.
  const groupKill = (target: ChildProcess, signal: NodeJS.Signals) => signalAll(target, signal, session);
  const onExit = () => groupKill(child, 'SIGKILL');
  process.once('exit', onExit);
  void exited.then(() => process.off('exit', onExit));
  const url = `http://127.0.0.1:${port}`;
  const handle: NextProcess = {
    url,
    pid: child.pid,
    exited,
    signal: (signal) => groupKill(child, signal),
    kill: async () => {
      groupKill(child, 'SIGKILL');
      await exited;
    },
    stop: async (graceMs = 30_000) => {
      groupKill(child, 'SIGTERM');
      const timer = setTimeout(() => groupKill(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitForHealth(url, readyTimeoutMs, exited);
  } catch (error) {
    await handle.kill();
    throw new Error(`next start on port ${port}: ${error instanceof Error ? error.message : String(error)} (log: ${logFile})`);
  }
  return handle;
}
