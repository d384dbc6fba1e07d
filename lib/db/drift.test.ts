// Proves prisma/schema.prisma and prisma/migrations describe the same database, and that the check itself
// notices drift in either direction.
import fs from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { compareCatalogs, describeCatalog } from '@/lib/db/catalog';
import { MIGRATIONS_DIR, SCHEMA_FILE, SNAPSHOT_FILE } from '@/lib/db/migrate';
import { applyMigrations, diffSchemas, executeScript, isEmptyDiff, listMigrations } from '@/lib/db/schema-engine';
import { createDatabase, dropDatabase } from '@/tools/testing/test-database';

const adminUrl = inject('pgAdminUrl');
const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const url = await createDatabase(adminUrl);
  created.push(url);
  return url;
}

/** A database built straight from a schema text, without the migrations. */
async function databaseFromSchema(schema: string): Promise<string> {
  const url = await emptyDatabase();
  await executeScript(url, await diffSchemas(url, 'empty', { schema }));
  return url;
}

afterAll(async () => {
  for (const url of created) await dropDatabase(adminUrl, url);
});

const schema = fs.readFileSync(SCHEMA_FILE, 'utf8');

describe('schema and migrations', () => {
  it('the migrated database equals the database schema.prisma describes', async () => {
    const migrated = await describeCatalog(process.env.DATABASE_URL as string);
    const fromSchema = await describeCatalog(await databaseFromSchema(schema));
    expect(fromSchema.length).toBeGreaterThan(300);
    expect(compareCatalogs(migrated, fromSchema)).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
  });

  it('keeps the hand-written invariants that Prisma cannot express', async () => {
    const migrated = await describeCatalog(process.env.DATABASE_URL as string);
    const manual = migrated.filter((line) => line.includes('manual_'));
    expect(manual.some((line) => line.startsWith('trigger audit_events manual_audit_events_append_only'))).toBe(true);
    expect(manual.some((line) => line.includes('manual_campaign_queries_holders_within_k'))).toBe(true);
    expect(manual.some((line) => line.includes('manual_meta_rubric_versions_immutable'))).toBe(true);
    expect(manual.some((line) => line.startsWith('function manual_claim_next('))).toBe(true);
    expect(manual.some((line) => line.startsWith('function manual_refresh_outcomes('))).toBe(true);
    expect(manual.some((line) => line.startsWith('trigger verdicts manual_verdicts_outcomes_update'))).toBe(true);
    expect(manual.some((line) => line.startsWith('trigger criterion_outcomes manual_criterion_outcomes_deltas_update'))).toBe(true);
    expect(manual.some((line) => line.startsWith('function manual_pairwise_claim_next('))).toBe(true);
    expect(manual.some((line) => line.startsWith('trigger release_lines manual_release_lines_frozen_insert'))).toBe(true);
  });

  it('the snapshot used to generate the next migration matches schema.prisma', async () => {
    const sql = await diffSchemas(process.env.DATABASE_URL as string, { schema: fs.readFileSync(SNAPSHOT_FILE, 'utf8') }, { schema });
    expect(isEmptyDiff(sql), `schema.prisma changed without a migration; run npm run db:migration -- <name>\n${sql}`).toBe(true);
  });

  it('applying the migrations again changes nothing', async () => {
    expect(await applyMigrations(process.env.DATABASE_URL as string, MIGRATIONS_DIR)).toEqual([]);
    expect(listMigrations(MIGRATIONS_DIR).names.length).toBeGreaterThan(0);
  });

  it('detects a field added to schema.prisma without a migration', async () => {
    const drifted = schema.replace(/model Dataset \{\n/, 'model Dataset {\n  driftProbe String? @map("drift_probe")\n');
    expect(drifted).not.toBe(schema);
    const migrated = await describeCatalog(process.env.DATABASE_URL as string);
    const difference = compareCatalogs(migrated, await describeCatalog(await databaseFromSchema(drifted)));
    expect(difference.onlyInSchema).toEqual(['column datasets.drift_probe text']);
    const sql = await diffSchemas(
      process.env.DATABASE_URL as string,
      { schema: fs.readFileSync(SNAPSHOT_FILE, 'utf8') },
      { schema: drifted },
    );
    expect(isEmptyDiff(sql)).toBe(false);
  });

  it('detects a migration that changes the database behind schema.prisma', async () => {
    const url = await emptyDatabase();
    await applyMigrations(url, MIGRATIONS_DIR);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE INDEX "datasets_description_idx" ON "datasets" ("description")');
    await client.end();
    const difference = compareCatalogs(await describeCatalog(url), await describeCatalog(await databaseFromSchema(schema)));
    expect(difference.onlyInMigrations).toEqual([
      'index datasets_description_idx CREATE INDEX datasets_description_idx ON public.datasets USING btree (description)',
    ]);
  });
});
