// Imports a HealthBench meta-evaluation file (lib/import/formats/healthbench-meta.ts) with the import rules of
// lib/import/import-file.ts: pass 1 validates every line (line-numbered problems, nothing written); pass 2 stages
// the lines and, in ONE transaction, checks them against the dataset (a prompt_id or completion_id already there
// with other text is a problem on its line), then adds what is missing: queries, responses, criteria that no
// criterion of the query matches by text (description, else title), and one clinician grade per physician label.
// Re-importing the same file changes nothing and says so; a changed label is counted as updated.
import 'server-only';
import type pg from 'pg';
import { pgPool } from '@/lib/db';
import { byteProgress } from '@/lib/import/byte-progress';
import { CREATED_CRITERION_POINTS, META_EVAL_SOURCE, type MetaEvalItem } from '@/lib/import/formats/healthbench-meta';
import type { ImportCounts, ImportOptions, ImportProgress, ImportSummary } from '@/lib/import/import-file';
import { hashOf } from '@/lib/import/normalized';
import { parseFile } from '@/lib/import/parse-file';
import { storableText } from '@/lib/security/unstorable-text';

/** The import in progress, as lib/import/import-file.ts has set it up (format known, file readable). */
export interface MetaEvalRun {
  options: ImportOptions;
  summary: ImportSummary;
  addIssue: (line: number, field: string, reason: string) => void;
  finish: () => ImportSummary;
}

/** The category a query created from a meta-evaluation prompt gets (as the HealthBench importer's default). */
const CREATED_QUERY_CATEGORY = 'CLINICAL_CARE';
const MAX_SKIPPED_LINES = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

export async function importMetaEval({ options, summary, addIssue, finish }: MetaEvalRun): Promise<ImportSummary> {
  const { source, skipInvalid = false } = options;
  const report = async (phase: ImportProgress['phase'], fraction: number) => options.onProgress?.({ phase, fraction });

  // ── pass 1: validate ──
  const invalidLines = new Set<number>();
  const prompts = new Map<string, { line: number; hash: string }>();
  const completions = new Map<string, { line: number; content: string }>();
  const items = new Map<string, number>();
  const warningCounts = new Map<string, number>();
  let validRecords = 0;
  const validating = byteProgress(options.onProgress, 'validating', { from: 0, span: 0.45, size: source.size });
  for await (const record of parseFile(source, 'healthbench-meta')) {
    await validating(record.bytesRead);
    if (record.kind === 'invalid') {
      invalidLines.add(record.line);
      for (const problem of record.problems) addIssue(record.line, problem.field, problem.reason);
      if (record.fatal) summary.fatal = true;
      continue;
    }
    const problem = inconsistency(record.line, record.value, prompts, completions, items);
    if (problem) {
      invalidLines.add(record.line);
      addIssue(record.line, problem.field, problem.reason);
      continue;
    }
    for (const warning of record.warnings) warningCounts.set(warning, (warningCounts.get(warning) ?? 0) + 1);
    validRecords += 1;
  }
  summary.warnings = [...warningCounts].map(([warning, count]) => storableText(`${warning} on ${count} record${count === 1 ? '' : 's'}`));
  summary.invalidRecords = invalidLines.size;
  summary.validRecords = validRecords;
  if (validRecords === 0 && summary.issueCount === 0) addIssue(0, '(file)', 'the file has no records');
  if (summary.fatal || validRecords === 0 || (summary.issueCount > 0 && !skipInvalid)) return finish();

  // ── pass 2: stage, check against the dataset, merge; one transaction ──
  const client = await pgPool().connect();
  try {
    await client.query('BEGIN');
    const dataset = await client.query<{ id: number }>(
      `INSERT INTO datasets (name, created_by_id) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [options.datasetName, options.actorId ?? null],
    );
    const datasetId = dataset.rows[0]?.id;
    if (datasetId === undefined) throw new Error('dataset upsert returned nothing');
    await client.query(STAGE_TABLE_SQL);
    let batch: MetaEvalItem[] = [];
    let lines: number[] = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length) await stageItems(client, lines, batch);
      batch = [];
      lines = [];
      chars = 0;
    };
    const writing = byteProgress(options.onProgress, 'writing', { from: 0.45, span: 0.4, size: source.size });
    for await (const record of parseFile(source, 'healthbench-meta')) {
      await writing(record.bytesRead);
      if (record.kind === 'invalid' || invalidLines.has(record.line)) continue;
      batch.push(record.value);
      lines.push(record.line);
      chars += record.value.content.length + record.value.rubric.length;
      if (chars > BATCH_CHARS) await flush();
    }
    await flush();

    await report('merging', 0.87);
    await client.query('ANALYZE meta_stage');
    const conflicts = await client.query<{ line: number; field: string; reason: string }>(CONFLICTS_SQL, [datasetId]);
    for (const conflict of conflicts.rows) {
      invalidLines.add(conflict.line);
      addIssue(conflict.line, conflict.field, conflict.reason);
    }
    if (conflicts.rows.length > 0) {
      if (!skipInvalid) {
        await client.query('ROLLBACK');
        summary.invalidRecords = invalidLines.size;
        summary.validRecords = validRecords - new Set(conflicts.rows.map((row) => row.line)).size;
        return finish();
      }
      await client.query('DELETE FROM meta_stage WHERE line = ANY($1::int[])', [conflicts.rows.map((row) => row.line)]);
    }
    summary.queries = await mergeQueries(client, datasetId);
    summary.responses = await mergeResponses(client, datasetId);
    const criteria = await mergeCriteria(client, datasetId, options.importJobId ?? null);
    summary.criteria = { added: criteria.added, updated: 0, unchanged: criteria.matched, locked: 0 };
    if (criteria.added > 0)
      summary.warnings.push(
        `${criteria.added} rubric item${criteria.added === 1 ? '' : 's'} matched no criterion of ${criteria.added === 1 ? 'its' : 'their'} query by text and ${criteria.added === 1 ? 'was' : 'were'} created with ${CREATED_CRITERION_POINTS} points (the meta-evaluation format has none): import the rubric file first to keep its points`,
      );
    summary.clinicianGrades = await mergeGrades(client, datasetId, options.importJobId ?? null);
    const staged = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM meta_stage');
    summary.records = staged.rows[0]?.n ?? 0;
    summary.invalidRecords = invalidLines.size;
    summary.validRecords = summary.records;
    summary.skippedLines = [...invalidLines].sort((a, b) => a - b).slice(0, MAX_SKIPPED_LINES);
    summary.datasetId = datasetId;
    summary.ok = true;
    const final = finish();
    await options.beforeCommit?.(client, final);
    await client.query('COMMIT');
    return final;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    summary.ok = false;
    summary.datasetId = null;
    summary.records = 0;
    throw error;
  } finally {
    client.release();
  }
}

/** A line that contradicts an earlier one: one prompt_id with two prompts, one completion_id with two texts, or the same item twice. */
function inconsistency(
  line: number,
  item: MetaEvalItem,
  prompts: Map<string, { line: number; hash: string }>,
  completions: Map<string, { line: number; content: string }>,
  items: Map<string, number>,
): { field: string; reason: string } | null {
  const prompt = prompts.get(item.queryExternalId);
  if (prompt && prompt.hash !== item.conversationHash)
    return { field: 'prompt', reason: `prompt_id "${item.queryExternalId}" has another prompt on line ${prompt.line}` };
  const completionKey = `${item.queryExternalId}\u0001${item.responseExternalId}`;
  const completion = completions.get(completionKey);
  if (completion && completion.content !== item.content)
    return { field: 'completion', reason: `completion_id "${item.responseExternalId}" has another completion on line ${completion.line}` };
  const itemKey = `${completionKey}\u0001${item.rubric}`;
  const first = items.get(itemKey);
  if (first !== undefined) return { field: 'rubric', reason: `the same completion and rubric item as line ${first}` };
  if (!prompt) prompts.set(item.queryExternalId, { line, hash: item.conversationHash });
  if (!completion) completions.set(completionKey, { line, content: item.content });
  items.set(itemKey, line);
  return null;
}

// ───────────── staging ─────────────

const STAGE_TABLE_SQL = `
CREATE TEMP TABLE meta_stage (
  line int NOT NULL, query_external_id text NOT NULL, q_conversation jsonb NOT NULL, q_language text NOT NULL,
  q_turn_count int NOT NULL, q_hash text NOT NULL, r_external_id text NOT NULL, r_content text NOT NULL, r_hash text NOT NULL,
  rubric text NOT NULL, c_key text NOT NULL, c_title text NOT NULL, c_tier "Tier" NOT NULL, c_hash text NOT NULL,
  category text, labels jsonb NOT NULL
) ON COMMIT DROP`;

async function stageItems(client: pg.PoolClient, lines: number[], items: MetaEvalItem[]): Promise<void> {
  await client.query(
    `INSERT INTO meta_stage
     SELECT * FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[],
                          $10::text[], $11::text[], $12::text[], $13::"Tier"[], $14::text[], $15::text[], $16::jsonb[])`,
    [
      lines,
      items.map((item) => item.queryExternalId),
      items.map((item) => JSON.stringify(item.conversation)),
      items.map((item) => item.language),
      items.map((item) => item.conversation.length),
      items.map((item) =>
        // The content hash the other importers give a query with this body (lib/import/normalized.ts normalizeQuery).
        hashOf({
          category: CREATED_QUERY_CATEGORY,
          department: null,
          language: item.language,
          tags: [],
          conversation: item.conversation,
          metadata: null,
        }),
      ),
      items.map((item) => item.responseExternalId),
      items.map((item) => item.content),
      items.map((item) => hashOf([META_EVAL_SOURCE, item.content, false])),
      items.map((item) => item.rubric),
      items.map((item) => item.created.key),
      items.map((item) => item.created.title),
      items.map((item) => item.created.tier),
      items.map((item) => item.created.contentHash),
      items.map((item) => item.category),
      items.map((item) => JSON.stringify(item.labels.map((label) => ({ physician_id: label.physicianId, met: label.met })))),
    ],
  );
}

/** Lines whose prompt_id or completion_id is already in the dataset with other text ($1 dataset id). */
const CONFLICTS_SQL = `
SELECT s.line, 'prompt' AS field,
       format('prompt_id "%s" is already in the dataset with another conversation', s.query_external_id) AS reason
  FROM meta_stage s JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
 WHERE q.conversation <> s.q_conversation
UNION ALL
SELECT s.line, 'completion',
       format('completion_id "%s" of prompt_id "%s" is already in the dataset with another text', s.r_external_id, s.query_external_id)
  FROM meta_stage s JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
  JOIN responses r ON r.query_id = q.id AND r.external_id = s.r_external_id
 WHERE r.content <> s.r_content
ORDER BY 1`;

// ───────────── merges ─────────────

const countsOf = (row: { added?: number; updated?: number; total?: number } | undefined): ImportCounts => {
  const { added = 0, updated = 0, total = 0 } = row ?? {};
  return { added, updated, unchanged: total - added - updated };
};

/** Adds the prompts the dataset lacks; a query already there is left as it is (it has the same conversation). */
async function mergeQueries(client: pg.PoolClient, datasetId: number): Promise<ImportCounts> {
  const result = await client.query<{ added: number; total: number }>(
    `WITH src AS (SELECT DISTINCT ON (query_external_id) * FROM meta_stage ORDER BY query_external_id, line),
     ins AS (
       INSERT INTO queries (dataset_id, external_id, category, language, conversation, turn_count, tags, content_hash)
       SELECT $1, query_external_id, $2::"QueryCategory", q_language, q_conversation, q_turn_count, '{}', q_hash FROM src
       ON CONFLICT (dataset_id, external_id) DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM ins)::int AS added, (SELECT count(*) FROM src)::int AS total`,
    [datasetId, CREATED_QUERY_CATEGORY],
  );
  return countsOf(result.rows[0]);
}

async function mergeResponses(client: pg.PoolClient, datasetId: number): Promise<ImportCounts> {
  const result = await client.query<{ added: number; total: number }>(
    `WITH src AS (
       SELECT DISTINCT ON (s.query_external_id, s.r_external_id) s.*, q.id AS query_id FROM meta_stage s
       JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
       ORDER BY s.query_external_id, s.r_external_id, s.line),
     ins AS (
       INSERT INTO responses (query_id, external_id, source_label, content, is_ideal, content_hash)
       SELECT query_id, r_external_id, $2, r_content, false, r_hash FROM src
       ON CONFLICT (query_id, external_id) DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM ins)::int AS added, (SELECT count(*) FROM src)::int AS total`,
    [datasetId, META_EVAL_SOURCE],
  );
  return countsOf(result.rows[0]);
}

/**
 * Matches each (query, rubric item) to the query's criterion with that description (else that title; the first by
 * position), and creates the ones that match none, with provenance IMPORTED. Leaves the match in meta_criteria.
 */
async function mergeCriteria(
  client: pg.PoolClient,
  datasetId: number,
  importJobId: number | null,
): Promise<{ added: number; matched: number }> {
  await client.query(
    `CREATE TEMP TABLE meta_criteria ON COMMIT DROP AS
     SELECT DISTINCT ON (s.query_external_id, s.rubric) s.query_external_id, s.rubric, s.c_key, s.c_title, s.c_tier, s.c_hash,
            q.id AS query_id, q.category AS query_category,
            (SELECT c.id FROM criteria c WHERE c.query_id = q.id AND (c.description = s.rubric OR c.title = s.rubric)
              ORDER BY (c.description = s.rubric) DESC, c.position, c.id LIMIT 1) AS criterion_id
       FROM meta_stage s JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
      ORDER BY s.query_external_id, s.rubric, s.line`,
    [datasetId],
  );
  const matched = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM meta_criteria WHERE criterion_id IS NOT NULL');
  const created = await client.query<{ n: number }>(
    `WITH todo AS (
       SELECT m.*, row_number() OVER (PARTITION BY m.query_id ORDER BY m.rubric) AS n FROM meta_criteria m WHERE m.criterion_id IS NULL),
     ins AS (
       INSERT INTO criteria (dataset_id, query_id, category, key, position, title, description, tier, points, content_hash)
       SELECT $1, t.query_id, t.query_category, t.c_key,
              COALESCE((SELECT max(c.position) + 1 FROM criteria c WHERE c.query_id = t.query_id), 0) + t.n - 1,
              t.c_title, t.rubric, t.c_tier, $2, t.c_hash
         FROM todo t
       ON CONFLICT (query_id, key) DO NOTHING RETURNING id, query_id, key),
     prov AS (
       INSERT INTO criterion_provenance (criterion_id, origin, import_job_id, source_format)
       SELECT id, 'IMPORTED', $3, 'healthbench-meta' FROM ins RETURNING 1),
     matched AS (
       UPDATE meta_criteria m SET criterion_id = ins.id FROM ins WHERE m.query_id = ins.query_id AND m.c_key = ins.key RETURNING 1)
     SELECT (SELECT count(*) FROM matched)::int AS n`,
    [datasetId, CREATED_CRITERION_POINTS, importJobId],
  );
  const unmatched = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM meta_criteria WHERE criterion_id IS NULL');
  // A created criterion's key is derived from its text; a criterion with that key but another text would leave
  // labels without a criterion, and the import would count them nowhere.
  if ((unmatched.rows[0]?.n ?? 0) > 0) throw new Error('some rubric items could be neither matched to a criterion nor created');
  return { added: created.rows[0]?.n ?? 0, matched: matched.rows[0]?.n ?? 0 };
}

/** One clinician grade per physician label; a label already imported is updated only if it changed. */
async function mergeGrades(client: pg.PoolClient, datasetId: number, importJobId: number | null): Promise<ImportCounts> {
  const result = await client.query<{ added: number; updated: number; total: number }>(
    `WITH src AS (
       SELECT DISTINCT ON (r.id, m.criterion_id, l.physician_id)
              r.id AS response_id, m.criterion_id, c.revision, l.met, l.physician_id, s.category
         FROM meta_stage s
         CROSS JOIN LATERAL jsonb_to_recordset(s.labels) AS l(physician_id text, met boolean)
         JOIN queries q ON q.dataset_id = $1 AND q.external_id = s.query_external_id
         JOIN responses r ON r.query_id = q.id AND r.external_id = s.r_external_id
         JOIN meta_criteria m ON m.query_external_id = s.query_external_id AND m.rubric = s.rubric
         JOIN criteria c ON c.id = m.criterion_id
        ORDER BY r.id, m.criterion_id, l.physician_id, s.line),
     up AS (
       INSERT INTO clinician_grades (response_id, criterion_id, criterion_revision, met, source, physician_id, category, import_job_id)
       SELECT response_id, criterion_id, revision, met, 'IMPORTED', physician_id, category, $2 FROM src
       ON CONFLICT (response_id, criterion_id, physician_id) DO UPDATE SET
         met = EXCLUDED.met, category = EXCLUDED.category, criterion_revision = EXCLUDED.criterion_revision,
         import_job_id = EXCLUDED.import_job_id, updated_at = now()
       WHERE (clinician_grades.met, clinician_grades.category) IS DISTINCT FROM (EXCLUDED.met, EXCLUDED.category)
       RETURNING (xmax = 0) AS inserted)
     SELECT (SELECT count(*) FROM up WHERE inserted)::int AS added, (SELECT count(*) FROM up WHERE NOT inserted)::int AS updated,
            (SELECT count(*) FROM src)::int AS total`,
    [datasetId, importJobId],
  );
  return countsOf(result.rows[0]);
}
