// The embedded PostgreSQL that `npm start`, the tests and the harnesses run: a server that does not start says
// why, in the server's own words, instead of the library's bare rejection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';

describe('startEmbeddedPostgres', () => {
  it('names the setting PostgreSQL refused when it does not start', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-refused-')), 'pg');
    try {
      await expect(startEmbeddedPostgres({ dataDir, persistent: false, settings: { wal_compression: 'not-a-method' } })).rejects.toThrow(
        /failed to start in .*its last lines:[\s\S]*wal_compression/,
      );
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});
