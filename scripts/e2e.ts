// npm run test:e2e [-- playwright args]: a throwaway PostgreSQL (own temp dir and port), migrated and
// seeded with the demo data exactly as `npm start` does, then Playwright against `next start` on a free port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { disconnectDb } from '@/lib/db';
import { findFreePort, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { prepareDatabase } from '@/lib/db/prepare-database';
import { seedDemo } from '@/lib/seed/seed-demo';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-e2e-'));
const db = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), persistent: false });
let code = 1;
try {
  process.env.DATABASE_URL = db.url;
  await prepareDatabase({ databaseUrl: db.url, seed: () => seedDemo({ log: () => {} }) });
  await disconnectDb();
  const port = await findFreePort();
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', 'node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        E2E_PORT: String(port),
        BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
        // Many sign-ins from one address in a few minutes are the test suite, not an attack.
        SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
        // No demo account is signed into 12 times a minute by the suite; e2e/security.spec.ts trips this limit.
        SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE: '12',
        NEXT_TELEMETRY_DISABLED: '1',
        // A judge key only the server holds: e2e/judge.spec.ts checks it reaches the endpoint and never a browser.
        E2E_JUDGE_API_KEY: `e2e-judge-key-${randomBytes(18).toString('base64url')}`,
      },
    },
  );
  const stop = () => child.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
} finally {
  await db.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
