// Migrations installed databases know by name: the repository's keep the rules, and each mistake is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@/lib/db/migrate';
import { checkMigrations, recordShipped } from '@/lib/db/shipped-migrations';

function copyOfMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipped-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

function addMigration(dir: string, name: string, sql = 'SELECT 1;\n'): void {
  fs.mkdirSync(path.join(dir, name));
  fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
}

describe('shipped migrations', () => {
  it('the repository keeps every rule: unique ordered names, each shipped one recorded and unchanged', () => {
    expect(checkMigrations(MIGRATIONS_DIR)).toEqual([]);
  });

  it('refuses an edited shipped migration', () => {
    const dir = copyOfMigrations();
    fs.appendFileSync(path.join(dir, '20261121134042_init', 'migration.sql'), '\n-- one more line\n');
    expect(checkMigrations(dir)).toEqual([expect.stringContaining('20261121134042_init has shipped but its SQL changed')]);
  });

  it('refuses a renamed shipped migration', () => {
    const dir = copyOfMigrations();
    fs.renameSync(path.join(dir, '20261121151232_criteria_browse_indexes'), path.join(dir, '20261121151233_criteria_browse_indexes'));
    const problems = checkMigrations(dir).join('\n');
    expect(problems).toContain('20261121151232_criteria_browse_indexes has shipped but is missing');
    expect(problems).toContain('20261121151233_criteria_browse_indexes sorts before the shipped');
  });

  it('refuses a new migration sharing a timestamp, and the grandfathered pair stays the only one', () => {
    const dir = copyOfMigrations();
    addMigration(dir, '20261121190000_third_one');
    const problems = checkMigrations(dir).join('\n');
    expect(problems).toContain('share the timestamp 20261121190000');
    expect(() => recordShipped(dir)).toThrow(/share the timestamp/);
  });

  it('a new migration is refused until recorded as shipped; recording it keeps every earlier hash', () => {
    const dir = copyOfMigrations();
    const before = fs.readFileSync(path.join(dir, 'shipped.sha256'), 'utf8');
    addMigration(dir, '29991231235959_later');
    expect(checkMigrations(dir)).toEqual([expect.stringContaining('29991231235959_later is not recorded as shipped')]);
    expect(recordShipped(dir)).toEqual(['29991231235959_later']);
    expect(checkMigrations(dir)).toEqual([]);
    const after = fs.readFileSync(path.join(dir, 'shipped.sha256'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
  });

  it('refuses a badly named migration', () => {
    const dir = copyOfMigrations();
    addMigration(dir, '2026_add-things');
    expect(checkMigrations(dir).join('\n')).toContain('2026_add-things: a migration is named');
  });
});
