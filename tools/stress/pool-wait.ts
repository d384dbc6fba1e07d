// How long the app's requests waited for a database connection during the window: GET /api/metrics/db-pool
// (admin only) answers the cumulative counters of the answering process's pg pool; the run asks every
// instance every few seconds, keeps each process's first and latest answer, and reports the difference.
// A route that answers 404 (an app without it) makes the report say so; the run goes on. The same answer
// carries the process's event-loop stalls (lib/http/event-loop-stalls.ts), reported the same way when present.
import { z } from 'zod';
import type { HttpSession } from '@/tools/stress/http-client';
import { HttpStatusError } from '@/tools/stress/recorder';

export const poolSnapshot = z.object({
  pid: z.number().int(),
  poolMax: z.number().int(),
  waits: z.number().min(0),
  waitMsTotal: z.number().min(0),
  waitMsMax: z.number().min(0),
  // Apps from before 2026-11-27 do not answer these.
  loopStalls: z.number().min(0).optional(),
  loopStallMsTotal: z.number().min(0).optional(),
  loopStallMsMax: z.number().min(0).optional(),
  loopStallCpuMsTotal: z.number().min(0).nullable().optional(),
});
export type PoolSnapshot = z.infer<typeof poolSnapshot>;

export interface PoolWaitReport {
  status: 'measured' | 'route missing' | 'failed';
  detail: string;
  /** Per process: waits and wait time in the window (the max is since the process started). */
  processes: PoolSnapshot[];
}

const ROUTE = '/api/metrics/db-pool';

export class PoolWaitMonitor {
  private readonly first = new Map<number, PoolSnapshot>();
  private readonly latest = new Map<number, PoolSnapshot>();
  private missing = false;
  private lastError: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();

  /** One admin session per instance, signed in. */
  constructor(private readonly sessions: readonly HttpSession[]) {}

  /** Asks every instance once; never rejects. */
  poll(): Promise<void> {
    this.inFlight = Promise.all(
      this.sessions.map(async (session) => {
        try {
          const snapshot = poolSnapshot.parse(await session.json(ROUTE));
          if (!this.first.has(snapshot.pid)) this.first.set(snapshot.pid, snapshot);
          this.latest.set(snapshot.pid, snapshot);
        } catch (error) {
          if (error instanceof HttpStatusError && error.status === 404) this.missing = true;
          else this.lastError = error instanceof Error ? error.message.slice(0, 200) : String(error);
        }
      }),
    ).then(() => {});
    return this.inFlight;
  }

  /**
   * The stall time (ms) of every process in the window so far, as their latest answers give it (each process is
   * read every few seconds, so a stall is counted up to one poll late); null when the app does not answer it.
   */
  loopStallMsSoFar(): number | null {
    const latest = [...this.latest.values()].filter((snapshot) => snapshot.loopStallMsTotal !== undefined);
    if (latest.length === 0) return null;
    return latest.reduce(
      (sum, snapshot) => sum + (snapshot.loopStallMsTotal ?? 0) - (this.first.get(snapshot.pid)?.loopStallMsTotal ?? 0),
      0,
    );
  }

  start(everyMs: number): void {
    this.timer = setInterval(() => {
      this.poll().catch(() => {});
    }, everyMs);
  }

  /** Stops polling, asks once more, and reports. */
  async stop(): Promise<PoolWaitReport> {
    clearInterval(this.timer);
    await this.inFlight;
    await this.poll();
    if (this.missing && this.latest.size === 0) return { status: 'route missing', detail: `${ROUTE} answered 404`, processes: [] };
    if (this.latest.size === 0) return { status: 'failed', detail: this.lastError ?? 'no answer', processes: [] };
    const processes = [...this.latest.values()].map((latest) => {
      const first = this.first.get(latest.pid) ?? latest;
      return {
        pid: latest.pid,
        poolMax: latest.poolMax,
        waits: latest.waits - first.waits,
        waitMsTotal: latest.waitMsTotal - first.waitMsTotal,
        waitMsMax: latest.waitMsMax,
        ...(latest.loopStalls === undefined
          ? {}
          : {
              loopStalls: latest.loopStalls - (first.loopStalls ?? 0),
              loopStallMsTotal: (latest.loopStallMsTotal ?? 0) - (first.loopStallMsTotal ?? 0),
              loopStallMsMax: latest.loopStallMsMax ?? 0,
              loopStallCpuMsTotal:
                latest.loopStallCpuMsTotal === undefined || latest.loopStallCpuMsTotal === null
                  ? null
                  : latest.loopStallCpuMsTotal - (first.loopStallCpuMsTotal ?? 0),
            }),
      };
    });
    return { status: 'measured', detail: this.lastError ? `some polls failed, e.g. ${this.lastError}` : '', processes };
  }
}

/** "pool wait: …" lines for the report. */
export function formatPoolWait(report: PoolWaitReport): string[] {
  if (report.status === 'route missing') return ['pool wait: not available (route missing)'];
  if (report.status === 'failed') return [`pool wait: not available (${report.detail})`];
  const line = (what: string, p: { waits: number; waitMsTotal: number; waitMsMax: number; poolMax?: number }) =>
    `  ${what}: ${p.waits.toLocaleString('en')} checkouts waited, mean ${p.waits ? (p.waitMsTotal / p.waits).toFixed(1) : '0'} ms, max ${p.waitMsMax.toFixed(1)} ms${p.poolMax === undefined ? '' : ` (pool max ${p.poolMax})`}`;
  const total = report.processes.reduce(
    (sum, p) => ({
      waits: sum.waits + p.waits,
      waitMsTotal: sum.waitMsTotal + p.waitMsTotal,
      waitMsMax: Math.max(sum.waitMsMax, p.waitMsMax),
    }),
    { waits: 0, waitMsTotal: 0, waitMsMax: 0 },
  );
  const stalled = report.processes.filter((p) => p.loopStalls !== undefined);
  return [
    `pool wait in the window (GET /api/metrics/db-pool; the max is since each process started)${report.detail ? `; ${report.detail}` : ''}:`,
    ...report.processes.map((p) => line(`process ${p.pid}`, p)),
    line('total', total),
    ...(stalled.length
      ? [
          'event-loop stalls in the window (a 20 ms timer 50 ms or more late: every request of that process waited; the max is since it started):',
          ...stalled.map(
            (p) =>
              `  process ${p.pid}: ${(p.loopStalls ?? 0).toLocaleString('en')} stalls, ${((p.loopStallMsTotal ?? 0) / 1000).toFixed(1)} s in all, max ${(p.loopStallMsMax ?? 0).toFixed(0)} ms${
                p.loopStallCpuMsTotal === null || p.loopStallCpuMsTotal === undefined
                  ? ''
                  : `; the main thread on the CPU for ${(p.loopStallCpuMsTotal / 1000).toFixed(1)} s of it (the rest waiting for a core or blocked)`
              }`,
          ),
        ]
      : []),
  ];
}
