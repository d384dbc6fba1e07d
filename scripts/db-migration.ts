// npm run db:migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql for the changes in prisma/schema.prisma and
// updates prisma/migrations/schema.snapshot.prisma. Hand-written SQL (CHECKs, triggers) may be appended below
// the generated part; name such objects manual_* so the drift test tells them apart.
// npm run db:migration -- --ship
// Records the new migrations in prisma/migrations/shipped.sha256 before they land on main; from then on a test
// refuses renaming or editing them (installed databases know a migration by its name).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMigration } from '@/lib/db/create-migration';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { MIGRATIONS_DIR, SCHEMA_FILE } from '@/lib/db/migrate';
import { recordShipped } from '@/lib/db/shipped-migrations';

const name = process.argv[2];
if (name === '--ship') {
  const added = recordShipped(MIGRATIONS_DIR);
  console.log(added.length ? `recorded as shipped: ${added.join(', ')}` : 'every migration is already recorded as shipped.');
  process.exit(0);
}
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error(
    'usage: npm run db:migration -- <name>   (lowercase letters, digits and underscores)\n       npm run db:migration -- --ship   (record new migrations as shipped)',
  );
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
