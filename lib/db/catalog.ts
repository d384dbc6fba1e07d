// A textual description of a database's public schema, read from pg_catalog: tables, columns, constraints,
// indexes, enums, extensions, triggers and functions, one sorted line each. Two databases built in
// different ways (the committed migrations vs. a diff from schema.prisma) describe the same schema exactly
// when their lines are equal; that is the drift check.
import pg from 'pg';

/** Objects that exist only in hand-written migration SQL carry this prefix in their names. */
export const MANUAL_PREFIX = 'manual_';

const CATALOG_SQL = `
SELECT 'extension ' || extname AS line FROM pg_extension WHERE extname <> 'plpgsql'
UNION ALL
SELECT 'enum ' || t.typname || ' (' || string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) || ')'
  FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
 WHERE n.nspname = $1 GROUP BY t.typname
UNION ALL
SELECT 'table ' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
UNION ALL
SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
       || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
       || COALESCE(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
       || CASE WHEN a.attidentity <> '' THEN ' identity ' || a.attidentity::text ELSE '' END
       || CASE WHEN a.attgenerated <> '' THEN ' generated' ELSE '' END
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
   AND a.attnum > 0 AND NOT a.attisdropped
UNION ALL
SELECT 'constraint ' || c.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid)
  FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND c.relname <> '_prisma_migrations' AND con.contype <> 'n'
UNION ALL
SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes
 WHERE schemaname = $1 AND tablename <> '_prisma_migrations'
UNION ALL
SELECT 'trigger ' || c.relname || ' ' || t.tgname || ' ' || pg_get_triggerdef(t.oid)
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND NOT t.tgisinternal
UNION ALL
SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_depend dep WHERE dep.objid = p.oid AND dep.deptype = 'e')
`;

export async function describeCatalog(databaseUrl: string, schema = 'public'): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ line: string }>(CATALOG_SQL, [schema]);
    return result.rows.map((row) => row.line).sort();
  } finally {
    await client.end();
  }
}

/** Lines that name a hand-written object (a `manual_*` constraint, trigger or function). */
export function isManualObject(line: string): boolean {
  return line.includes(MANUAL_PREFIX);
}

export interface CatalogDifference {
  /** In the migrated database only (and not hand-written). */
  onlyInMigrations: string[];
  /** Described by schema.prisma but missing from the migrated database. */
  onlyInSchema: string[];
}

export function compareCatalogs(migrated: string[], fromSchema: string[]): CatalogDifference {
  const schemaSet = new Set(fromSchema);
  const migratedSet = new Set(migrated);
  return {
    onlyInMigrations: migrated.filter((line) => !schemaSet.has(line) && !isManualObject(line)),
    onlyInSchema: fromSchema.filter((line) => !migratedSet.has(line)),
  };
}
