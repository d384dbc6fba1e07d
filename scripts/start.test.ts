// `npm start` uses every core (issue 21): WEB_CONCURRENCY web workers answer on the one port, exactly one process
// runs the background jobs, the pool size comes from max_connections, a crashed worker or job process is
// replaced, and SIGTERM lets the job process finish before everything stops. Needs a production build (npm test
// builds before vitest; without a current build this test builds first). Started through
// tools/app-process/start-next.ts, which the stress harness uses for `npm start`-style instances).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@/lib/db/embedded-postgres';
import { buildApp, needsBuild } from '@/tools/app-process/build-app';
import { type NextProcess, startNext } from '@/tools/app-process/start-next';
import { choosePoolSize, readMaxConnections } from '@/lib/db/pool-size';

interface Health {
  pid: number;
  headers: http.IncomingHttpHeaders;
}

/** GET /api/health on a connection of its own (no keep-alive), so the cluster may hand it to any worker. */
function health(port: number): Promise<Health | null> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        if (response.statusCode !== 200) return resolve(null);
        resolve({ pid: (JSON.parse(body) as { pid: number }).pid, headers: response.headers });
      });
    });
    // A connection handed to a worker that was just killed must not hang the test.
    request.setTimeout(5_000, () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** The idle timeout (s) the server announces on a kept-alive connection: `Keep-Alive: timeout=N`. */
function keepAliveSeconds(port: number): Promise<number | null> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<number | null>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(Number(/timeout=(\d+)/.exec(String(response.headers['keep-alive']))?.[1]) || null));
    });
    request.setTimeout(5_000, () => request.destroy());
    request.on('error', () => resolve(null));
  }).finally(() => agent.destroy());
}

/** Polls `check` until it returns a value, or fails with the server's output. */
async function until<T>(what: string, check: () => Promise<T | null | undefined> | T | null | undefined, output: () => string): Promise<T> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}; output:\n${output()}`);
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

let server: NextProcess | undefined;
// npm start runs in its own process group (detached): a failed run takes its workers down with it.
afterAll(() => server?.kill());

/** `npm start` with WEB_CONCURRENCY=n, through the harnesses' startNext (which serves it when asked for workers). */
async function startApp(webConcurrency: number): Promise<{ started: NextProcess; port: number; log: () => string }> {
  const port = await findFreePort();
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-')), 'server.log');
  // A build that exists is served as it is (sources edited since do not matter here); none: build it first.
  if (needsBuild(process.cwd())) buildApp(process.cwd());
  server = await startNext({ root: process.cwd(), port, env: { DATABASE_URL: process.env.DATABASE_URL ?? '' }, logFile, webConcurrency });
  return { started: server, port, log: () => fs.readFileSync(logFile, 'utf8') };
}

async function sigterm(started: NextProcess, log: () => string): Promise<void> {
  process.kill(started.pid, 'SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('still running after 90 s'), 90_000));
  expect(await Promise.race([started.exited, timeout]), log()).toEqual({ code: 0, signal: null });
}

describe('npm start with WEB_CONCURRENCY=1', () => {
  it('is the single process it always was: it serves and runs the jobs, and finishes them on SIGTERM', { timeout: 600_000 }, async () => {
    const { started, port, log } = await startApp(1);
    await until('the in-process job workers', () => log().includes('[jobs] workers started in the web process') || null, log);
    expect(log()).toContain('(one process: web and background jobs)');
    expect(log()).not.toContain('[worker] started');
    expect(log()).toContain('database pool: ');
    expect((await health(port))?.pid).toBeGreaterThan(0);
    // Idle connections stay open longer than a proxy's 60 s (KEEP_ALIVE_TIMEOUT_MS), not Node's 5 s.
    expect(await keepAliveSeconds(port)).toBe(65);
    await sigterm(started, log);
    expect(count(log(), '[jobs] SIGTERM: finishing running jobs')).toBe(1);
  });
});

describe('npm start with WEB_CONCURRENCY=2', () => {
  it('serves from two web workers, runs jobs in one process, replaces crashed ones and stops cleanly', { timeout: 600_000 }, async () => {
    const { started, port, log } = await startApp(2);
    let output = '';
    const read = () => {
      output = log();
      return output;
    };

    const serving = await until('two web workers', () => /with 2 web workers \(pids (\d+), (\d+);/.exec(read()), log);
    const workerPids = new Set([Number(serving[1]), Number(serving[2])]);
    // Both workers answer on the one port, each with next.config.js's headers (the API's CSP, nosniff).
    const seen = new Set<number>();
    await until(
      'answers from both workers',
      async () => {
        const answer = await health(port);
        if (!answer) return null;
        expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        seen.add(answer.pid);
        return seen.size === 2 ? true : null;
      },
      log,
    );
    expect(seen).toEqual(workerPids);
    expect(await keepAliveSeconds(port)).toBe(65);

    // Exactly one process runs the job workers: the job process, never a web worker.
    await until('the job process', () => read().includes('[worker] started') || null, log);
    expect(count(output, '[worker] started')).toBe(1);
    expect(output).not.toContain('workers started in the web process');
    const jobPid = Number(/job process (\d+): the only process that runs background jobs/.exec(output)?.[1]);
    expect(workerPids.has(jobPid)).toBe(false);
    // Background work yields the CPU to the web workers (JOB_PROCESS_NICE, 10 by default).
    expect(os.getPriority(jobPid)).toBe(10);
    for (const pid of workerPids) expect(os.getPriority(pid)).toBe(os.getPriority(process.pid));

    // Two web workers and the job process share what max_connections leaves.
    const { size } = choosePoolSize({ maxConnections: await readMaxConnections(process.env.DATABASE_URL ?? ''), processes: 3 });
    expect(output).toContain(`database pool: ${size} connections in each of 3 process(es)`);

    // A crashed web worker is replaced, and the port keeps answering from two workers.
    const [crashed] = workerPids;
    process.kill(crashed as number, 'SIGKILL');
    await until('a replacement web worker', () => read().includes('replaces one that died') || null, log);
    seen.clear();
    await until(
      'answers from the replacement',
      async () => {
        const answer = await health(port);
        if (answer) seen.add(answer.pid);
        return seen.size === 2 ? true : null;
      },
      log,
    );
    expect(seen.has(crashed as number)).toBe(false);

    // A crashed job process is replaced too, and it is still the only one.
    process.kill(jobPid, 'SIGKILL');
    await until('a new job process', () => count(read(), '[worker] started') === 2 || null, log);
    expect(output).not.toContain('workers started in the web process');

    // SIGTERM to npm start alone: it stops the job process (which finishes its jobs) and the web workers, and exits 0.
    await sigterm(started, log);
    expect(count(read(), '[worker] SIGTERM: finishing running jobs')).toBe(1);
    expect(output).toContain('SIGTERM received, stopping 2 web workers and the job process');
  });
});
