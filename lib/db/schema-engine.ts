// Prisma's schema engine, compiled to WebAssembly, driven through the pg driver adapter. It replaces the
// native engine binary, which cannot be downloaded on offline machines, and behaves the same online.
// Used for: applying prisma/migrations (with Prisma's _prisma_migrations bookkeeping) and producing SQL
// diffs between two schema files. Describing a live database does not work in this build (it panics on
// PostgreSQL 18 catalogs), so nothing here introspects; see lib/db/catalog.ts for the drift check.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import * as wasmBindings from '@prisma/schema-engine-wasm/schema_engine_bg';

type SchemaEngine = Awaited<ReturnType<typeof wasmBindings.SchemaEngine.new>>;

let instantiated: Promise<void> | undefined;

function instantiateWasm(): Promise<void> {
  instantiated ??= (async () => {
    // The engine reports Rust panics through this global; without it a panic hides its message.
    const registry = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message: (m: string) => void } };
    registry.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message: (message: string) => {
        process.stderr.write(`prisma schema engine panic: ${message}\n`);
      },
    };
    const bindings = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = fs.readFileSync(path.join(path.dirname(bindings), 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': wasmBindings });
    wasmBindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  })();
  return instantiated;
}

/** pg connection fields from a URL (discrete fields, so a derived config can change the database). */
export function pgConfigFromUrl(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    ...(url.searchParams.get('sslmode') && url.searchParams.get('sslmode') !== 'disable'
      ? { ssl: { rejectUnauthorized: url.searchParams.get('sslmode') === 'verify-full' } }
      : {}),
  };
}

export function schemaNameFromUrl(databaseUrl: string): string {
  return new URL(databaseUrl).searchParams.get('schema') ?? 'public';
}

/** Opens the engine on a live database. Call `close()` when done. */
export async function openSchemaEngine(databaseUrl: string): Promise<{ engine: SchemaEngine; close: () => Promise<void> }> {
  await instantiateWasm();
  const base = new PrismaPg(pgConfigFromUrl(databaseUrl), { schema: schemaNameFromUrl(databaseUrl) });
  // adapter-pg's executeScript splits a script on every ";" (breaking $$-quoted function bodies and
  // comments) and runs the pieces outside a transaction. Sending the script whole, as the native engine
  // does, lets PostgreSQL run it as one implicit transaction: a failing migration leaves nothing behind.
  const opened: { dispose: () => Promise<void> }[] = [];
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => {
      const adapter = await base.connect();
      opened.push(adapter);
      const internals = adapter as unknown as {
        client: { query: (sql: string) => Promise<unknown> };
        onError: (error: unknown) => never;
      };
      adapter.executeScript = async (script: string) => {
        try {
          await internals.client.query(script);
        } catch (error) {
          internals.onError(error);
        }
      };
      return adapter;
    },
    connectToShadowDb: () => {
      throw new Error('shadow databases are not used by this project');
    },
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await wasmBindings.SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((connection) => connection.dispose()));
    },
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

export interface MigrationsDirectory {
  baseDir: string;
  names: string[];
}

export function listMigrations(migrationsDir: string): MigrationsDirectory {
  const baseDir = path.resolve(migrationsDir);
  const names = fs
    .readdirSync(baseDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(baseDir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
  return { baseDir, names };
}

function migrationList(migrationsDir: string) {
  const { baseDir, names } = listMigrations(migrationsDir);
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  return {
    baseDir,
    lockfile: {
      path: 'migration_lock.toml',
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: fs.readFileSync(path.join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/** Applies every migration not yet recorded in _prisma_migrations; returns the names applied. */
export async function applyMigrations(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const { engine, close } = await openSchemaEngine(databaseUrl);
  try {
    const list = migrationList(migrationsDir);
    const history = await engine.diagnoseMigrationHistory({
      migrationsList: list,
      optInToShadowDatabase: false,
      filters: noFilters,
    });
    if (history.failedMigrationNames.length > 0) {
      throw new Error(
        `migrations previously failed on this database: ${history.failedMigrationNames.join(', ')}; fix the database by hand`,
      );
    }
    if (history.editedMigrationNames.length > 0) {
      throw new Error(
        `migrations were edited after being applied: ${history.editedMigrationNames.join(', ')}; never edit an applied migration, add a new one`,
      );
    }
    const result = await engine.applyMigrations({ migrationsList: list, filters: noFilters });
    return result.appliedMigrationNames;
  } finally {
    await close();
  }
}

type DiffSide = { schema: string } | 'empty';

/** SQL that turns the database described by `from` into the one described by `to` (schema texts). */
export async function diffSchemas(databaseUrl: string, from: DiffSide, to: DiffSide): Promise<string> {
  const { engine, close } = await openSchemaEngine(databaseUrl);
  const target = (side: DiffSide): wasmBindings.DiffTarget =>
    side === 'empty' ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: side.schema }] };
  try {
    const result = await engine.diff({
      from: target(from),
      to: target(to),
      script: true,
      exitCode: false,
      filters: noFilters,
    });
    return result.stdout ?? '';
  } finally {
    await close();
  }
}

/** Runs a SQL script through the engine (the same path Prisma uses for `db execute`). */
export async function executeScript(databaseUrl: string, script: string): Promise<void> {
  const { engine, close } = await openSchemaEngine(databaseUrl);
  try {
    await engine.dbExecute({ datasourceType: { tag: 'url', url: databaseUrl }, script });
  } finally {
    await close();
  }
}

/** True when a diff script contains statements (the engine emits comments only for "no difference"). */
export function isEmptyDiff(sql: string): boolean {
  return sql
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('--'))
    .every((line) => /^CREATE SCHEMA IF NOT EXISTS "public";$/.test(line));
}
