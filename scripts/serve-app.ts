// What `npm start` and `npm run dev` share: start PostgreSQL (embedded unless DATABASE_URL is set), migrate,
// seed demo data on an empty database, size the connection pools, then run Next.js on http://localhost:$PORT
// (`next start` after a build when needed, or `next dev`). With WEB_CONCURRENCY > 1 (the default on a machine
// with several cores), `npm start` runs that many `next start` web workers on the one port (node:cluster) and one
// job process (scripts/worker.ts). Ctrl+C stops the app first, then the database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, needsBuild } from '@/tools/app-process/build-app';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { choosePoolSize, JOB_QUEUE_POOL_MAX, RESERVED_CONNECTIONS, readMaxConnections } from '@/lib/db/pool-size';
import { prepareDatabase } from '@/lib/db/prepare-database';
import { disconnectDb } from '@/lib/db';
import { serveCluster } from './serve-cluster';
import { env } from '@/lib/env';
import { seedDemo } from '@/lib/seed/seed-demo';

const root = process.cwd();
const dataDir = path.join(root, '.data');

function authSecret(): string {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  // One secret per installation, kept with the data so sessions survive restarts.
  const file = path.join(dataDir, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export type ServeMode = 'start' | 'dev';

let embedded: EmbeddedPostgresHandle | undefined;
let stopping = false;
let log = (line: string) => console.log(line);

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await disconnectDb().catch(() => {});
    if (embedded) {
      log('stopping the embedded PostgreSQL…');
      await embedded.stop().catch((error: unknown) => console.error(error));
      log('stopped.');
    }
  }
  process.exit(code);
}

async function serve(mode: ServeMode) {
  // Fail fast, with the variable's name, on a malformed setting (e.g. a DATABASE_URL that is not a URL).
  const settings = env();
  const port = settings.PORT;
  if (mode === 'start' && needsBuild(root) && process.env.SKIP_BUILD !== '1') {
    log('building the app (next build)…');
    buildApp(root);
  }

  let databaseUrl = settings.DATABASE_URL;
  if (databaseUrl) {
    log(`using DATABASE_URL (${new URL(databaseUrl).host}); no embedded database is started`);
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
    databaseUrl = embedded.url;
    process.env.DATABASE_URL = databaseUrl;
    log(`embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in .data/postgres`);
  }

  const prepared = await prepareDatabase({ databaseUrl, seed: () => seedDemo({ log }) });
  log(prepared.appliedMigrations.length ? `applied migrations: ${prepared.appliedMigrations.join(', ')}` : 'database schema is up to date');
  await disconnectDb();

  // `npm run dev` stays one process: next dev recompiles in the process that serves.
  const webWorkers = mode === 'start' ? (settings.WEB_CONCURRENCY ?? os.availableParallelism()) : 1;
  // One process serves and runs the jobs, or N web workers and one job process each open a pool.
  const poolMax = await choosePoolMax(databaseUrl, webWorkers === 1 ? 1 : webWorkers + 1);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: authSecret(),
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: mode === 'start' ? 'production' : 'development',
    DB_POOL_MAX: String(poolMax),
  };

  // embedded-postgres installs exit hooks that stop the database and exit at once on a signal, before the
  // web server has finished its requests. Take signals over: stop the server first, then the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  // -H, and (next start only) how long idle connections stay open: longer than a proxy's idle timeout.
  const listen = [
    ...(settings.HOST ? ['-H', settings.HOST] : []),
    ...(mode === 'start' ? ['--keepAliveTimeout', String(settings.KEEP_ALIVE_TIMEOUT_MS)] : []),
  ];
  if (webWorkers > 1) {
    serveCluster({
      port,
      startArgs: listen,
      webWorkers,
      env: childEnv,
      log,
      runJobs: settings.WORKERS_IN_APP,
      jobNice: settings.JOB_PROCESS_NICE,
      onStopped: (code) => void shutdown(code),
    });
    return;
  }

  const server = spawn(process.execPath, ['node_modules/next/dist/bin/next', mode, '-p', String(port), ...listen], {
    stdio: 'inherit',
    // Our instrumentation stops the job workers cleanly on SIGTERM/SIGINT, then exits.
    env: { ...childEnv, NEXT_MANUAL_SIG_HANDLE: 'true' },
  });
  log(`serving on http://localhost:${port} (one process: web and background jobs)`);

  const forward = (signal: NodeJS.Signals) => {
    log(`${signal} received, stopping the web server…`);
    server.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  server.on('exit', (code, signal) => {
    void shutdown(code ?? (signal ? 0 : 1));
  });
}

/** DB_POOL_MAX for each of `processes`: the one set, or what max_connections leaves (lib/db/pool-size.ts). */
async function choosePoolMax(databaseUrl: string, processes: number): Promise<number> {
  const set = process.env.DB_POOL_MAX;
  if (set) {
    log(`database pool: ${set} connections in each of ${processes} process(es) (DB_POOL_MAX)`);
    return env().DB_POOL_MAX;
  }
  const maxConnections = await readMaxConnections(databaseUrl);
  const { size, fits } = choosePoolSize({ maxConnections, processes });
  log(
    `database pool: ${size} connections in each of ${processes} process(es) (PostgreSQL max_connections ${maxConnections}, ` +
      `${RESERVED_CONNECTIONS} reserved, ${JOB_QUEUE_POOL_MAX} per process for pg-boss; DB_POOL_MAX overrides)`,
  );
  if (!fits) {
    log(`warning: max_connections ${maxConnections} is too small for ${processes} processes; raise it or lower WEB_CONCURRENCY`);
  }
  return size;
}

/** Runs the app in `mode` until it stops; exits the process with the server's code. */
export function serveApp(mode: ServeMode): void {
  log = (line: string) => console.log(`[${mode}] ${line}`);
  serve(mode).catch(async (error: unknown) => {
    console.error(`[${mode}] ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  });
}
