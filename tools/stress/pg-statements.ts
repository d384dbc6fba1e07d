// `npm run stress -- --pg-statements`: where PostgreSQL's time went in the window, from pg_stat_statements
// (loaded by the run's own server, with nested statements tracked, so the analytics triggers' statements show
// apart from the statements that fired them). Reset when the window opens, read when it closes.
import type pg from 'pg';

/** What the run's PostgreSQL is started with when statements are reported. */
export const PG_STATEMENTS_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
  'pg_stat_statements.max': '5000',
} as const;

export interface StatementRow {
  /** Called by the app (true) or from inside a function or trigger (false). */
  toplevel: boolean;
  calls: number;
  totalMs: number;
  meanMs: number;
  rows: number;
  /** The statement's text, whitespace collapsed, cut to 160 characters. */
  query: string;
}

export async function resetStatements(db: pg.Pool): Promise<void> {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
}

/** The `limit` busiest statements of each kind (top-level and nested) since the reset, by total execution time. */
export async function readStatements(db: pg.Pool, limit = 12): Promise<StatementRow[]> {
  const { rows } = await db.query<{ toplevel: boolean; calls: string; total: number; mean: number; rows: string; query: string }>(
    `SELECT toplevel, calls, total_exec_time AS total, mean_exec_time AS mean, rows, query
       FROM (SELECT s.*, row_number() OVER (PARTITION BY toplevel ORDER BY total_exec_time DESC) AS rank
               FROM pg_stat_statements s
               JOIN pg_database d ON d.oid = s.dbid AND d.datname = current_database()) ranked
      WHERE rank <= $1
      ORDER BY toplevel DESC, total_exec_time DESC`,
    [limit],
  );
  return rows.map((row) => ({
    toplevel: row.toplevel,
    calls: Number(row.calls),
    totalMs: row.total,
    meanMs: row.mean,
    rows: Number(row.rows),
    query: row.query.replace(/\s+/g, ' ').trim().slice(0, 160),
  }));
}

/** The report's lines: one table per kind, each statement's share of all top-level time. */
export function formatStatements(statements: StatementRow[]): string[] {
  const topTotal = statements.filter((row) => row.toplevel).reduce((sum, row) => sum + row.totalMs, 0);
  const lines: string[] = [];
  for (const [toplevel, title] of [
    [true, 'statements the app sent'],
    [false, 'statements run inside functions and triggers (their time is also in the statement that ran them)'],
  ] as const) {
    const rows = statements.filter((row) => row.toplevel === toplevel);
    lines.push(`PostgreSQL's busiest ${title}:`);
    if (rows.length === 0) lines.push('  none');
    for (const row of rows) {
      const share = toplevel && topTotal > 0 ? ` (${((100 * row.totalMs) / topTotal).toFixed(0)}% of the listed)` : '';
      lines.push(
        `  ${(row.totalMs / 1000).toFixed(1).padStart(7)} s${share} · ${row.calls.toLocaleString('en')} calls · ${row.meanMs.toFixed(2)} ms each · ${row.query}`,
      );
    }
  }
  return lines;
}
