// Applies the committed migrations (prisma/migrations) to a database. Called on every start and by tests.
import path from 'node:path';
import { applyMigrations } from '@/lib/db/schema-engine';

export const MIGRATIONS_DIR = path.join(process.cwd(), 'prisma', 'migrations');
export const SCHEMA_FILE = path.join(process.cwd(), 'prisma', 'schema.prisma');
/** The schema the committed migrations produce; the next migration is the diff from it to schema.prisma. */
export const SNAPSHOT_FILE = path.join(MIGRATIONS_DIR, 'schema.snapshot.prisma');

export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  return await applyMigrations(databaseUrl, MIGRATIONS_DIR);
}
