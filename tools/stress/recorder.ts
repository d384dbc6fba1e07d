// Bookkeeping of a stress run: the request budget (a deadline and a hard cap on requests, shared by every
// simulated user) and, per operation, every attempt's latency and every error by kind. An error is anything
// the user would have seen go wrong: no answer in time, a refused connection, an HTTP error status, a
// response that does not decode or has the wrong shape, or an action answering { ok: false }.
import { ZodError } from 'zod';
import { percentile } from '@/tools/bench/percentile';
import { FlightError } from '@/tools/stress/flight';

export class Budget {
  private used = 0;
  private readonly deadline: number;

  constructor(
    durationMs: number,
    readonly maxRequests: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.deadline = now() + durationMs;
  }

  /** Takes one request from the budget; false once the time is up or the cap is reached. */
  take(): boolean {
    if (this.exhausted()) return false;
    this.used += 1;
    return true;
  }

  exhausted(): boolean {
    return this.used >= this.maxRequests || this.now() >= this.deadline;
  }

  get requests(): number {
    return this.used;
  }

  /** Why the budget ran out, for the report. */
  reason(): 'time' | 'request cap' | null {
    if (this.used >= this.maxRequests) return 'request cap';
    if (this.now() >= this.deadline) return 'time';
    return null;
  }
}

/** An HTTP answer other than the one expected (status and a little of the body, for the log). */
export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`HTTP ${status}: ${detail}`);
  }
}

/** Sorts a failure into the report's error kinds. */
export function errorKind(error: unknown): string {
  if (error instanceof HttpStatusError) return `HTTP ${error.status}`;
  if (error instanceof FlightError) return 'undecodable response';
  if (error instanceof ZodError) return 'unexpected response shape';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ? `network (${cause})` : 'network';
  }
  return `exception (${error instanceof Error ? error.name : typeof error})`;
}

export interface OperationSummary {
  op: string;
  count: number;
  errors: number;
  perSecond: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export type Attempt<T> = { ran: false } | { ran: true; ok: true; value: T } | { ran: true; ok: false; error: unknown };

/** Latencies of some operations in one slice of the window. */
export interface TimelineBucket {
  /** Seconds from the window's start to the slice's start. */
  fromS: number;
  count: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
}

export class Recorder {
  private readonly latencies = new Map<string, number[]>();
  /** Every attempt's operation, when it finished (performance.now()) and how long it took. */
  private readonly finished: { op: string; at: number; ms: number }[] = [];
  private readonly failures = new Map<string, number>();
  private readonly errorsByKind = new Map<string, number>();
  private readonly examples = new Map<string, string>();

  /** Records one finished attempt of `op` that took `ms`; `failure` is its error kind, if it failed. */
  record(op: string, ms: number, failure?: { kind: string; message: string }, at = performance.now()): void {
    const list = this.latencies.get(op) ?? [];
    list.push(ms);
    this.latencies.set(op, list);
    this.finished.push({ op, at, ms });
    if (failure) {
      this.failures.set(op, (this.failures.get(op) ?? 0) + 1);
      const key = `${op}: ${failure.kind}`;
      this.errorsByKind.set(key, (this.errorsByKind.get(key) ?? 0) + 1);
      if (!this.examples.has(key)) this.examples.set(key, failure.message.slice(0, 300));
    }
  }

  /**
   * Runs one request of `op` if the budget allows, timing it. An action result { ok: false } counts as an
   * error of kind "action <code>" (the value is still returned: the caller decides what the user does next).
   */
  async attempt<T>(budget: Budget | null, op: string, run: () => Promise<T>): Promise<Attempt<T>> {
    if (budget && !budget.take()) return { ran: false };
    const started = performance.now();
    try {
      const value = await run();
      const refused = isRefusal(value);
      this.record(op, performance.now() - started, refused ? { kind: `action ${refused.code}`, message: refused.error } : undefined);
      return { ran: true, ok: true, value };
    } catch (error) {
      this.record(op, performance.now() - started, {
        kind: errorKind(error),
        message: error instanceof Error ? error.message : String(error),
      });
      return { ran: true, ok: false, error };
    }
  }

  totals(): { requests: number; errors: number } {
    let requests = 0;
    for (const list of this.latencies.values()) requests += list.length;
    let errors = 0;
    for (const count of this.failures.values()) errors += count;
    return { requests, errors };
  }

  count(op: string): number {
    return this.latencies.get(op)?.length ?? 0;
  }

  summaries(windowSeconds: number): OperationSummary[] {
    return [...this.latencies].map(([op, list]) => ({
      op,
      count: list.length,
      errors: this.failures.get(op) ?? 0,
      perSecond: windowSeconds > 0 ? list.length / windowSeconds : 0,
      p50: list.length ? percentile(list, 50) : null,
      p95: list.length ? percentile(list, 95) : null,
      p99: list.length ? percentile(list, 99) : null,
      max: list.length ? list.reduce((a, b) => Math.max(a, b), 0) : null,
    }));
  }

  /**
   * The latencies of `ops` by when they finished, in slices of `bucketS` seconds from `startAt` (a
   * performance.now() value): where in the window the slow requests were.
   */
  timeline(ops: readonly string[], startAt: number, bucketS: number): TimelineBucket[] {
    const wanted = new Set(ops);
    const buckets: number[][] = [];
    for (const { op, at, ms } of this.finished) {
      if (!wanted.has(op) || at < startAt) continue;
      const index = Math.floor((at - startAt) / 1000 / bucketS);
      const bucket = buckets[index] ?? [];
      bucket.push(ms);
      buckets[index] = bucket;
    }
    return Array.from(buckets, (list, index) => {
      const values = list ?? [];
      return {
        fromS: index * bucketS,
        count: values.length,
        p50: values.length ? percentile(values, 50) : null,
        p95: values.length ? percentile(values, 95) : null,
        max: values.length ? values.reduce((a, b) => Math.max(a, b), 0) : null,
      };
    });
  }

  errors(): { kind: string; count: number; example: string }[] {
    return [...this.errorsByKind]
      .map(([kind, count]) => ({ kind, count, example: this.examples.get(kind) ?? '' }))
      .sort((a, b) => b.count - a.count);
  }
}

function isRefusal(value: unknown): { code: string; error: string } | null {
  if (value && typeof value === 'object' && 'ok' in value && (value as { ok: unknown }).ok === false) {
    const { code, error } = value as { code?: unknown; error?: unknown };
    return { code: String(code ?? 'ERROR'), error: String(error ?? '') };
  }
  return null;
}
