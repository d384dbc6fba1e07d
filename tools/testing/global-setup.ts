// Vitest global setup: one throwaway PostgreSQL cluster for the whole run (its own temp directory and
// port, never the app's .data), with a migrated template database that every test file clones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { migrateDatabase } from '@/lib/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the cluster's maintenance database (for CREATE DATABASE ... TEMPLATE). */
    pgAdminUrl: string;
    pgTemplateDb: string;
  }
}

export const TEMPLATE_DB = 'rubric_template';

export default async function setup(project: TestProject) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-vitest-'));
  const db = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), database: TEMPLATE_DB, persistent: false });
  try {
    await migrateDatabase(db.url);
  } catch (error) {
    await db.stop();
    throw error;
  }
  const admin = new URL(db.url);
  admin.pathname = '/postgres';
  project.provide('pgAdminUrl', admin.toString());
  project.provide('pgTemplateDb', TEMPLATE_DB);
  return async () => {
    await db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}
