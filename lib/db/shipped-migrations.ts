// Installed databases record each applied migration by its directory name, and the migration runner skips a
// name it has applied: renaming a shipped migration re-runs it, editing one changes nothing on installed
// databases (the schemas drift apart). prisma/migrations/shipped.sha256 records every shipped migration's
// name and content hash (sha256sum format) so a test refuses both mistakes, and names are unique and ordered.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SHIPPED_FILE = 'shipped.sha256';
const NAME = /^(\d{14})_[a-z0-9_]+$/;

/**
 * Timestamps two migrations already share on installed databases (both ran in this order, by name): kept as
 * they are, since renaming either would re-run it. No new pair may join them.
 */
export const GRANDFATHERED_SHARED_STAMP: ReadonlySet<string> = new Set([
  '20261121190000_pairwise_claim_function',
  '20261121190000_release_frozen_guard',
]);

export function listMigrations(migrationsDir: string): string[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function hashMigration(migrationsDir: string, name: string): string {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(migrationsDir, name, 'migration.sql')))
    .digest('hex');
}

export function readShipped(migrationsDir: string): Map<string, string> {
  const file = path.join(migrationsDir, SHIPPED_FILE);
  const shipped = new Map<string, string>();
  if (!fs.existsSync(file)) return shipped;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line.trim());
    if (match) shipped.set(match[2] as string, match[1] as string);
  }
  return shipped;
}

/** Every way the migrations directory breaks the rules, one sentence each; empty when it keeps them. */
export function checkMigrations(migrationsDir: string): string[] {
  const problems: string[] = [];
  const names = listMigrations(migrationsDir);
  const byStamp = new Map<string, string[]>();
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) {
      problems.push(`${name}: a migration is named <14-digit UTC timestamp>_<lowercase_name> (npm run db:migration -- <name>)`);
      continue;
    }
    byStamp.set(match[1] as string, [...(byStamp.get(match[1] as string) ?? []), name]);
  }
  const shipped = readShipped(migrationsDir);
  for (const [stamp, group] of byStamp) {
    if (group.length < 2) continue;
    const grandfathered = group.every((name) => GRANDFATHERED_SHARED_STAMP.has(name));
    if (!grandfathered) problems.push(`${group.join(', ')} share the timestamp ${stamp}: give the unshipped one a later, unique timestamp`);
  }
  for (const [name, hash] of shipped) {
    if (!names.includes(name)) {
      problems.push(
        `${name} has shipped but is missing: a shipped migration is never renamed or removed (installed databases record its name)`,
      );
    } else if (hashMigration(migrationsDir, name) !== hash) {
      problems.push(
        `${name} has shipped but its SQL changed: never edit a shipped migration, add a new one (npm run db:migration -- <name>)`,
      );
    }
  }
  const latestShipped = [...shipped.keys()].sort().at(-1);
  for (const name of names.filter((n) => !shipped.has(n))) {
    if (latestShipped && name < latestShipped) {
      problems.push(
        `${name} sorts before the shipped ${latestShipped}: installed databases would apply it out of order; give it a later timestamp`,
      );
    } else {
      problems.push(`${name} is not recorded as shipped: run npm run db:migration -- --ship before it lands on main`);
    }
  }
  return problems;
}

/** Records every migration not yet in the shipped list; refuses when a shipped one was renamed or edited. */
export function recordShipped(migrationsDir: string): string[] {
  const shipped = readShipped(migrationsDir);
  const broken = checkMigrations(migrationsDir).filter((problem) => !problem.includes('is not recorded as shipped'));
  if (broken.length) throw new Error(broken.join('\n'));
  const added = listMigrations(migrationsDir).filter((name) => !shipped.has(name));
  for (const name of added) shipped.set(name, hashMigration(migrationsDir, name));
  const lines = [...shipped].sort(([a], [b]) => a.localeCompare(b)).map(([name, hash]) => `${hash}  ${name}`);
  fs.writeFileSync(path.join(migrationsDir, SHIPPED_FILE), `${lines.join('\n')}\n`);
  return added;
}
