// Validated environment. Read once; every other module imports from here instead of process.env.
import 'server-only';
import { z } from '@/lib/zod';

/**
 * The build this server runs, set once per `next build` (next.config.js inlines it into the bundle); outside a build
 * (tests, the bench, scripts) one per process. Figures stored by one build are never served by another
 * (lib/analytics/snapshots.ts). Not configuration, so not in the schema below.
 */
export const BUILD_ID: string = process.env.RUBRIC_AUDIT_BUILD_ID ?? `unbuilt-${process.pid}-${Date.now().toString(36)}`;

const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
    .optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `npm start` listens on (next start -H); unset: every interface. */
  HOST: z.string().min(1).optional(),
  /** Public base URL of the app (sign-in redirects, cookie security). */
  APP_URL: z.string().url().optional(),
  /** Signs session cookies. Several web instances must share it. */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Run pg-boss workers inside the web process (default) or only in `npm run worker` processes. */
  WORKERS_IN_APP: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Sign-in attempts allowed per minute, per client address and per account. */
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts allowed per minute for one account; defaults to SIGN_IN_ATTEMPTS_PER_MINUTE. */
  SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /**
   * Reverse proxies in front of the app that append the client's address to X-Forwarded-For. 0: use the TCP
   * peer's address and never read X-Forwarded-For (a client can write anything there); N: the Nth address from
   * the right of X-Forwarded-For.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(20).default(0),
  /**
   * Connections each process's database pool may open. `npm start` sets it from max_connections and its process
   * count unless it is set (lib/db/pool-size.ts); elsewhere (tests, command-line tools) the default is 10.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * How long a pooled connection may sit idle before it is closed. A new connection costs PostgreSQL a SCRAM
   * handshake and its plan caches start empty (the analytics triggers' first submissions on it plan from scratch);
   * pg's own 10 s closed and reopened connections all through a quiet audit. 300000 (5 min) is the app's choice.
   */
  DB_POOL_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /**
   * How long `npm start` keeps an idle HTTP connection open (next start --keepAliveTimeout). Node's 5 s is shorter
   * than the idle timeout of common proxies and load balancers (60 s), so a proxy or client could send a request
   * on a connection the server is closing and get a reset. 65 s is the app's choice.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(65_000),
  /**
   * The CPU priority (nice, 0–19) of `npm start`'s job process when it runs web workers and a job process: an
   * import or a judge run then takes the CPU the experts' requests leave. 10 is the app's choice; 0: equal.
   */
  JOB_PROCESS_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * Set by `npm start` for its job process only (JOB_PROCESS_NICE): the nice value that process's own database
   * sessions get when PostgreSQL runs on this machine (lib/db/backend-priority.ts). 0: unchanged.
   */
  DB_SESSION_NICE: z.coerce.number().int().min(0).max(19).default(0),
  /**
   * Password hashes (scrypt, deliberately slow) computed at once in each process; more sign-ins queue. Keeps a
   * whole team signing in at once from taking every core. 1 is the app's choice.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * The CPU priority (nice, 0–19) of the threads that hash passwords (Linux): above 0, a team signing in at once
   * yields to the experts' requests. 0: node:crypto's thread pool at the process's priority. 5 is the app's choice.
   */
  PASSWORD_HASH_NICE: z.coerce.number().int().min(0).max(19).default(5),
  /** Web worker processes `npm start` runs on its one port; defaults to the number of cores. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * How long an admin's change of many criteria at once may take before it is undone (one transaction: nothing
   * changes): creating or closing an audit campaign, and the criteria browser's bulk actions (add to a campaign,
   * tag). Over a whole QuarkMedBench-size dataset (220,617 criteria) creating a campaign took 277 s on the 2-core
   * development machine, most of it marking each criterion as in audit (docs/performance.md). 900 (15 min) is the
   * app's choice.
   */
  BULK_CHANGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** The largest file an admin may upload (MB). The app's default is 1024 MB. */
  MAX_UPLOAD_MB: z.coerce.number().min(1).default(1024),
  /** Set by npm start: the web process stops its job workers itself on SIGTERM/SIGINT, then exits. */
  NEXT_MANUAL_SIG_HANDLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Which environment variables a judge endpoint may name for its API key and its extra headers and query
   * parameters (their values are sent to the endpoint's URL). The app's own settings never qualify.
   */
  JUDGE_KEY_ENV_PATTERN: z
    .string()
    .default('^[A-Z][A-Z0-9_]*_API_KEY$')
    .refine((pattern) => compiles(pattern), 'must be a valid regular expression (JavaScript syntax)'),
});

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every variable the app reads as its own setting (all of them are in this schema). A judge endpoint may never
 * send one of them, whatever JUDGE_KEY_ENV_PATTERN says.
 */
export const APP_SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`invalid environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * A variable an admin named for a judge endpoint's key or header (allowed names only, checked by the caller):
 * read at call time, so a rotated secret needs no restart, and never cached or sent to the browser.
 */
export function secretVariable(name: string): string | undefined {
  return process.env[name];
}

export function databaseUrl(): string {
  const url = env().DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (npm start sets it when it starts the embedded PostgreSQL)');
  return url;
}
