import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { CHUNK_BYTES, FileTooLargeError, readStoredFile, storeFile, storedFileInfo } from '@/lib/files/stored-file';

async function* pieces(bytes: Buffer, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function collect(stream: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

describe('stored files', () => {
  it('round-trips bytes across chunk boundaries, with sha256, and serves byte ranges', async () => {
    const bytes = randomBytes(Math.floor(CHUNK_BYTES * 2.5) + 17);
    const info = await storeFile({
      name: 'blob.bin',
      contentType: 'application/octet-stream',
      body: pieces(bytes, 300_000),
      createdById: null,
    });
    expect(info.size).toBe(bytes.length);
    expect(info.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await prisma.storedFileChunk.count({ where: { fileId: info.id } })).toBe(3);
    expect((await collect(readStoredFile(info.id))).equals(bytes)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [CHUNK_BYTES - 5, CHUNK_BYTES + 5],
      [CHUNK_BYTES * 2, bytes.length - 1],
      [123, CHUNK_BYTES * 2 + 99],
    ] as const) {
      expect((await collect(readStoredFile(info.id, start, end))).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    expect(await storedFileInfo(info.id)).toMatchObject({ name: 'blob.bin', size: bytes.length });
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const before = await prisma.storedFile.count();
    await expect(
      storeFile({
        name: 'big.bin',
        contentType: 'x',
        body: pieces(randomBytes(3 * CHUNK_BYTES), CHUNK_BYTES),
        createdById: null,
        maxBytes: 2 * CHUNK_BYTES,
      }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await prisma.storedFile.count()).toBe(before);
    expect(await prisma.storedFileChunk.count({ where: { file: { name: 'big.bin' } } })).toBe(0);
  });
});
