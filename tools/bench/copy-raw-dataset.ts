// Raw PostgreSQL's side of the import benchmark: the CSV that writeSyntheticDataset() produced is streamed
// with COPY FROM STDIN straight into datasets, queries, criteria and criterion_provenance, in one
// transaction like the importer's. No parsing, validation, staging or merging: the floor the importer is
// compared against.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { RAW_COLUMNS, type RawTable, type SyntheticFiles } from '@/tools/fixtures/synthetic';

export async function copyRawDataset({
  databaseUrl,
  files,
  datasetId,
  datasetName,
  onBytes,
}: {
  databaseUrl: string;
  files: SyntheticFiles;
  /** The id the CSV rows were written with. */
  datasetId: number;
  datasetName: string;
  onBytes?: (bytes: number) => void;
}): Promise<void> {
  if (!files.csv) throw new Error('the synthetic dataset was generated without CSV');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO datasets (id, name) VALUES ($1, $2)', [datasetId, datasetName]);
    for (const table of Object.keys(RAW_COLUMNS) as RawTable[]) {
      const copy = client.query(copyFrom(`COPY ${table} (${RAW_COLUMNS[table].join(', ')}) FROM STDIN WITH (FORMAT csv)`));
      const source = fs.createReadStream(files.csv[table].path, { highWaterMark: 1024 * 1024 });
      if (onBytes) source.on('data', (chunk) => onBytes(chunk.length));
      await pipeline(source, copy);
    }
    // Explicit ids were copied; move the sequences past them so later inserts work.
    for (const table of ['datasets', 'queries', 'criteria']) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
