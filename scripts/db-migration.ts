// npm run db:migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql for the changes in prisma/schema.prisma and
// updates prisma/migrations/schema.snapshot.prisma. Hand-written SQL (CHECKs, triggers) may be appended below
// the generated part; name such objects manual_* so the drift test tells them apart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMigration } from '@/lib/db/create-migration';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { MIGRATIONS_DIR, SCHEMA_FILE } from '@/lib/db/migrate';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migration -- <name>   (lowercase letters, digits and underscores)');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-migration-'));
const db = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), persistent: false });
try {
  const written = await createMigration({ databaseUrl: db.url, schemaFile: SCHEMA_FILE, migrationsDir: MIGRATIONS_DIR, name });
  console.log(
    written
      ? `wrote ${path.relative(process.cwd(), written.directory)}/migration.sql (${written.sql.split('\n').length} lines)`
      : 'prisma/schema.prisma matches the migrations: nothing to write.',
  );
} finally {
  await db.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
