// Where an app's database time goes: counts the statements its pg pool sends (one round trip each) and the
// time each took from the call to its answer, grouped by kind ("UPDATE judge_tasks", "BEGIN"). It wraps
// query() on every client the pool connects while profiling, so the pool must be new (no client connected
// yet) for the profile to see all of them. pg's own pool calls query() with a callback; Prisma's adapter and
// most code await the promise form; both are counted.
import type pg from 'pg';

export interface StatementStat {
  kind: string;
  count: number;
  ms: number;
}

export interface StatementProfile {
  /** Starts (or restarts) counting from zero. */
  reset: () => void;
  /** Statement kinds, the most time first. */
  snapshot: () => StatementStat[];
  /** Stops wrapping new clients; the already wrapped ones count on until reset() or the pool ends. */
  stop: () => void;
}

/** A table name, schema and quotes dropped (not the SET of ON CONFLICT … DO UPDATE SET). */
const TABLE = String.raw`(?!SET\b)(?:"?\w+"?\.)?"?(\w+)"?`;

/**
 * "UPDATE judge_tasks", "SELECT grades", "BEGIN": the verb and the first table it names. A WITH statement
 * that writes is named by its writes in order ("WITH UPDATE judge_tasks, INSERT judge_calls").
 */
export function statementKind(sql: string): string {
  const text = sql.trim();
  const verb = /^\w+/.exec(text)?.[0]?.toUpperCase() ?? '?';
  if (verb === 'WITH') {
    const writes = [...text.matchAll(new RegExp(String.raw`\b(UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+${TABLE}`, 'gi'))].map(
      (match) => `${(match[1] ?? '').split(/\s/)[0]?.toUpperCase()} ${match[2]}`,
    );
    if (writes.length > 0) return `WITH ${writes.join(', ')}`;
  }
  const table = new RegExp(String.raw`\b(?:FROM|INTO|UPDATE)\s+${TABLE}`, 'i').exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

type QueryFunction = (...args: unknown[]) => unknown;

export function profileStatements(pool: pg.Pool): StatementProfile {
  let stats = new Map<string, StatementStat>();
  // An app sends the same few statement texts over and over: classify each text once.
  const kinds = new Map<string, string>();
  const record = (sql: string, ms: number) => {
    let kind = kinds.get(sql);
    if (kind === undefined) {
      kind = statementKind(sql);
      if (kinds.size < 10_000) kinds.set(sql, kind);
    }
    const stat = stats.get(kind) ?? { kind, count: 0, ms: 0 };
    stat.count += 1;
    stat.ms += ms;
    stats.set(kind, stat);
  };
  const wrap = (client: pg.PoolClient) => {
    const original = client.query.bind(client) as QueryFunction;
    const wrapped: QueryFunction = (...args) => {
      const first = args[0];
      const sql = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
      const started = performance.now();
      const done = () => record(sql, performance.now() - started);
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (...answer: unknown[]) => {
          done();
          return (last as QueryFunction)(...answer);
        };
        return original(...args);
      }
      const result = original(...args);
      if (result instanceof Promise) return result.finally(done);
      return result;
    };
    (client as unknown as { query: QueryFunction }).query = wrapped;
  };
  pool.on('connect', wrap);
  return {
    reset: () => {
      stats = new Map();
    },
    snapshot: () => [...stats.values()].sort((a, b) => b.ms - a.ms).map((stat) => ({ ...stat })),
    stop: () => {
      pool.off('connect', wrap);
    },
  };
}
