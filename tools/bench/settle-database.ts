// The end of a latency operation's setup: a database with nothing left for autovacuum to do, so that the timed
// rounds do not share the machine with the cleanup of the earlier operations' bulk fixtures. In a whole run, the
// claims came after the dashboard's fixture (661,851 verdicts, folded analytics) and claim-next's own reset of every
// criterion to PENDING, whose triggers rewrite the analytics tables: autovacuum workers were vacuuming
// criterion_outcomes, manual_current_outcomes and outcome_count_deltas through the claim rounds (sampled from
// pg_stat_activity, 2026-11-29), and the app's claim used 2.35–2.56 ms of PostgreSQL CPU against 1.87 ms when the
// claims ran alone (`--only claim-next`), raw PostgreSQL's likewise more. Settling did not bring that down (2.30 ms in
// the next whole run, docs/performance.md): it takes one confound out of the measurement, not the whole difference.
// Neither side is favoured: both run after it.
//
// Only tables with pages are vacuumed, as autovacuum would: it never visits a table nothing has written. A VACUUM of
// the whole database also recorded the empty, never-written tables as known to be empty (reltuples 0, where an
// untouched table has -1 and the planner assumes at least ten pages). The claims' reservation tables are such tables when a
// claim operation runs alone: their first plans then took a growing table for an empty one and scanned it
// (`--only claim-next` with the claim functions planning once per session: a claim alone 2.78 ms instead of about
// 1.2, p95 33.1 ms under load).
import type { Queryable } from '@/tools/fixtures/queryable';

export interface Settled {
  /** The manual VACUUM ANALYZE of the database's tables that have pages. */
  vacuumMs: number;
  /** Then the wait for autovacuum workers on this database to finish (the other databases' work was done long before). */
  waitedMs: number;
  /** Workers still running when the wait gave up (0 when the database settled). */
  workersLeft: number;
}

const AUTOVACUUM_WORKERS = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = current_database()`;

/** The tables autovacuum could have work on: every table, system catalogs included, that has pages. */
const TABLES_WITH_PAGES = `SELECT c.oid::regclass::text AS name FROM pg_class c
  WHERE c.relkind IN ('r', 'm') AND c.relpersistence <> 't' AND pg_relation_size(c.oid) > 0 ORDER BY c.oid`;

/**
 * VACUUM ANALYZE of the tables autovacuum could have work on (TABLES_WITH_PAGES): a table nothing has written keeps
 * the statistics of a table never looked at, as it would in an installed database. The stress setup ends with it too.
 */
export async function vacuumAnalyzeTablesWithPages(db: Queryable): Promise<void> {
  const tables = (await db.query<{ name: string }>(TABLES_WITH_PAGES)).rows.map((row) => row.name);
  if (tables.length > 0) await db.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
}

/**
 * VACUUM ANALYZE of every table of the connection's database that has pages (a manual VACUUM has no cost delay,
 * and takes a table's lock from an autovacuum worker on it), then waits up to `timeoutMs` until no autovacuum
 * worker runs on it.
 */
export async function settleDatabase(db: Queryable, { timeoutMs = 120_000, pollMs = 200 } = {}): Promise<Settled> {
  const started = performance.now();
  await vacuumAnalyzeTablesWithPages(db);
  const vacuumed = performance.now();
  let workers = Number.POSITIVE_INFINITY;
  while (performance.now() - vacuumed < timeoutMs) {
    workers = (await db.query<{ n: number }>(AUTOVACUUM_WORKERS)).rows[0]?.n ?? 0;
    if (workers === 0) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { vacuumMs: vacuumed - started, waitedMs: performance.now() - vacuumed, workersLeft: workers };
}

export function describeSettled({ vacuumMs, waitedMs, workersLeft }: Settled): string {
  const waited = `VACUUM ANALYZE of the tables with pages ${(vacuumMs / 1000).toFixed(1)} s, then ${(waitedMs / 1000).toFixed(1)} s waiting for autovacuum`;
  return workersLeft === 0 ? `${waited} (idle)` : `${waited}: ${workersLeft} worker(s) still running when the wait gave up`;
}
