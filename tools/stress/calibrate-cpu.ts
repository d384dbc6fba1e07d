// Server CPU per request of each expert operation, by an isolated calibration before the window: one expert
// works alone (no think time, nothing else sending requests) and the CPU of `next start` and of PostgreSQL is
// read from /proc before and after each request, so what they spent in between is that request's. The
// process counters cannot attribute CPU to operations under load; this is the honest substitute. /proc
// counts in 10 ms ticks, so a single request reads 0 or 10 ms; averaged over many it is unbiased. Background
// work in the same interval (pg-boss polling) is counted too, hence a small overestimate.
import type { ExpertClient } from '@/tools/stress/expert-loop';
import { OPS, runExpert } from '@/tools/stress/expert-loop';
import type { Random } from '@/tools/fixtures/prng';
import type { AckLedger } from '@/tools/stress/ledger';
import { Budget, Recorder } from '@/tools/stress/recorder';

export interface OperationCpu {
  op: string;
  requests: number;
  /** Mean CPU per request (ms); null where the counter could not be read. */
  nodeMs: number | null;
  postgresMs: number | null;
}

export interface CpuReaders {
  node: () => number | null;
  postgres: () => number | null;
}

/** Which operation each client method is (an amendment is a save). */
const METHOD_OPS: Record<Exclude<keyof ExpertClient, 'email'>, string> = {
  home: OPS.home,
  claim: OPS.claim,
  open: OPS.open,
  saveVerdict: OPS.save,
  rate: OPS.rate,
  submit: OPS.submit,
};

export async function calibrateServerCpu({
  client,
  campaignId,
  ledger,
  random,
  readers,
  requests,
  durationMs,
}: {
  client: ExpertClient;
  campaignId: number;
  /** The run's ledger: the calibration's submissions are real and the invariants check them too. */
  ledger: AckLedger;
  random: Random;
  readers: CpuReaders;
  requests: number;
  durationMs: number;
}): Promise<{ operations: OperationCpu[]; errors: number }> {
  const tally = new Map<string, { requests: number; node: number | null; postgres: number | null }>();
  const add = (sum: number | null, before: number | null, after: number | null) =>
    sum === null || before === null || after === null ? null : sum + (after - before);
  // The first query's requests warm the server (compilation, caches) and are left out.
  let warm = false;
  const metered = { email: client.email } as ExpertClient;
  for (const [method, op] of Object.entries(METHOD_OPS) as [keyof typeof METHOD_OPS, string][]) {
    const call = client[method] as (...args: unknown[]) => Promise<unknown>;
    (metered as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const counted = warm;
      const node = readers.node();
      const postgres = readers.postgres();
      try {
        return await call(...args);
      } finally {
        if (method === 'submit') warm = true;
        if (counted) {
          const entry = tally.get(op) ?? { requests: 0, node: 0, postgres: 0 };
          entry.requests += 1;
          entry.node = add(entry.node, node, readers.node());
          entry.postgres = add(entry.postgres, postgres, readers.postgres());
          tally.set(op, entry);
        }
      }
    };
  }
  const recorder = new Recorder();
  await runExpert({
    client: metered,
    campaignId,
    budget: new Budget(durationMs, requests),
    recorder,
    ledger,
    random,
    thinkMs: 0,
    amendRate: 0.05,
  });
  const order: string[] = Object.values(OPS);
  const operations = [...tally]
    .map(([op, entry]) => ({
      op,
      requests: entry.requests,
      nodeMs: entry.node === null ? null : entry.node / entry.requests,
      postgresMs: entry.postgres === null ? null : entry.postgres / entry.requests,
    }))
    .sort((a, b) => order.indexOf(a.op) - order.indexOf(b.op));
  return { operations, errors: recorder.totals().errors };
}
