// Which database a command-line tool talks to: DATABASE_URL if set; else the embedded PostgreSQL of
// `npm start` if it is running (found through its postmaster.pid); else that embedded cluster, started for
// the duration of the command (and migrated first).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { embeddedDatabaseUrl, readCredentials, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { env } from '@/lib/env';
import { migrateDatabase } from '@/lib/db/migrate';

const DATA_DIR = path.join(process.cwd(), '.data', 'postgres');

export async function resolveDatabase({ log }: { log: (line: string) => void }): Promise<{ url: string; stop: () => Promise<void> }> {
  const configured = env().DATABASE_URL;
  if (configured) return { url: configured, stop: async () => {} };
  const running = await runningEmbeddedUrl();
  if (running) {
    log('using the running embedded PostgreSQL of `npm start`');
    return { url: running, stop: async () => {} };
  }
  const handle = await startEmbeddedPostgres({ dataDir: DATA_DIR });
  log(`started the embedded PostgreSQL (.data/postgres) on port ${handle.port}`);
  await migrateDatabase(handle.url);
  return { url: handle.url, stop: () => handle.stop() };
}

async function runningEmbeddedUrl(): Promise<string | null> {
  const pidFile = path.join(DATA_DIR, 'postmaster.pid');
  const credentialsFile = `${DATA_DIR}.credentials.json`;
  if (!fs.existsSync(pidFile) || !fs.existsSync(credentialsFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const url = embeddedDatabaseUrl(readCredentials(credentialsFile), port, 'rubric_audit');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}
