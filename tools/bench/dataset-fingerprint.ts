// Row counts and an order-independent content hash per table for one dataset, so the benchmark can prove
// that the app's import and raw COPY stored the same rows (everything but generated ids and timestamps).
import pg from 'pg';

export interface TableFingerprint {
  rows: number;
  hash: string;
}

export type DatasetFingerprint = Record<'queries' | 'criteria' | 'criterion_provenance' | 'responses', TableFingerprint>;

const SQL: Record<keyof DatasetFingerprint, string> = {
  queries: `SELECT count(*)::int AS rows, coalesce(sum(hashtext(row(q.external_id, q.category, q.department, q.language, q.conversation,
              q.turn_count, q.tags, q.metadata, q.content_hash)::text)::bigint), 0)::text AS hash
            FROM queries q JOIN datasets d ON d.id = q.dataset_id WHERE d.name = $1`,
  criteria: `SELECT count(*)::int AS rows, coalesce(sum(hashtext(row(q.external_id, c.key, c.position, c.title, c.description, c.levels,
               c.tier, c.points, c.tags, c.red_line, c.evidence, c.status, c.revision, c.row_version, c.content_hash)::text)::bigint), 0)::text AS hash
             FROM criteria c JOIN queries q ON q.id = c.query_id JOIN datasets d ON d.id = c.dataset_id WHERE d.name = $1`,
  criterion_provenance: `SELECT count(*)::int AS rows, coalesce(sum(hashtext(row(q.external_id, c.key, p.origin, p.generator_models,
               p.consensus_votes, p.meta_rubric_version_id, p.judge_run_id, p.import_job_id, p.source_format, p.source_raw)::text)::bigint), 0)::text AS hash
             FROM criterion_provenance p JOIN criteria c ON c.id = p.criterion_id JOIN queries q ON q.id = c.query_id
             JOIN datasets d ON d.id = c.dataset_id WHERE d.name = $1`,
  responses: `SELECT count(*)::int AS rows, coalesce(sum(hashtext(row(q.external_id, r.external_id, r.source_label, r.content, r.is_ideal,
                r.content_hash)::text)::bigint), 0)::text AS hash
              FROM responses r JOIN queries q ON q.id = r.query_id JOIN datasets d ON d.id = q.dataset_id WHERE d.name = $1`,
};

export async function datasetFingerprint(databaseUrl: string, datasetName: string): Promise<DatasetFingerprint> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const fingerprint: Partial<DatasetFingerprint> = {};
    for (const table of Object.keys(SQL) as (keyof DatasetFingerprint)[]) {
      const result = await client.query<TableFingerprint>(SQL[table], [datasetName]);
      fingerprint[table] = result.rows[0] ?? { rows: 0, hash: '0' };
    }
    return fingerprint as DatasetFingerprint;
  } finally {
    await client.end();
  }
}

/** The tables whose rows differ, described. */
export function compareFingerprints(app: DatasetFingerprint, raw: DatasetFingerprint): string[] {
  return (Object.keys(app) as (keyof DatasetFingerprint)[]).flatMap((table) => {
    const a = app[table];
    const r = raw[table];
    if (a.rows !== r.rows) return [`${table}: app stored ${a.rows} rows, raw COPY ${r.rows}`];
    if (a.hash !== r.hash) return [`${table}: same row count (${a.rows}) but different content`];
    return [];
  });
}
