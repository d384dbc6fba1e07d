// Parquet, one row per criterion (the table columns plus the prompt as JSON), written with hyparquet-writer
// one row group per ROW_GROUP criteria: each group is encoded, its bytes taken out of the writer and
// yielded, so memory holds one group, never the file. Snappy-compressed; created_by is fixed so the bytes
// depend only on the rows.
import { ByteWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import { TABLE_COLUMNS, type TableValue, tableRow } from '@/lib/export/formats/table';
import type { ExportRecord } from '@/lib/export/release-rows';

export const PARQUET_ROW_GROUP = 20_000;

const COLUMNS = [...TABLE_COLUMNS.slice(0, 5), { name: 'prompt', type: 'JSON' }, ...TABLE_COLUMNS.slice(5)] as const;

/** Moves what the writer holds out of its buffer (the writer keeps counting offsets). */
function drain(writer: ByteWriter): Buffer {
  const bytes = Buffer.from(new Uint8Array(writer.buffer, 0, writer.index));
  writer.index = 0;
  return bytes;
}

export async function* parquetBytes(records: AsyncIterable<ExportRecord>, onRows?: (rows: number) => void): AsyncGenerator<Buffer> {
  const writer = new ByteWriter(1024 * 1024);
  const schema = schemaFromColumnData({ columnData: COLUMNS.map((column) => ({ name: column.name, data: [], type: column.type })) });
  const parquet = new ParquetWriter({ writer, schema, codec: 'SNAPPY', createdBy: 'rubric-audit' });
  let columns: TableValue[][] = COLUMNS.map(() => []);
  let rows = 0;
  const flush = async () => {
    const count = columns[0]?.length ?? 0;
    if (count === 0) return;
    await parquet.write({
      columnData: COLUMNS.map((column, index) => ({ name: column.name, data: columns[index] ?? [], type: column.type })),
      rowGroupSize: count,
    });
    columns = COLUMNS.map(() => []);
  };
  for await (const { query, criteria } of records) {
    const prompt = JSON.stringify(query.conversation.map((m) => ({ role: m.role, content: m.content })));
    criteria.forEach((criterion, index) => {
      const values = tableRow(query, criterion, index);
      const withPrompt = [...values.slice(0, 5), prompt, ...values.slice(5)];
      for (const [column, value] of withPrompt.entries()) columns[column]?.push(value);
    });
    rows += criteria.length;
    if ((columns[0]?.length ?? 0) >= PARQUET_ROW_GROUP) {
      await flush();
      onRows?.(rows);
      yield drain(writer);
    }
  }
  await flush();
  await parquet.finish();
  onRows?.(rows);
  yield drain(writer);
}
