// Building and serving the app for the command-line tools (npm start, npm run stress): whether the build is
// stale, `next build` when it is, and `next start` as a child process on a given host and port, waited for
// until /api/health answers. Started as `node node_modules/next/dist/bin/next`, never through npx, so
// stopping the child stops the server.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const NEXT_BIN = path.join('node_modules', 'next', 'dist', 'bin', 'next');
/** What the build is made from: a newer file in any of these makes it stale. */
const BUILD_SOURCES = [
  'app',
  'components',
  'lib',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.js',
  'package.json',
  'prisma/schema.prisma',
];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child === 'generated' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** The build is stale when any source is newer than the last build's BUILD_ID. */
export function needsBuild(root = process.cwd()): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return BUILD_SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Runs `next build` in the foreground, its output on stderr (stdout stays for results); throws when it fails. */
export function buildApp(): void {
  const build = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error('next build failed');
}

export interface NextServer {
  url: string;
  pid: number;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null after a signal). */
  stop: (graceMs?: number) => Promise<number | null>;
}

/**
 * Starts `next start` on host:port with `env` added to this process's environment, its output appended to
 * `logFile`, and resolves once GET /api/health answers 200 (or rejects, with the log's last lines, when the
 * server exits or `timeoutMs` passes first).
 */
export async function startNextServer({
  host,
  port,
  env,
  logFile,
  timeoutMs = 60_000,
}: {
  host: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}): Promise<NextServer> {
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, 'start', '-H', host, '-p', String(port)], {
    stdio: ['ignore', log, log],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const stop = async (graceMs = 30_000): Promise<number | null> => {
    if (!running) return await exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  const tail = () => fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt) {
    if (!running) throw new Error(`next start exited before it was ready:\n${tail()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { url, pid: child.pid as number, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop(5000);
  throw new Error(`next start did not answer /api/health within ${timeoutMs / 1000} s:\n${tail()}`);
}
