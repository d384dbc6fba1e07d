// Per-test-file databases cloned from the migrated template. Refuses anything but a loopback server, so a
// stray DATABASE_URL can never point destructive tests at real data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export function assertLocalDatabase(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`refusing to run tests against non-local database host ${host}`);
  }
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  assertLocalDatabase(adminUrl);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a database (a copy of `template`, or empty) and returns its URL. */
export async function createDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    await client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}
