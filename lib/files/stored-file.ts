// Files kept in PostgreSQL as 1 MB chunks (uploads waiting for import, exported releases), so every web
// and worker instance can read them and nothing depends on one machine's disk. Reading streams chunk by
// chunk; a byte range reads only the chunks it touches.
import { createHash } from 'node:crypto';
import { pgPool } from '@/lib/db';
import type { FileSource } from '@/lib/files/file-source';

export const CHUNK_BYTES = 1024 * 1024;

export interface StoredFileInfo {
  id: number;
  name: string;
  size: number;
  sha256: string;
}

export class FileTooLargeError extends Error {
  constructor(public readonly limit: number) {
    super(`the file is larger than the limit of ${Math.round(limit / 1024 / 1024)} MB`);
  }
}

/** Writes a byte stream into a new stored file; all or nothing (one transaction). */
export async function storeFile({
  name,
  contentType,
  body,
  createdById,
  maxBytes = Number.POSITIVE_INFINITY,
  onBytes,
}: {
  name: string;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
  createdById: string | null;
  maxBytes?: number;
  onBytes?: (bytes: number) => void;
}): Promise<StoredFileInfo> {
  const client = await pgPool().connect();
  try {
    await client.query('BEGIN');
    const created = await client.query<{ id: number }>(
      `INSERT INTO stored_files (name, content_type, size, created_by_id) VALUES ($1, $2, 0, $3) RETURNING id`,
      [name, contentType, createdById],
    );
    const id = created.rows[0]?.id;
    if (id === undefined) throw new Error('could not create the stored file');
    const hash = createHash('sha256');
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const chunk = joined.subarray(0, CHUNK_BYTES);
        const rest = joined.subarray(chunk.length);
        await client.query(`INSERT INTO stored_file_chunks (file_id, seq, "offset", data) VALUES ($1, $2, $3, $4)`, [
          id,
          seq,
          size - pendingBytes,
          chunk,
        ]);
        seq += 1;
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
    };
    for await (const piece of body) {
      const buffer = Buffer.from(piece);
      size += buffer.length;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      hash.update(buffer);
      pending.push(buffer);
      pendingBytes += buffer.length;
      onBytes?.(size);
      await flush(false);
    }
    await flush(true);
    const sha256 = hash.digest('hex');
    await client.query(`UPDATE stored_files SET size = $2, sha256 = $3, complete = true WHERE id = $1`, [id, size, sha256]);
    await client.query('COMMIT');
    return { id, name, size, sha256 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Streams bytes [start, end] (inclusive) of a stored file, reading only the chunks that hold them. */
export async function* readStoredFile(fileId: number, start = 0, end = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
  let seq = Math.floor(start / CHUNK_BYTES);
  for (;;) {
    const result = await pgPool().query<{ offset: string; data: Buffer }>(
      `SELECT "offset", data FROM stored_file_chunks WHERE file_id = $1 AND seq >= $2 ORDER BY seq LIMIT 8`,
      [fileId, seq],
    );
    if (result.rows.length === 0) return;
    for (const row of result.rows) {
      const offset = Number(row.offset);
      if (offset > end) return;
      const from = Math.max(0, start - offset);
      const to = Math.min(row.data.length, end - offset + 1);
      if (to > from) yield row.data.subarray(from, to);
      seq += 1;
    }
  }
}

export async function storedFileInfo(fileId: number): Promise<StoredFileInfo | null> {
  const result = await pgPool().query<{ id: number; name: string; size: string; sha256: string | null; complete: boolean }>(
    `SELECT id, name, size, sha256, complete FROM stored_files WHERE id = $1`,
    [fileId],
  );
  const row = result.rows[0];
  if (!row?.complete) return null;
  return { id: row.id, name: row.name, size: Number(row.size), sha256: row.sha256 ?? '' };
}

export function storedFileSource(info: StoredFileInfo): FileSource {
  return { name: info.name, size: info.size, open: () => readStoredFile(info.id) };
}
