// The kept template's key: the same settings and code give the same directory; a new migration, a change to the
// data generator or another scale, seed or k give another, so a stale template is never copied.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupCacheKey } from '@/tools/stress/level-data';

function fakeRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-key-'));
  for (const file of [
    'tools/fixtures/synthetic.ts',
    'tools/fixtures/grading-dataset.ts',
    'tools/stress/setup.ts',
    'tools/stress/level-data.ts',
  ]) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `// ${file}\n`);
  }
  fs.mkdirSync(path.join(root, 'prisma/migrations/20260101000000_init'), { recursive: true });
  fs.writeFileSync(path.join(root, 'prisma/migrations/20260101000000_init/migration.sql'), 'CREATE TABLE a (id int);\n');
  fs.writeFileSync(path.join(root, 'prisma/migrations/migration_lock.toml'), 'provider = "postgresql"\n');
  return root;
}

describe('setupCacheKey', () => {
  it('names the settings and changes with them, with the migrations and with the data generators', () => {
    const root = fakeRoot();
    const key = setupCacheKey({ scale: 1, seed: 7, k: 3, root });
    expect(key).toMatch(/^scale-1-seed-7-k-3-[0-9a-f]{12}$/);
    expect(setupCacheKey({ scale: 1, seed: 7, k: 3, root })).toBe(key);
    expect(setupCacheKey({ scale: 0.5, seed: 7, k: 3, root })).not.toBe(key);
    expect(setupCacheKey({ scale: 1, seed: 8, k: 3, root })).not.toBe(key);
    expect(setupCacheKey({ scale: 1, seed: 7, k: 2, root })).not.toBe(key);
    fs.writeFileSync(path.join(root, 'tools/fixtures/synthetic.ts'), '// changed\n');
    const afterGenerator = setupCacheKey({ scale: 1, seed: 7, k: 3, root });
    expect(afterGenerator).not.toBe(key);
    fs.mkdirSync(path.join(root, 'prisma/migrations/20260102000000_more'));
    fs.writeFileSync(path.join(root, 'prisma/migrations/20260102000000_more/migration.sql'), 'ALTER TABLE a ADD b int;\n');
    expect(setupCacheKey({ scale: 1, seed: 7, k: 3, root })).not.toBe(afterGenerator);
  });
});
