// Imports a benchmark file into a dataset in two streaming passes, never holding the file in memory:
//  1. validate every record and collect every problem (file, line, field, reason);
//  2. unless the file is refused, in ONE transaction: COPY the records into a staging table and merge them
//     into queries, criteria (with provenance) and responses with ON CONFLICT on their external ids.
// A file with any invalid record changes nothing, unless skipInvalid is set (then valid records are
// imported and the skipped lines listed). Re-importing reports added, updated and unchanged rows; criteria
// already in audit are never overwritten (reported as locked).
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pgPool } from '@/lib/db';
import { detectEncoding, wrongEncodingMessage } from '@/lib/import/detect-encoding';
import { FORMATS, type ImportFormat } from '@/lib/import/formats/detect';
import { byteProgress } from '@/lib/import/byte-progress';
import { importMetaEval } from '@/lib/import/import-meta-eval';
import type { NormalizedCriterion, NormalizedQuery } from '@/lib/import/normalized';
import { parseFile } from '@/lib/import/parse-file';
import type { FileSource } from '@/lib/files/file-source';
import { sniffFormat } from '@/lib/import/sniff-format';
import { findUnstorableText, storableText } from '@/lib/security/unstorable-text';

export interface ImportIssue {
  file: string;
  line: number;
  field: string;
  reason: string;
}

export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  /** False: the file was refused and nothing was changed. */
  ok: boolean;
  /** Whether the user asked to import the valid records of a file with invalid ones. */
  skipInvalid: boolean;
  /** A problem that stops the file from being read at all (wrong encoding, broken CSV): skipping cannot help. */
  fatal: boolean;
  /** Records that passed validation (imported, unless the file was refused). */
  validRecords: number;
  format: ImportFormat | null;
  fileName: string;
  datasetId: number | null;
  datasetName: string;
  /** Records (queries, or CSV rows) imported. */
  records: number;
  invalidRecords: number;
  /** With skipInvalid: the lines that were not imported (capped). */
  skippedLines: number[];
  /** Every problem found, capped at MAX_ISSUES; issueCount has the true total. */
  issues: ImportIssue[];
  issueCount: number;
  warnings: string[];
  queries: ImportCounts;
  criteria: ImportCounts & { locked: number };
  responses: ImportCounts;
  /** Physician labels (the HealthBench meta-evaluation format only). */
  clinicianGrades?: ImportCounts;
  durationMs: number;
}

export interface ImportProgress {
  phase: 'validating' | 'writing' | 'merging';
  /** 0..1 over the whole import. */
  fraction: number;
}

export const MAX_ISSUES = 500;
const MAX_SKIPPED_LINES = 1000;
/**
 * Staged rows are sent to COPY in pieces of about this many characters. A piece is a string built row by row and then
 * a Buffer; both are garbage once sent. At 512K characters a piece lived through several young-generation collections
 * while it was built, was promoted, and waited for a full collection: the import's peak RSS grew by 143–182 MB on the
 * synthetic file (a scratch harness sampling process.memoryUsage, two runs each), against 30–41 MB at 64K with the
 * read chunks below, in the same time (79–88 s against 75–90 s).
 */
const COPY_CHUNK_CHARS = 64 * 1024;

export interface ImportOptions {
  source: FileSource;
  datasetName: string;
  format?: ImportFormat | undefined;
  skipInvalid?: boolean;
  actorId?: string | null;
  importJobId?: number | null;
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /**
   * Runs inside the import's transaction just before COMMIT, with the final summary: what it writes (the job
   * row's final state) commits or rolls back with the data. No progress is reported after it.
   */
  beforeCommit?: (client: pg.PoolClient, summary: ImportSummary) => Promise<void>;
}

const emptyCounts = (): ImportCounts => ({ added: 0, updated: 0, unchanged: 0 });

export async function importFile(options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const { source, datasetName, skipInvalid = false } = options;
  const summary: ImportSummary = {
    ok: false,
    skipInvalid,
    fatal: false,
    validRecords: 0,
    format: options.format ?? null,
    fileName: storableText(source.name),
    datasetId: null,
    datasetName,
    records: 0,
    invalidRecords: 0,
    skippedLines: [],
    issues: [],
    issueCount: 0,
    warnings: [],
    queries: emptyCounts(),
    criteria: { ...emptyCounts(), locked: 0 },
    responses: emptyCounts(),
    durationMs: 0,
  };
  const finish = () => ({ ...summary, durationMs: Date.now() - started });
  const addIssue = (line: number, field: string, reason: string) => {
    summary.issueCount += 1;
    if (summary.issues.length < MAX_ISSUES)
      summary.issues.push({ file: summary.fileName, line, field: storableText(field), reason: storableText(reason) });
  };

  const refuse = (line: number, field: string, reason: string) => {
    addIssue(line, field, reason);
    summary.fatal = true;
    return finish();
  };
  if (!datasetName.trim()) return refuse(0, 'dataset', 'a dataset name is required');
  const unstorableName = findUnstorableText(datasetName);
  if (unstorableName) return refuse(0, 'dataset', `the dataset name ${unstorableName.reason}`);
  if (source.size === 0) return refuse(0, '(file)', 'the file is empty');
  // Before any format: a UTF-16 file read as UTF-8 gives NUL-riddled lines and misleading errors.
  const encoding = await detectEncoding(source);
  if (encoding.encoding !== 'UTF-8') return refuse(1, '(file)', wrongEncodingMessage(encoding, source.name));
  let format = options.format;
  const sniffed = await sniffFormat(source);
  if (sniffed.kind === 'empty') return refuse(0, '(file)', 'the file has no records');
  if (!format) {
    if (sniffed.kind === 'unreadable') return refuse(sniffed.line, '(line)', sniffed.reason);
    if (sniffed.kind === 'unknown') {
      const what = sniffed.array ? "the format of the JSON array's first element" : 'the format of the first record';
      return refuse(sniffed.line, '(file)', `could not recognise ${what}; choose one of ${FORMATS.join(', ')}`);
    }
    format = sniffed.format;
  }
  summary.format = format;
  if (format === 'healthbench-meta') return importMetaEval({ options, summary, addIssue, finish });

  // ── pass 1: validate ──
  const invalidLines = new Set<number>();
  const queryLines = new Map<string, number>();
  const rowKeys = new Map<string, number>();
  const csvQueryLines = new Map<string, number[]>();
  let queryIdColumn = 'query_id';
  const warningCounts = new Map<string, number>();
  let fatal = false;
  let validRecords = 0;
  const report = async (phase: ImportProgress['phase'], fraction: number) => options.onProgress?.({ phase, fraction });
  const validating = byteProgress(options.onProgress, 'validating', { from: 0, span: 0.45, size: source.size });

  for await (const record of parseFile(source, format)) {
    await validating(record.bytesRead);
    if (record.kind === 'invalid') {
      invalidLines.add(record.line);
      for (const problem of record.problems) addIssue(record.line, problem.field, problem.reason);
      if (record.fatal) fatal = true;
      continue;
    }
    if (record.kind === 'query') {
      const first = queryLines.get(record.value.externalId);
      if (first !== undefined) {
        invalidLines.add(record.line);
        addIssue(
          record.line,
          record.idField,
          record.idDerived
            ? `duplicate query: the same text as the query on line ${first}`
            : `duplicate query id "${record.value.externalId}" (first on line ${first})`,
        );
        continue;
      }
      queryLines.set(record.value.externalId, record.line);
      for (const warning of record.warnings) warningCounts.set(warning, (warningCounts.get(warning) ?? 0) + 1);
    } else {
      const key = `${record.value.queryExternalId}\u0001${record.value.criterion.key}`;
      const first = rowKeys.get(key);
      if (first !== undefined) {
        invalidLines.add(record.line);
        addIssue(
          record.line,
          record.keyField,
          `duplicate criterion for query "${record.value.queryExternalId}" (${record.keyDerived ? 'same tier, title and description as' : 'first'} on line ${first})`,
        );
        continue;
      }
      rowKeys.set(key, record.line);
      queryIdColumn = record.queryIdField;
      const lines = csvQueryLines.get(record.value.queryExternalId) ?? [];
      lines.push(record.line);
      csvQueryLines.set(record.value.queryExternalId, lines);
    }
    validRecords += 1;
  }
  summary.warnings = [...warningCounts].map(([warning, count]) => storableText(`${warning} on ${count} record${count === 1 ? '' : 's'}`));

  if (format === 'csv' && csvQueryLines.size > 0) {
    const existing = await pgPool().query<{ external_id: string }>(
      `SELECT q.external_id FROM queries q JOIN datasets d ON d.id = q.dataset_id WHERE d.name = $1 AND q.external_id = ANY($2::text[])`,
      [datasetName, [...csvQueryLines.keys()]],
    );
    const known = new Set(existing.rows.map((row) => row.external_id));
    for (const [queryId, lines] of csvQueryLines) {
      if (known.has(queryId)) continue;
      for (const line of lines) {
        invalidLines.add(line);
        addIssue(line, queryIdColumn, `no query "${queryId}" in dataset "${datasetName}" (import the queries first)`);
        validRecords -= 1;
      }
    }
  }
  summary.invalidRecords = invalidLines.size;
  summary.validRecords = validRecords;
  summary.fatal = fatal;

  if (validRecords === 0 && summary.issueCount === 0) addIssue(0, '(file)', 'the file has no records');
  if (fatal || validRecords === 0 || (summary.issueCount > 0 && !skipInvalid)) return finish();
  summary.skippedLines = [...invalidLines].sort((a, b) => a - b).slice(0, MAX_SKIPPED_LINES);

  // ── pass 2: stage and merge, all in one transaction ──
  const client = await pgPool().connect();
  let copying = false;
  // The connection can die mid-way (the database restarts, the backend is terminated). Its error is what the
  // job should report, not whatever a half-closed stream throws next.
  let connectionError: Error | null = null;
  const onConnectionError = (error: Error) => {
    connectionError ??= error;
  };
  client.on('error', onConnectionError);
  try {
    await client.query('BEGIN');
    const dataset = await client.query<{ id: number }>(
      `INSERT INTO datasets (name, created_by_id) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [datasetName, options.actorId ?? null],
    );
    const datasetId = dataset.rows[0]?.id;
    if (datasetId === undefined) throw new Error('dataset upsert returned nothing');
    summary.datasetId = datasetId;
    await client.query(STAGE_TABLE_SQL);

    const copy = client.query(copyFrom(`COPY import_stage (${STAGE_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
    copying = true;
    // A COPY whose connection died errors and never drains: every wait below also ends on that error, so
    // the job fails (and is retried) instead of hanging.
    const failed = new Promise<never>((_, reject) => copy.once('error', reject));
    failed.catch(() => {});
    let buffer = '';
    const flush = async () => {
      if (!buffer) return;
      if (connectionError) throw connectionError;
      const chunk = buffer;
      buffer = '';
      if (!copy.write(chunk)) await Promise.race([once(copy, 'drain'), failed]);
    };
    const writing = byteProgress(options.onProgress, 'writing', { from: 0.45, span: 0.4, size: source.size });
    for await (const record of parseFile(source, format)) {
      await writing(record.bytesRead);
      if (record.kind === 'invalid' || invalidLines.has(record.line)) continue;
      if (record.kind === 'query') buffer += stageQueryRows(record.line, record.value);
      else buffer += stageCriterionRow(record.line, record.value.queryExternalId, record.value.criterion);
      summary.records += 1;
      if (buffer.length > COPY_CHUNK_CHARS) await flush();
    }
    await flush();
    copy.end();
    await Promise.race([finished(copy), failed]);
    copying = false;

    await report('merging', 0.87);
    await client.query('ANALYZE import_stage');
    summary.queries = await mergeQueries(client, datasetId);
    // The criteria merge joins the staged rows to this dataset's queries. Without statistics that include the
    // queries just merged, a new dataset's look like one row, and the planner joins the merged criteria back
    // to the staged ones by nested loop: 3,000 queries into a database holding 220,617 criteria took 342 s,
    // 10 s with this (found by npm run stress). ANALYZE sees this transaction's own rows.
    await client.query('ANALYZE queries');
    summary.criteria = await mergeCriteria(client, datasetId, options.importJobId ?? null, format);
    summary.responses = await mergeResponses(client, datasetId);
    summary.ok = true;
    const final = finish();
    await options.beforeCommit?.(client, final);
    await client.query('COMMIT');
    client.release();
    return final;
  } catch (error) {
    // Mid-COPY the connection cannot take a ROLLBACK; dropping it aborts the transaction on the server.
    if (copying) client.release(error instanceof Error ? error : true);
    else {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
    summary.ok = false;
    summary.datasetId = null;
    summary.records = 0;
    throw connectionError ?? error;
  } finally {
    client.off('error', onConnectionError);
  }
}

// ───────────── staging ─────────────

const STAGE_COLUMNS = [
  'kind',
  'line',
  'query_external_id',
  'q_category',
  'q_department',
  'q_language',
  'q_conversation',
  'q_turn_count',
  'q_tags',
  'q_metadata',
  'c_key',
  'c_position',
  'c_title',
  'c_description',
  'c_levels',
  'c_tier',
  'c_points',
  'c_tags',
  'c_red_line',
  'c_evidence',
  'c_prov_models',
  'c_prov_votes',
  'c_prov_domain',
  'c_prov_version',
  'c_prov_raw',
  'c_has_prov',
  'r_external_id',
  'r_source',
  'r_content',
  'r_ideal',
  'content_hash',
] as const;

const STAGE_TABLE_SQL = `
CREATE TEMP TABLE import_stage (
  kind smallint NOT NULL, line int NOT NULL, query_external_id text NOT NULL,
  q_category "QueryCategory", q_department text, q_language text, q_conversation jsonb, q_turn_count int, q_tags text[], q_metadata jsonb,
  c_key text, c_position int, c_title text, c_description text, c_levels jsonb, c_tier "Tier", c_points float8, c_tags text[],
  c_red_line boolean, c_evidence jsonb, c_prov_models text[], c_prov_votes jsonb, c_prov_domain text, c_prov_version int,
  c_prov_raw jsonb, c_has_prov boolean,
  r_external_id text, r_source text, r_content text, r_ideal boolean,
  content_hash text NOT NULL
) ON COMMIT DROP`;

type Cell = string | number | boolean | null | undefined | object;

/** Columns of type text[]; every other array or object is stored as jsonb. */
const TEXT_ARRAY_COLUMNS = new Set<string>(['q_tags', 'c_tags', 'c_prov_models']);

/** One CSV field for COPY: NULL is an unquoted empty field; everything else is quoted. */
function cell(column: string, value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'string' ? value : TEXT_ARRAY_COLUMNS.has(column) ? pgArray(value as string[]) : JSON.stringify(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** A text[] literal: {"a","b"} with backslashes and quotes escaped. */
function pgArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

function row(values: Partial<Record<(typeof STAGE_COLUMNS)[number], Cell>>): string {
  return `${STAGE_COLUMNS.map((column) => cell(column, values[column])).join(',')}\n`;
}

function stageCriterionRow(line: number, queryExternalId: string, c: NormalizedCriterion): string {
  return row({
    kind: 2,
    line,
    query_external_id: queryExternalId,
    c_key: c.key,
    c_position: c.position,
    c_title: c.title,
    c_description: c.description,
    c_levels: c.levels,
    c_tier: c.tier,
    c_points: c.points,
    c_tags: c.tags,
    c_red_line: c.redLine,
    c_evidence: c.evidence,
    c_prov_models: c.provenance?.generatorModels ?? [],
    c_prov_votes: c.provenance?.consensusVotes ?? null,
    c_prov_domain: c.provenance?.metaRubric?.domain ?? null,
    c_prov_version: c.provenance?.metaRubric?.version ?? null,
    c_prov_raw: c.provenance?.raw ?? null,
    c_has_prov: c.provenance !== null,
    content_hash: c.contentHash,
  });
}

function stageQueryRows(line: number, q: NormalizedQuery): string {
  let out = row({
    kind: 1,
    line,
    query_external_id: q.externalId,
    q_category: q.category,
    q_department: q.department,
    q_language: q.language,
    q_conversation: q.conversation,
    q_turn_count: q.conversation.length,
    q_tags: q.tags,
    q_metadata: q.metadata,
    content_hash: q.contentHash,
  });
  for (const criterion of q.criteria) out += stageCriterionRow(line, q.externalId, criterion);
  for (const response of q.responses) {
    out += row({
      kind: 3,
      line,
      query_external_id: q.externalId,
      r_external_id: response.externalId,
      r_source: response.source,
      r_content: response.content,
      r_ideal: response.ideal,
      content_hash: response.contentHash,
    });
  }
  return out;
}

// ───────────── merges ─────────────

async function mergeQueries(client: pg.PoolClient, datasetId: number): Promise<ImportCounts> {
  const result = await client.query<{ added: number; updated: number; total: number }>(
    `WITH src AS (SELECT * FROM import_stage WHERE kind = 1),
     up AS (
       INSERT INTO queries (dataset_id, external_id, category, department, language, conversation, turn_count, tags, metadata, content_hash)
       SELECT $1, query_external_id, q_category, q_department, q_language, q_conversation, q_turn_count, q_tags, q_metadata, content_hash FROM src
       ON CONFLICT (dataset_id, external_id) DO UPDATE SET
         category = EXCLUDED.category, department = EXCLUDED.department, language = EXCLUDED.language,
         conversation = EXCLUDED.conversation, turn_count = EXCLUDED.turn_count, tags = EXCLUDED.tags,
         metadata = EXCLUDED.metadata, content_hash = EXCLUDED.content_hash, updated_at = now()
       WHERE queries.content_hash IS DISTINCT FROM EXCLUDED.content_hash
       RETURNING (xmax = 0) AS inserted)
     SELECT (SELECT count(*) FROM up WHERE inserted)::int AS added, (SELECT count(*) FROM up WHERE NOT inserted)::int AS updated,
            (SELECT count(*) FROM src)::int AS total`,
    [datasetId],
  );
  const { added = 0, updated = 0, total = 0 } = result.rows[0] ?? {};
  return { added, updated, unchanged: total - added - updated };
}

async function mergeCriteria(
  client: pg.PoolClient,
  datasetId: number,
  importJobId: number | null,
  format: ImportFormat,
): Promise<ImportCounts & { locked: number }> {
  const result = await client.query<{ added: number; updated: number; total: number; locked: number }>(
    `WITH src AS (
       SELECT s.*, q.id AS query_id, q.category AS query_category FROM import_stage s
       JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
       WHERE s.kind = 2),
     locked AS (
       SELECT count(*)::int AS n FROM src JOIN criteria c ON c.query_id = src.query_id AND c.key = src.c_key
       WHERE c.status <> 'PENDING' AND c.content_hash IS DISTINCT FROM src.content_hash),
     up AS (
       INSERT INTO criteria (dataset_id, query_id, category, key, position, title, description, levels, tier, points, tags, red_line, evidence, content_hash)
       SELECT $1, query_id, query_category, c_key, c_position, c_title, c_description, c_levels, c_tier, c_points, c_tags, c_red_line, c_evidence, content_hash FROM src
       ON CONFLICT (query_id, key) DO UPDATE SET
         position = EXCLUDED.position, title = EXCLUDED.title, description = EXCLUDED.description, levels = EXCLUDED.levels,
         tier = EXCLUDED.tier, points = EXCLUDED.points, tags = EXCLUDED.tags, red_line = EXCLUDED.red_line,
         evidence = EXCLUDED.evidence, content_hash = EXCLUDED.content_hash, row_version = criteria.row_version + 1, updated_at = now(),
         -- Revision 0 (never audited) follows the new text in place (trigger manual_criteria_revision_zero); a
         -- criterion pending again after an audit keeps its history: a new text is a revision of its own.
         revision = criteria.revision + (criteria.revision > 0 AND (criteria.title, criteria.description, criteria.tier, criteria.points)
                                         IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description, EXCLUDED.tier, EXCLUDED.points))::int
       WHERE criteria.content_hash IS DISTINCT FROM EXCLUDED.content_hash AND criteria.status = 'PENDING'
       RETURNING id, query_id, key, (xmax = 0) AS inserted, revision, category, title, description, tier, points),
     reimported AS (
       INSERT INTO criterion_revisions (criterion_id, revision, category, title, description, tier, points, source, reason)
       SELECT id, revision, category, title, description, tier, points, 'IMPORTED', 'Re-imported with a changed text while pending.'
         FROM up WHERE NOT inserted AND revision > 0
          -- only a revision number the update just took (the statement sees the revisions as they were before it)
          AND NOT EXISTS (SELECT 1 FROM criterion_revisions r WHERE r.criterion_id = up.id AND r.revision = up.revision)
       RETURNING 1),
     prov AS (
       INSERT INTO criterion_provenance (criterion_id, origin, generator_models, consensus_votes, meta_rubric_version_id, import_job_id, source_format, source_raw)
       SELECT up.id, 'IMPORTED', COALESCE(src.c_prov_models, '{}'), src.c_prov_votes, mv.id, $2, $3,
              CASE WHEN src.c_prov_raw IS NULL AND src.c_prov_domain IS NULL THEN NULL
                   ELSE jsonb_strip_nulls(jsonb_build_object('extra', src.c_prov_raw,
                          'metaRubric', CASE WHEN src.c_prov_domain IS NULL THEN NULL
                                             ELSE jsonb_build_object('domain', src.c_prov_domain, 'version', src.c_prov_version) END)) END
       FROM up JOIN src ON src.query_id = up.query_id AND src.c_key = up.key
       LEFT JOIN meta_rubrics mr ON mr.domain = src.c_prov_domain
       LEFT JOIN meta_rubric_versions mv ON mv.meta_rubric_id = mr.id AND mv.number = src.c_prov_version
       ON CONFLICT (criterion_id) DO UPDATE SET
         generator_models = EXCLUDED.generator_models, consensus_votes = EXCLUDED.consensus_votes,
         meta_rubric_version_id = EXCLUDED.meta_rubric_version_id, import_job_id = EXCLUDED.import_job_id,
         source_format = EXCLUDED.source_format, source_raw = EXCLUDED.source_raw
       RETURNING 1)
     SELECT (SELECT count(*) FROM up WHERE inserted)::int AS added, (SELECT count(*) FROM up WHERE NOT inserted)::int AS updated,
            (SELECT count(*) FROM src)::int AS total, (SELECT n FROM locked) AS locked, (SELECT count(*) FROM prov)::int AS provenance`,
    [datasetId, importJobId, format],
  );
  const { added = 0, updated = 0, total = 0, locked = 0 } = result.rows[0] ?? {};
  return { added, updated, unchanged: total - added - updated - locked, locked };
}

async function mergeResponses(client: pg.PoolClient, datasetId: number): Promise<ImportCounts> {
  const result = await client.query<{ added: number; updated: number; total: number }>(
    `WITH src AS (
       SELECT s.*, q.id AS query_id FROM import_stage s
       JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
       WHERE s.kind = 3),
     up AS (
       INSERT INTO responses (query_id, external_id, source_label, content, is_ideal, content_hash)
       SELECT query_id, r_external_id, r_source, r_content, r_ideal, content_hash FROM src
       ON CONFLICT (query_id, external_id) DO UPDATE SET
         source_label = EXCLUDED.source_label, content = EXCLUDED.content, is_ideal = EXCLUDED.is_ideal, content_hash = EXCLUDED.content_hash
       WHERE responses.content_hash IS DISTINCT FROM EXCLUDED.content_hash
       RETURNING (xmax = 0) AS inserted)
     SELECT (SELECT count(*) FROM up WHERE inserted)::int AS added, (SELECT count(*) FROM up WHERE NOT inserted)::int AS updated,
            (SELECT count(*) FROM src)::int AS total`,
    [datasetId],
  );
  const { added = 0, updated = 0, total = 0 } = result.rows[0] ?? {};
  return { added, updated, unchanged: total - added - updated };
}
