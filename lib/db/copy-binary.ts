// Reads `COPY (...) TO STDOUT (FORMAT binary)` through pg-copy-streams and yields each row's fields as
// Buffers (null for SQL NULL), without decoding text: a text field is its UTF-8 bytes, an int4 four
// big-endian bytes. The binary format is: an 11-byte signature, a 32-bit flags word, a 32-bit header
// extension length and the extension; then per row a 16-bit field count and, per field, a 32-bit length
// (-1 for NULL) and the bytes; a field count of -1 ends the data.
// https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Yields every row of the COPY, in batches (the rows completed by each received chunk). The fields are
 * views of the received chunks, which are never reused, so they stay valid after later batches. The client is released when the rows end; if the caller stops early or the
 * COPY fails, the connection is discarded (a COPY cannot be abandoned half-way on a live connection).
 */
export async function* copyBinaryRows(pool: pg.Pool, sql: string): AsyncGenerator<(Buffer | null)[][]> {
  const client = await pool.connect();
  let finished = false;
  try {
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT (FORMAT binary)`));
    let carry: Buffer | null = null;
    let headerRead = false;
    let ended = false;
    for await (const received of stream as AsyncIterable<Buffer>) {
      const buffer: Buffer = carry ? Buffer.concat([carry, received]) : received;
      carry = null;
      let at = 0;
      if (!headerRead) {
        if (buffer.length < 19 || buffer.length < 19 + buffer.readInt32BE(15)) {
          carry = buffer;
          continue;
        }
        if (!buffer.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY binary: unexpected signature');
        at = 19 + buffer.readInt32BE(15);
        headerRead = true;
      }
      const rows: (Buffer | null)[][] = [];
      while (!ended && buffer.length - at >= 2) {
        const count = buffer.readInt16BE(at);
        if (count === -1) {
          ended = true;
          at += 2;
          break;
        }
        let cursor = at + 2;
        const fields: (Buffer | null)[] = [];
        for (let field = 0; field < count; field++) {
          if (buffer.length - cursor < 4) break;
          const length = buffer.readInt32BE(cursor);
          cursor += 4;
          if (length === -1) {
            fields.push(null);
            continue;
          }
          if (buffer.length - cursor < length) break;
          fields.push(buffer.subarray(cursor, cursor + length));
          cursor += length;
        }
        if (fields.length < count) break; // the row continues in the next chunk
        rows.push(fields);
        at = cursor;
      }
      if (at < buffer.length && !ended) carry = buffer.subarray(at);
      if (rows.length) yield rows;
    }
    if (!ended) throw new Error('COPY binary: the data ended without its trailer');
    finished = true;
  } finally {
    client.release(finished ? undefined : true);
  }
}
