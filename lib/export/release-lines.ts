// A frozen release's native JSON Lines are rendered once, when it is frozen (inside the freezing
// transaction, from the snapshot rows it has just written), and kept in release_lines. The native export
// then streams those bytes in release order (one binary COPY) without decoding, parsing or re-rendering
// anything, which is what lets it run at the speed of PostgreSQL's COPY. A line is stored in parts of at
// most PART_BYTES bytes (cut between characters), small enough to stay in the heap page uncompressed. The
// lines come from the same renderer (nativeLine) that exports a dataset, so a release frozen before
// release_lines existed, rendered on the fly, gives the same bytes.
import { pgPool } from '@/lib/db';
import { copyBinaryRows } from '@/lib/db/copy-binary';
import { nativeLine } from '@/lib/export/formats/native';
import { type Queryable, readExportRecords } from '@/lib/export/release-rows';

/** Text rendered per INSERT while freezing (a few MB: bounded memory, few round trips). */
const INSERT_CHARS = 4 * 1024 * 1024;
/** Lines joined into buffers of about this many bytes. */
const CHUNK_BYTES = 512 * 1024;

/** Bytes per stored part: a row of release_lines must fit in an 8 KB page with its header and integers. */
export const PART_BYTES = 8000;

const INSERT_SQL = `INSERT INTO release_lines (release_id, position, part, criteria, line)
SELECT $1, position, part, criteria, line FROM unnest($2::int[], $3::int[], $4::int[], $5::text[]) AS l(position, part, criteria, line)`;

/** The text cut into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return [text];
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + maxBytes);
    // Back off continuation bytes (10xxxxxx) so the cut falls before a character's first byte.
    while (end < bytes.length && end > start && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.toString('utf8', start, end));
    start = end;
  }
  return parts;
}

/** Renders and stores the release's native lines through `db` (the freezing transaction's client). */
export async function renderReleaseLines(
  db: Queryable,
  releaseId: number,
  /** Called with the number of lines stored so far, after each insert. */
  onLines?: (lines: number) => void,
): Promise<{ lines: number; criteria: number }> {
  let positions: number[] = [];
  let partNumbers: number[] = [];
  let counts: number[] = [];
  let lines: string[] = [];
  let chars = 0;
  let total = 0;
  let criteria = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    await db.query(INSERT_SQL, [releaseId, positions, partNumbers, counts, lines]);
    onLines?.(total);
    positions = [];
    partNumbers = [];
    counts = [];
    lines = [];
    chars = 0;
  };
  for await (const record of readExportRecords({ kind: 'release', releaseId }, db)) {
    const line = nativeLine(record);
    total += 1;
    criteria += record.criteria.length;
    splitUtf8(line.slice(0, -1), PART_BYTES).forEach((part, index) => {
      positions.push(total);
      partNumbers.push(index);
      counts.push(index === 0 ? record.criteria.length : 0);
      lines.push(part); // the line without its newline
    });
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
 * The release's native JSONL bytes from its stored lines, read with one COPY in binary format: the parts'
 * UTF-8 bytes go out as they arrive, never decoded into strings, a newline after each line's last part.
 * Reports criteria written after each buffer.
 */
export async function* releaseLineChunks(releaseId: number, onRows?: (rows: number) => void): AsyncGenerator<Buffer> {
  let written = 0;
  let parts: Buffer[] = [];
  let size = 0;
  let started = false;
  const rows = copyBinaryRows(
    pgPool(),
    `SELECT part, criteria, line FROM release_lines WHERE release_id = ${Number(releaseId)} ORDER BY position, part`,
  );
  for await (const batch of rows) {
    for (const [part, criteria, line] of batch) {
      if (!part || !criteria || !line) throw new Error(`release ${releaseId}: a stored line is missing`);
      if (part.readInt32BE(0) === 0 && started) {
        parts.push(NEWLINE);
        size += 1;
      }
      started = true;
      parts.push(line);
      size += line.length;
      written += criteria.readInt32BE(0);
    }
    if (size >= CHUNK_BYTES) {
      yield Buffer.concat(parts, size);
      parts = [];
      size = 0;
      onRows?.(written);
    }
  }
  if (started) {
    parts.push(NEWLINE);
    size += 1;
  }
  if (size) yield Buffer.concat(parts, size);
  onRows?.(written);
}
