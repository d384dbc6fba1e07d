// What every fault drill works with: the app under test as a restartable process on a fixed loopback port
// (so a signed-in session and its URL survive a restart), its embedded PostgreSQL, a signed-in admin, the
// judge test double, and SQL on the same database for the checks.
import type { AppUser } from '@/tools/app-process/app-user';
import { type NextProcess, startNext } from '@/tools/app-process/start-next';
import { pgPool } from '@/lib/db';
import type { EmbeddedPostgresHandle } from '@/lib/db/embedded-postgres';
import type { QueueName } from '@/lib/jobs/queues';
import type { JudgeTestDouble } from '@/tools/judge-test-double/server';

export class FaultApp {
  private process: NextProcess | null = null;
  /** How many times the app was started. */
  starts = 0;

  constructor(
    private readonly options: { root: string; port: number; env: Record<string, string>; logFile: string; readyTimeoutMs: number },
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  /** Starts `next start` (workers in the web process) and resolves once /api/health answers 200; returns the ms it took. */
  async start(): Promise<number> {
    if (this.process) throw new Error('the app is already running');
    const started = performance.now();
    this.process = await startNext({ ...this.options });
    this.starts += 1;
    return Math.round(performance.now() - started);
  }

  /** kill -9 of the app's whole process group (the web server and the job workers inside it). */
  async kill(): Promise<void> {
    const running = this.process;
    this.process = null;
    await running?.kill();
  }

  async stop(): Promise<void> {
    const running = this.process;
    this.process = null;
    await running?.stop();
  }

  /** Still running (not crashed) since it was last started. */
  async alive(): Promise<boolean> {
    const running = this.process;
    if (!running) return false;
    return await Promise.race([running.exited.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 10))]);
  }
}

export interface FaultContext {
  root: string;
  workDir: string;
  scale: number;
  seed: number;
  db: EmbeddedPostgresHandle;
  app: FaultApp;
  admin: AppUser;
  /** Signs a demo user in (same session across restarts: the port stays the same). */
  signIn: (email: string, password: string) => Promise<AppUser>;
  double: JudgeTestDouble;
  log: (line: string) => void;
  /** What one drill leaves for a later one (the imported dataset for the export drill). */
  shared: { dataset?: { id: number; name: string } };
}

export interface ScenarioResult {
  id: string;
  title: string;
  pass: boolean;
  /** What was seen and checked, one line each, with figures. */
  evidence: string[];
  problems: string[];
  /** Named durations in ms (killed after, app back, job resumed, finished, ...). */
  timings: Record<string, number>;
  durationMs: number;
}

export interface Scenario {
  id: string;
  title: string;
  timeoutMs: number;
  run: (ctx: FaultContext, result: ScenarioResult) => Promise<void>;
}

/** One query for the checks, on the harness's own pool (the same database as the app). */
export async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pgPool().query<T>(text, values)).rows;
}

export async function sqlOne<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T> {
  const [row] = await sql<T>(text, values);
  if (!row) throw new Error(`no row from: ${text.slice(0, 80)}`);
  return row;
}

/** The newest pg-boss job of `queue` whose data contains `data`: what the queue knows of a job's attempts. */
export async function bossJob(
  queue: QueueName,
  data: Record<string, unknown>,
): Promise<{ state: string; retryCount: number; startedOn: Date | null; output: unknown } | null> {
  const [row] = await sql<{ state: string; retry_count: number; started_on: Date | null; output: unknown }>(
    `SELECT state, retry_count, started_on, output FROM pgboss.job WHERE name = $1 AND data @> $2::jsonb ORDER BY created_on DESC LIMIT 1`,
    [queue, JSON.stringify(data)],
  );
  return row ? { state: row.state, retryCount: row.retry_count, startedOn: row.started_on, output: row.output } : null;
}

/** Adds a problem unless `ok`; returns `ok`. */
export function expectThat(result: ScenarioResult, ok: boolean, problem: string): boolean {
  if (!ok) result.problems.push(problem);
  return ok;
}
