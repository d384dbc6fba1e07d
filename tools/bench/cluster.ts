// A throwaway PostgreSQL cluster for one benchmark run: embedded binaries in its own temporary directory on
// a free port, one migrated template database, and fresh databases cloned from it (so the app's and raw
// PostgreSQL's databases are built exactly the same way).
import path from 'node:path';
import pg from 'pg';
import { readPostmasterPid, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { migrateDatabase } from '@/lib/db/migrate';

export interface BenchCluster {
  /** Maintenance database URL. */
  adminUrl: string;
  serverVersion: string;
  /** The settings that matter most for these numbers, e.g. "shared_buffers 128MB, work_mem 4MB". */
  settings: string;
  /** The server's main process, for CPU accounting (tools/bench/cpu-meter.ts); null if it cannot be read. */
  postmasterPid: number | null;
  createDatabase: (name: string) => Promise<string>;
  dropDatabase: (name: string) => Promise<void>;
  /** Runs one statement on the maintenance database (CHECKPOINT, settings). */
  admin: (sql: string) => Promise<void>;
  stop: () => Promise<void>;
}

const TEMPLATE = 'bench_template';

function withDatabase(url: string, database: string): string {
  const copy = new URL(url);
  copy.pathname = `/${database}`;
  return copy.toString();
}

/**
 * `extraSql` runs on the template after the migrations, so every database gets it: a what-if experiment
 * (e.g. candidate indexes) that the import then pays for and the queries may profit from.
 */
export async function startBenchCluster(workDir: string, { extraSql }: { extraSql?: string | undefined } = {}): Promise<BenchCluster> {
  const handle = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg'), database: TEMPLATE, persistent: false });
  try {
    await migrateDatabase(handle.url);
    if (extraSql) {
      const client = new pg.Client({ connectionString: handle.url });
      await client.connect();
      try {
        await client.query(extraSql);
      } finally {
        await client.end();
      }
    }
  } catch (error) {
    await handle.stop();
    throw error;
  }
  const adminUrl = withDatabase(handle.url, 'postgres');
  const admin = async <T extends pg.QueryResultRow>(sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query<T>(sql);
    } finally {
      await client.end();
    }
  };
  const version = await admin<{ server_version: string }>('SHOW server_version');
  const settings = await admin<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings
      WHERE name IN ('shared_buffers', 'work_mem', 'max_parallel_workers_per_gather', 'io_method') ORDER BY name`,
  );
  const postmasterPid = readPostmasterPid(path.join(workDir, 'pg'));
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return {
    adminUrl,
    serverVersion: version.rows[0]?.server_version ?? 'unknown',
    settings: settings.rows.map((row) => `${row.name} ${row.setting}`).join(', '),
    postmasterPid,
    createDatabase: async (name) => {
      await admin(`CREATE DATABASE ${quote(name)} TEMPLATE ${TEMPLATE}`);
      return withDatabase(handle.url, name);
    },
    dropDatabase: async (name) => {
      await admin(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    },
    admin: async (sql) => {
      await admin(sql);
    },
    stop: handle.stop,
  };
}
