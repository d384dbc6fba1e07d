// The job queue misbehaving for real, in the test's own database: pg-boss's job table refusing a queue's new
// jobs (a trigger that raises), or holding the commit of a transaction that queued one (a deferred trigger
// that waits for an advisory lock the test holds), and what a worker would find on a queue.
import { getBoss } from '@/lib/jobs/boss';
import type { QueueName } from '@/lib/jobs/queues';
import { pgPool } from '@/lib/db';

/** The table pg-boss keeps a queue's jobs in (one shared table unless the queue is partitioned). */
async function jobTable(queue: QueueName): Promise<string> {
  await getBoss();
  const { rows } = await pgPool().query<{ table_name: string }>('SELECT table_name FROM pgboss.queue WHERE name = $1', [queue]);
  const table = rows[0]?.table_name;
  if (!table) throw new Error(`pg-boss has no queue ${queue}`);
  return `pgboss.${JSON.stringify(table)}`;
}

/** Until the returned function runs, every new job on `queue` fails to insert ("job queue refused (test)"). */
export async function refuseJobs(queue: QueueName): Promise<() => Promise<void>> {
  const table = await jobTable(queue);
  const db = pgPool();
  await db.query(`CREATE OR REPLACE FUNCTION public.test_refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'job queue refused (test)'; END $$`);
  await db.query(
    `CREATE TRIGGER test_refuse_${queue} BEFORE INSERT ON ${table} FOR EACH ROW WHEN (NEW.name = '${queue}') EXECUTE FUNCTION public.test_refuse_job()`,
  );
  return async () => {
    await db.query(`DROP TRIGGER test_refuse_${queue} ON ${table}`);
  };
}

/**
 * Until the returned function runs, a transaction that inserted a job on `queue` waits at COMMIT for the
 * advisory lock `key` (a deferred constraint trigger), so a test holding that lock sees the moment between
 * sending the job and committing.
 */
export async function holdJobCommits(queue: QueueName, key: number): Promise<() => Promise<void>> {
  const table = await jobTable(queue);
  const db = pgPool();
  await db.query(`CREATE OR REPLACE FUNCTION public.test_hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_advisory_xact_lock(TG_ARGV[0]::bigint); RETURN NULL; END $$`);
  await db.query(
    `CREATE CONSTRAINT TRIGGER test_hold_${queue} AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED
       FOR EACH ROW WHEN (NEW.name = '${queue}') EXECUTE FUNCTION public.test_hold_commit('${key}')`,
  );
  return async () => {
    await db.query(`DROP TRIGGER test_hold_${queue} ON ${table}`);
  };
}

/** The payloads of the jobs waiting on `queue`, as another connection (a worker) sees them. */
export async function queuedPayloads(queue: QueueName): Promise<unknown[]> {
  await getBoss();
  const { rows } = await pgPool().query<{ data: unknown }>(
    `SELECT data FROM pgboss.job WHERE name = $1 AND state = 'created' ORDER BY created_on`,
    [queue],
  );
  return rows.map((row) => row.data);
}
