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

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0) when the event loop
 * drains, which is exactly when Vitest has set process.exitCode = 1 for failed tests: the run exited 0 with tests
 * failing (so `npm test` and CI passed them). A clean exit keeps the exit code Vitest set.
 */
function keepExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exit(code === 0 || code === undefined || code === null ? (process.exitCode ?? 0) : code)) as typeof process.exit;
}

export default async function setup(project: TestProject) {
  keepExitCode();
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
