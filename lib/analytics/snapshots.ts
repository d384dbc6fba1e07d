// Figures computed once and served until their inputs change (migration analytics_snapshots). Every statement that
// changes a table such figures read adds a row to analytics_input_changes in its own transaction; the input version is
// the folded count plus those rows, so it only grows and two reads that see the same version have seen the same
// committed changes. A snapshot is stored with the version read before computing, only if the version read after is
// the same (nothing committed while it was computed, whichever connections its queries used), and served while the
// version has not moved, and only by the build that computed it (BUILD_ID is part of the key: a deploy may compute
// differently). What a snapshot serves is therefore exactly what a computation now would return.
import 'server-only';
import { pgPool } from '@/lib/db';
import { BUILD_ID } from '@/lib/env';

/** Change rows are folded into the version row once a read counts this many (folding leaves the version as it is). */
export const FOLD_AT = 1000;
/** Snapshots kept (one per kind and setting); the least recently computed beyond this are deleted. */
export const SNAPSHOTS_KEPT = 200;

export interface Snapshotted<T> {
  value: T;
  /** When the figures were computed, and how long that took. */
  computedAt: Date;
  computeMs: number;
  /** True when served from a stored snapshot, false when computed by this call. */
  stored: boolean;
  /** Whether the figures are kept for the next reads: false when something they read changed while they were computed. */
  kept: boolean;
}

/** The input version now (a fresh snapshot of the database) and the change rows not yet folded. */
export async function readInputVersion(): Promise<{ version: number; pending: number }> {
  const { rows } = await pgPool().query<{ version: number; pending: number }>(
    `SELECT v.folded::float8 + c.n AS version, c.n AS pending
       FROM analytics_input_version v, (SELECT count(*)::float8 AS n FROM analytics_input_changes) c WHERE v.id = 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('analytics_input_version has no row: the migration analytics_snapshots did not run');
  return row;
}

/**
 * Moves the visible change rows into the folded count in one statement, so every reader sees the same version before
 * and after. Two folds at once serialize on the version row, the second skipping the rows the first deleted.
 */
export async function foldInputChanges(): Promise<void> {
  await pgPool().query(
    `WITH gone AS (DELETE FROM analytics_input_changes RETURNING 1)
     UPDATE analytics_input_version SET folded = folded + (SELECT count(*) FROM gone) WHERE id = 1`,
  );
}

const NON_FINITE = '$nonFinite';

/** JSON with NaN and ±Infinity kept (figures use NaN for "not defined"), read back by parseFigures. */
export function stringifyFigures(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'number' && !Number.isFinite(item) ? { [NON_FINITE]: String(item) } : item,
  );
}

export function parseFigures<T>(text: string): T {
  return JSON.parse(text, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && NON_FINITE in item && Object.keys(item).length === 1
      ? Number((item as Record<string, string>)[NON_FINITE])
      : item,
  ) as T;
}

/**
 * The figures of `kind` (with its settings) for this build: the stored snapshot when no input changed since it was computed, else compute() (stored
 * for the next reader when nothing committed meanwhile). compute must read only tables with the migration's
 * triggers, and return plain data (no Date, Map or class instances: they do not survive JSON).
 */
export async function withSnapshot<T>(kind: string, compute: () => Promise<T>): Promise<Snapshotted<T>> {
  const db = pgPool();
  const key = `${BUILD_ID}|${kind}`;
  const before = await readInputVersion();
  if (before.pending >= FOLD_AT) await foldInputChanges();
  const { rows } = await db.query<{ figures: string; computed_at: Date; compute_ms: number }>(
    `SELECT figures, computed_at AT TIME ZONE 'UTC' AS computed_at, compute_ms FROM analytics_snapshots WHERE key = $1 AND version = $2`,
    [key, before.version],
  );
  const hit = rows[0];
  if (hit) return { value: parseFigures<T>(hit.figures), computedAt: hit.computed_at, computeMs: hit.compute_ms, stored: true, kept: true };
  const started = performance.now();
  const value = await compute();
  const computeMs = Math.round(performance.now() - started);
  const after = await readInputVersion();
  if (after.version === before.version) {
    const stored = await db.query<{ computed_at: Date }>(
      // Stored as UTC without a zone (Prisma's convention), read back as an instant.
      `INSERT INTO analytics_snapshots (key, version, figures, compute_ms, computed_at) VALUES ($1, $2, $3, $4, timezone('UTC', now()))
       ON CONFLICT (key) DO UPDATE SET version = excluded.version, figures = excluded.figures, computed_at = excluded.computed_at,
                                       compute_ms = excluded.compute_ms
        WHERE analytics_snapshots.version <= excluded.version
       RETURNING computed_at AT TIME ZONE 'UTC' AS computed_at`,
      [key, before.version, stringifyFigures(value), computeMs],
    );
    if (stored.rowCount) {
      await db.query(
        `DELETE FROM analytics_snapshots WHERE key NOT IN (SELECT key FROM analytics_snapshots ORDER BY computed_at DESC, key LIMIT $1)`,
        [SNAPSHOTS_KEPT],
      );
    }
    return { value, computedAt: stored.rows[0]?.computed_at ?? new Date(), computeMs, stored: false, kept: Boolean(stored.rowCount) };
  }
  return { value, computedAt: new Date(), computeMs, stored: false, kept: false };
}
