// The embedded PostgreSQL that `npm start`, the tests and the harnesses run: a server that does not start says
// why, in the server's own words, instead of the library's bare rejection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SOCKET_DIRECTORY, startEmbeddedPostgres } from '@/lib/db/embedded-postgres';

describe('startEmbeddedPostgres', () => {
  it('gives a URL of its Unix-domain socket, with its TCP address beside it for tools that read only the host', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-socket-')), 'pg');
    const handle = await startEmbeddedPostgres({ dataDir, persistent: false });
    try {
      const url = new URL(handle.url);
      expect(url.searchParams.get('host')).toBe(SOCKET_DIRECTORY);
      expect(fs.statSync(path.join(SOCKET_DIRECTORY, `.s.PGSQL.${handle.port}`)).isSocket()).toBe(true);
      const overSocket = new pg.Client({ connectionString: handle.url });
      // Without the host parameter: TCP to the URL's own address.
      url.searchParams.delete('host');
      const overTcp = new pg.Client({ connectionString: url.toString() });
      await Promise.all([overSocket.connect(), overTcp.connect()]);
      try {
        // inet_client_addr() is null on a Unix-domain socket.
        expect((await overSocket.query('SELECT inet_client_addr() AS a')).rows[0].a).toBeNull();
        expect((await overTcp.query('SELECT inet_client_addr() AS a')).rows[0].a).toBe('127.0.0.1');
      } finally {
        await Promise.all([overSocket.end(), overTcp.end()]);
      }
    } finally {
      await handle.stop();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);

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
