// Everything a database needs before the app serves from it: migrations, then first-start demo data.
// Serialized with an advisory lock, so several instances starting together neither race nor double-seed.
import pg from 'pg';
import { migrateDatabase } from '@/lib/db/migrate';

const PREPARE_LOCK = 727_001;

export interface PrepareResult {
  appliedMigrations: string[];
  seeded: boolean;
}

export async function prepareDatabase({
  databaseUrl,
  seed,
}: {
  databaseUrl: string;
  /** Runs inside the lock after migrations; returns whether it created anything. */
  seed?: () => Promise<boolean>;
}): Promise<PrepareResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
    const appliedMigrations = await migrateDatabase(databaseUrl);
    const seeded = seed ? await seed() : false;
    return { appliedMigrations, seeded };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => {});
    await client.end();
  }
}
