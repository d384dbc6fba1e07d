import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCatalog } from '@/lib/db/catalog';
import { createMigration } from '@/lib/db/create-migration';
import { MIGRATIONS_DIR, SCHEMA_FILE } from '@/lib/db/migrate';
import { applyMigrations } from '@/lib/db/schema-engine';

describe('npm run db:migration', () => {
  it('writes nothing when schema.prisma matches the migrations', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    expect(
      await createMigration({ databaseUrl: process.env.DATABASE_URL as string, schemaFile: SCHEMA_FILE, migrationsDir: dir, name: 'noop' }),
    ).toBeNull();
  });

  it('produces the next migration from a schema change, and that migration applies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const schemaFile = path.join(dir, 'changed.prisma');
    fs.writeFileSync(
      schemaFile,
      fs.readFileSync(SCHEMA_FILE, 'utf8').replace('model Dataset {\n', 'model Dataset {\n  license String? @map("license")\n'),
    );
    const written = await createMigration({
      databaseUrl: process.env.DATABASE_URL as string,
      schemaFile,
      migrationsDir: dir,
      name: 'add_license',
      now: new Date('2030-01-02T03:04:05Z'),
    });
    expect(written?.directory).toBe(path.join(dir, '20300102030405_add_license'));
    expect(written?.sql).toContain('ALTER TABLE "datasets" ADD COLUMN     "license" TEXT;');
    expect(fs.readFileSync(path.join(dir, 'schema.snapshot.prisma'), 'utf8')).toContain('license String?');
    // The database of this test file already has the committed migrations; only the new one applies.
    expect(await applyMigrations(process.env.DATABASE_URL as string, dir)).toEqual(['20300102030405_add_license']);
    expect(await describeCatalog(process.env.DATABASE_URL as string)).toContain('column datasets.license text');
  });
});
