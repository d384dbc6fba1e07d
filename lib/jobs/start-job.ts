// Starting a background job is one atomic step, for every kind of job: the row that holds the job's state
// (an ImportJob, a JudgeRun, a release marked for freezing or its requested files) and the pg-boss job that
// points at it are written in one transaction, the job sent on the transaction's own connection (pg-boss's
// `db` option). After the commit both exist; if the queue refuses the job, the row is rolled back with it and
// the user is told that nothing was started. A worker never sees a job before its row is committed.
import 'server-only';
import { fromPrisma } from 'pg-boss';
import { prisma } from '@/lib/db';
import { DomainError, isDatabaseUnavailable } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { getBoss } from '@/lib/jobs/boss';
import type { QueuePayloads, StartableQueue } from '@/lib/jobs/queues';

/** The queue did not take the job (its row was rolled back): shown to the user as it is. */
export const jobNotStarted = (what: string) =>
  new DomainError('UNAVAILABLE', `${what} could not be queued for the background workers, so nothing was saved. Try again shortly.`);

/**
 * Runs `write` in a transaction and sends the job it describes on `queue` in that same transaction. `write`
 * returns the caller's result and the job's payload (null: nothing to start, only the writes are kept).
 * With `enqueue: false` nothing is sent: the caller runs the job itself (the command line, tests).
 */
export async function startJob<Q extends StartableQueue, T>(
  {
    queue,
    what,
    enqueue = true,
  }: {
    queue: Q;
    /** The job as the user knows it, for the message when it cannot be queued ("The import"). */
    what: string;
    enqueue?: boolean;
  },
  write: (tx: Prisma.TransactionClient) => Promise<{ result: T; payload: QueuePayloads[Q] | null }>,
): Promise<T> {
  const boss = enqueue ? await getBoss().catch((error: unknown) => refused(what, error)) : null;
  return await prisma.$transaction(async (tx) => {
    const { result, payload } = await write(tx);
    if (boss && payload) {
      const id = await boss.send(queue, payload, { db: fromPrisma(tx) }).catch((error: unknown) => refused(what, error));
      if (id === null) refused(what, new Error(`pg-boss did not create the ${queue} job`));
    }
    return result;
  });
}

/** A database outage stays one (pages and actions say so); any other refusal is logged and told plainly. */
function refused(what: string, error: unknown): never {
  if (isDatabaseUnavailable(error)) throw error;
  console.error(`[jobs] ${what} could not be queued:`, error);
  throw jobNotStarted(what);
}
