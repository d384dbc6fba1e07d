// A frozen release's native JSON Lines are rendered once, when it is frozen (inside the freezing
// transaction, from the snapshot rows it has just written), and kept in release_lines. The native export
// then streams those bytes in release order (one binary COPY) without decoding, parsing or re-rendering
// anything, which is what lets it run at the speed of PostgreSQL's COPY. The lines come from the same renderer (nativeLine) that exports
// a dataset, so a release frozen before release_lines existed, rendered on the fly, gives the same bytes.
import { pgPool } from '@/lib/db';
import { copyBinaryRows } from '@/lib/db/copy-binary';
import { nativeLine } from '@/lib/export/formats/native';
import { type Queryable, readExportRecords } from '@/lib/export/release-rows';

/** Text rendered per INSERT while freezing (a few MB: bounded memory, few round trips). */
const INSERT_CHARS = 4 * 1024 * 1024;
/** Lines joined into buffers of about this many bytes. */
const CHUNK_BYTES = 512 * 1024;

const INSERT_SQL = `INSERT INTO release_lines (release_id, position, criteria, line)
SELECT $1, position, criteria, line FROM unnest($2::int[], $3::int[], $4::text[]) AS l(position, criteria, line)`;

/** Renders and stores the release's native lines through `db` (the freezing transaction's client). */
export async function renderReleaseLines(
  db: Queryable,
  releaseId: number,
  /** Called with the number of lines stored so far, after each insert. */
  onLines?: (lines: number) => void,
): Promise<{ lines: number; criteria: number }> {
  let positions: number[] = [];
  let counts: number[] = [];
  let lines: string[] = [];
  let chars = 0;
  let total = 0;
  let criteria = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    await db.query(INSERT_SQL, [releaseId, positions, counts, lines]);
    onLines?.(total);
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

const NEWLINE = Buffer.from('\n');

/**
 * The release's native JSONL bytes from its stored lines, read with one COPY in binary format: the lines'
 * UTF-8 bytes go out as they arrive, never decoded into strings. Reports criteria written after each buffer.
 */
export async function* releaseLineChunks(releaseId: number, onRows?: (rows: number) => void): AsyncGenerator<Buffer> {
  let written = 0;
  let parts: Buffer[] = [];
  let size = 0;
  const rows = copyBinaryRows(
    pgPool(),
    `SELECT criteria, line FROM release_lines WHERE release_id = ${Number(releaseId)} ORDER BY position`,
  );
  for await (const batch of rows) {
    for (const [criteria, line] of batch) {
      if (!criteria || !line) throw new Error(`release ${releaseId}: a stored line is missing`);
      parts.push(line, NEWLINE);
      size += line.length + 1;
      written += criteria.readInt32BE(0);
    }
    if (size >= CHUNK_BYTES) {
      yield Buffer.concat(parts, size);
      parts = [];
      size = 0;
      onRows?.(written);
    }
  }
  if (size) yield Buffer.concat(parts, size);
  onRows?.(written);
}
