// The Prisma client, one per process (a globalThis singleton survives Next's module reloading in dev).
// `prisma` omits secrets by default; only the auth library gets `authPrisma`, which can read them.
import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { databaseUrl, env } from '@/lib/env';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { isLocalDatabase, lowerSessionPriority } from '@/lib/db/backend-priority';
import { trackPoolWaits } from '@/lib/db/pool-waits';

const secretOmissions = {
  account: { password: true, accessToken: true, refreshToken: true, idToken: true },
  session: { token: true },
} as const;

function createClients() {
  // Prisma stores DateTime as UTC in "timestamp without time zone"; SQL that compares those columns with
  // now() is only right when the session's time zone is UTC, whatever the server's default.
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    max: env().DB_POOL_MAX,
    idleTimeoutMillis: env().DB_POOL_IDLE_TIMEOUT_MS,
    options: '-c TimeZone=UTC',
  });
  // An idle client losing its server (Postgres restarted) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error(`[db] idle connection error: ${error.message}`));
  // A connection lost while checked out (a COPY, a transaction) emits 'error' on its client, which without a
  // listener is an uncaught exception (a crash in `npm run worker`). The statement in flight rejects with
  // the same error, and the pool drops the broken client when it is released, so nothing more is needed.
  pool.on('connect', (client) => client.on('error', () => {}));
  // npm start's job process: its sessions yield PostgreSQL's CPU to the experts' as the process yields its own.
  const sessionNice = env().DB_SESSION_NICE;
  if (sessionNice > 0 && isLocalDatabase(databaseUrl())) {
    let told = false;
    pool.on('connect', (client) => {
      // Queued on the client before anything its first borrower sends.
      void lowerSessionPriority(client, sessionNice).then((outcome) => {
        if (outcome === 'lowered' || told) return;
        told = true;
        console.warn(
          outcome === 'lowered in another scheduling group'
            ? "[db] the job process's database sessions were reniced, but PostgreSQL runs in another autogroup than the app: the kernel shares the CPU between the groups first, so the experts gain little (docs/operations.md, Web workers)"
            : `[db] the job process's database sessions keep their CPU priority (${outcome})`,
        );
      });
    });
  }
  const waits = trackPoolWaits(pool);
  const adapter = new PrismaPg(pool);
  return {
    pool,
    waits,
    // Under load every pooled connection can be busy: an interactive transaction (a verdict save, a submission)
    // waits up to 10 s for one rather than Prisma's 2 s, after which it failed with P2028 (npm run stress). Once
    // started, it may run 30 s rather than Prisma's 5 s: on a saturated two-core machine a submission took 5.2 s
    // and the expert was told "Something went wrong" (the stress harness saw it). Both are the app's choices.
    prisma: new PrismaClient({ adapter, omit: secretOmissions, transactionOptions: { maxWait: 10_000, timeout: 30_000 } }),
    authPrisma: new PrismaClient({ adapter }),
  };
}

type Clients = ReturnType<typeof createClients>;
const holder = globalThis as unknown as { __rubricAuditDb?: Clients };

function clients(): Clients {
  holder.__rubricAuditDb ??= createClients();
  return holder.__rubricAuditDb;
}

function lazy<K extends 'prisma' | 'authPrisma'>(key: K): Clients[K] {
  return new Proxy({} as Clients[K], {
    get: (_target, property) => {
      const client = clients()[key];
      const value: unknown = Reflect.get(client, property);
      return typeof value === 'function' ? value.bind(client) : value;
    },
  });
}

/** Lazily connected, so importing this module never needs DATABASE_URL until a query runs. */
export const prisma = lazy('prisma');
export const authPrisma = lazy('authPrisma');

/** The underlying pg pool, for COPY and hand-written SQL where Prisma has no equivalent. */
export function pgPool(): pg.Pool {
  return clients().pool;
}

/** This process's pool: its size and how long checkouts have waited for a free connection since it opened. */
export function poolMetrics(): { pid: number; poolMax: number; waits: number; waitMsTotal: number; waitMsMax: number } {
  const { pool, waits } = clients();
  return { pid: process.pid, poolMax: pool.options.max ?? env().DB_POOL_MAX, ...waits };
}

export async function disconnectDb(): Promise<void> {
  const current = holder.__rubricAuditDb;
  if (!current) return;
  holder.__rubricAuditDb = undefined;
  await current.prisma.$disconnect();
  await current.authPrisma.$disconnect();
  await current.pool.end().catch(() => {});
}
