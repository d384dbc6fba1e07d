// The rows every export format is written from: one query with its criteria at a time, read in batches in
// a fixed order (release position, then criterion position), so memory stays flat and the same release
// always yields the same sequence. A dataset (not a release) can be read in the same shape, which is how
// the native round trip is checked: export a release, import it as a new dataset, export that dataset.
import type pg from 'pg';
import { pgPool } from '@/lib/db';

/** A pool, or a client inside a transaction (freezing renders the lines from rows it has not committed yet). */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface ExportQuery {
  id: string;
  category: string;
  department: string | null;
  language: string;
  tags: string[];
  conversation: { role: string; content: string }[];
  metadata: Record<string, unknown> | null;
}

export interface ExportAudit {
  /** The criterion revision released (0: as imported). */
  revision?: number;
  campaignId: number;
  finalDecision: string;
  decisionSource: string;
  verdicts: number;
  agreement: number | null;
  votes: Record<string, number>;
  textSource: string;
  original: Record<string, unknown> | null;
}

export interface ExportCriterion {
  key: string;
  title: string;
  description: string;
  levels: { label: string; description: string }[];
  tier: string;
  points: number;
  tags: string[];
  redLine: boolean;
  evidence: { source: string; citation?: string; url?: string }[];
  provenance: {
    generatorModels: string[];
    consensusVotes: { votes: number; of: number; models?: string[] } | null;
    metaRubric: { domain: string; version: number } | null;
    extra: Record<string, unknown> | null;
  } | null;
  /** Only in a release: how the final decision was reached and which text is used. */
  audit?: ExportAudit;
}

export interface ExportRecord {
  query: ExportQuery;
  criteria: ExportCriterion[];
}

export type ExportSource = { kind: 'release'; releaseId: number } | { kind: 'dataset'; datasetId: number };

const QUERY_BATCH = 500;

/** Number of criteria the source holds (for progress). */
export async function countCriteria(source: ExportSource): Promise<number> {
  const result =
    source.kind === 'release'
      ? await pgPool().query<{ n: number }>(`SELECT count(*)::int AS n FROM release_items WHERE release_id = $1`, [source.releaseId])
      : await pgPool().query<{ n: number }>(`SELECT count(*)::int AS n FROM criteria WHERE dataset_id = $1`, [source.datasetId]);
  return result.rows[0]?.n ?? 0;
}

const DATASET_QUERIES_SQL = `
SELECT q.id AS query_id, q.external_id AS sort_key,
       jsonb_build_object('id', q.external_id, 'category', q.category, 'department', q.department, 'language', q.language,
         'tags', to_jsonb(q.tags), 'conversation', q.conversation, 'metadata', q.metadata) AS snapshot
  FROM queries q
 WHERE q.dataset_id = $1 AND ($2::text IS NULL OR q.external_id COLLATE "C" > $2::text COLLATE "C")
 ORDER BY q.external_id COLLATE "C" LIMIT $3`;

const DATASET_CRITERIA_SQL = `
SELECT c.query_id,
       jsonb_build_object('key', c.key, 'title', c.title, 'description', c.description, 'levels', c.levels, 'tier', c.tier,
         'points', c.points, 'tags', to_jsonb(c.tags), 'redLine', c.red_line, 'evidence', c.evidence,
         'provenance', CASE WHEN cp.criterion_id IS NULL THEN NULL ELSE jsonb_build_object(
            'generatorModels', to_jsonb(cp.generator_models), 'consensusVotes', cp.consensus_votes,
            'metaRubric', CASE WHEN mv.id IS NOT NULL THEN jsonb_build_object('domain', mr.domain, 'version', mv.number)
                               ELSE cp.source_raw->'metaRubric' END,
            'extra', cp.source_raw->'extra') END) AS snapshot
  FROM criteria c
  LEFT JOIN criterion_provenance cp ON cp.criterion_id = c.id
  LEFT JOIN meta_rubric_versions mv ON mv.id = cp.meta_rubric_version_id
  LEFT JOIN meta_rubrics mr ON mr.id = mv.meta_rubric_id
 WHERE c.query_id = ANY($1::int[])
 ORDER BY c.query_id, c.position, c.id`;

interface Batch {
  records: ExportRecord[];
  /** The last query's sort key, where the next batch starts; null after the last batch. */
  next: string | number | null;
}

async function fetchBatch(source: ExportSource, after: string | number | null, db: Queryable): Promise<Batch> {
  const queries: { rows: { query_id: number; sort_key: string | number; snapshot: ExportQuery }[] } =
    source.kind === 'release'
      ? await db.query<{ query_id: number; sort_key: number; snapshot: ExportQuery }>(
          `SELECT query_id, position AS sort_key, snapshot FROM release_queries
            WHERE release_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
          [source.releaseId, after ?? 0, QUERY_BATCH],
        )
      : await db.query<{ query_id: number; sort_key: string; snapshot: ExportQuery }>(DATASET_QUERIES_SQL, [
          source.datasetId,
          after,
          QUERY_BATCH,
        ]);
  if (queries.rows.length === 0) return { records: [], next: null };
  const ids = queries.rows.map((row) => row.query_id);
  const criteria =
    source.kind === 'release'
      ? await db.query<{ query_id: number; snapshot: ExportCriterion }>(
          `SELECT query_id, snapshot FROM release_items WHERE release_id = $1 AND query_id = ANY($2::int[]) ORDER BY query_id, position`,
          [source.releaseId, ids],
        )
      : await db.query<{ query_id: number; snapshot: ExportCriterion }>(DATASET_CRITERIA_SQL, [ids]);
  const byQuery = new Map<number, ExportCriterion[]>();
  for (const row of criteria.rows) {
    const list = byQuery.get(row.query_id);
    if (list) list.push(row.snapshot);
    else byQuery.set(row.query_id, [row.snapshot]);
  }
  return {
    records: queries.rows.map((row) => ({ query: row.snapshot, criteria: byQuery.get(row.query_id) ?? [] })),
    next: queries.rows.length < QUERY_BATCH ? null : (queries.rows[queries.rows.length - 1]?.sort_key ?? null),
  };
}

/**
 * Yields the source's records in order, QUERY_BATCH queries (and their criteria) per round trip. The next
 * batch is read while the caller serializes the current one, so PostgreSQL and Node work at the same time;
 * at most two batches are held.
 */
export async function* readExportRecords(source: ExportSource, db: Queryable = pgPool()): AsyncGenerator<ExportRecord> {
  let pending: Promise<Batch> | null = fetchBatch(source, null, db);
  while (pending !== null) {
    const batch: Batch = await pending;
    pending = batch.next === null ? null : fetchBatch(source, batch.next, db);
    // A batch read ahead is abandoned if the caller stops early; keep its rejection from going unhandled.
    pending?.catch(() => {});
    yield* batch.records;
  }
}
