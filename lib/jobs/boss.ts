// The process-wide pg-boss instance (a globalThis singleton: Next bundles modules more than once).
import { PgBoss } from 'pg-boss';
import { databaseUrl } from '@/lib/env';
import { QUEUE_OPTIONS } from '@/lib/jobs/queues';
import { JOB_QUEUE_POOL_MAX } from '@/lib/db/pool-size';

const holder = globalThis as unknown as { __rubricAuditBoss?: Promise<PgBoss> };

export function getBoss(): Promise<PgBoss> {
  holder.__rubricAuditBoss ??= (async () => {
    const boss = new PgBoss({
      connectionString: databaseUrl(),
      schema: 'pgboss',
      application_name: 'rubric-audit-jobs',
      max: JOB_QUEUE_POOL_MAX,
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
    });
    boss.on('error', (error) => console.error('[jobs]', error instanceof Error ? error.message : error));
    await boss.start();
    for (const [name, options] of Object.entries(QUEUE_OPTIONS)) await boss.createQueue(name, options);
    return boss;
  })().catch((error: unknown) => {
    // Never cache a failed start: the next call tries again (e.g. after the database comes back).
    holder.__rubricAuditBoss = undefined;
    throw error;
  });
  return holder.__rubricAuditBoss;
}

export async function stopBoss(): Promise<void> {
  const pending = holder.__rubricAuditBoss;
  if (!pending) return;
  holder.__rubricAuditBoss = undefined;
  const boss = await pending.catch(() => null);
  await boss?.stop({ graceful: true, timeout: 20_000 });
}
