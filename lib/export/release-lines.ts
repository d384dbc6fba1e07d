// A frozen release's native JSON Lines are rendered once, when it is frozen (inside the freezing
// transaction, from the snapshot rows it has just written), and kept in release_lines. The native export
// then streams those bytes in release order without parsing or re-rendering anything, which is what lets it
// run near the speed of PostgreSQL's COPY. The lines come from the same renderer (nativeLine) that exports
// a dataset, so a release frozen before release_lines existed, rendered on the fly, gives the same bytes.
import { pgPool } from '@/lib/db';
import { nativeLine } from '@/lib/export/formats/native';
import { type Queryable, readExportRecords } from '@/lib/export/release-rows';

/** Text rendered per INSERT while freezing (a few MB: bounded memory, few round trips). */
const INSERT_CHARS = 4 * 1024 * 1024;
/** Lines read per round trip while exporting (with one batch read ahead). */
const READ_LINES = 250;
/** Lines joined into buffers of about this many characters. */
const CHUNK_CHARS = 512 * 1024;

const INSERT_SQL = `INSERT INTO release_lines (release_id, position, criteria, line)
SELECT $1, position, criteria, line FROM unnest($2::int[], $3::int[], $4::text[]) AS l(position, criteria, line)`;

/** Renders and stores the release's native lines through `db` (the freezing transaction's client). */
export async function renderReleaseLines(db: Queryable, releaseId: number): Promise<{ lines: number; criteria: number }> {
  let positions: number[] = [];
  let counts: number[] = [];
  let lines: string[] = [];
  let chars = 0;
  let total = 0;
  let criteria = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    await db.query(INSERT_SQL, [releaseId, positions, counts, lines]);
    positions = [];
    counts = [];
    lines = [];
    chars = 0;
  };
  for await (const record of readExportRecords({ kind: 'release', releaseId }, db)) {
    const line = nativeLine(record);
    total += 1;
    criteria += record.criteria.length;
    positions.push(total);
    counts.push(record.criteria.length);
    lines.push(line.slice(0, -1)); // without its newline
    chars += line.length;
    if (chars >= INSERT_CHARS) await flush();
  }
  await flush();
  return { lines: total, criteria };
}

export async function hasReleaseLines(releaseId: number): Promise<boolean> {
  const found = await pgPool().query(`SELECT 1 FROM release_lines WHERE release_id = $1 LIMIT 1`, [releaseId]);
  return found.rowCount === 1;
}

interface LineBatch {
  rows: { position: number; criteria: number; line: string }[];
}

const readBatch = (releaseId: number, after: number): Promise<LineBatch> =>
  pgPool()
    .query<{ position: number; criteria: number; line: string }>(
      `SELECT position, criteria, line FROM release_lines WHERE release_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
      [releaseId, after, READ_LINES],
    )
    .then((result) => ({ rows: result.rows }));

/** The release's native JSONL bytes from its stored lines; reports criteria written after each buffer. */
export async function* releaseLineChunks(releaseId: number, onRows?: (rows: number) => void): AsyncGenerator<Buffer> {
  let written = 0;
  let buffer = '';
  let pending: Promise<LineBatch> | null = readBatch(releaseId, 0);
  while (pending !== null) {
    const batch: LineBatch = await pending;
    const last = batch.rows[batch.rows.length - 1];
    pending = batch.rows.length < READ_LINES || !last ? null : readBatch(releaseId, last.position);
    // A batch read ahead is abandoned if the caller stops early; keep its rejection from going unhandled.
    pending?.catch(() => {});
    for (const row of batch.rows) {
      buffer += `${row.line}\n`;
      written += row.criteria;
      if (buffer.length >= CHUNK_CHARS) {
        yield Buffer.from(buffer, 'utf8');
        buffer = '';
        onRows?.(written);
      }
    }
  }
  if (buffer) yield Buffer.from(buffer, 'utf8');
  onRows?.(written);
}
