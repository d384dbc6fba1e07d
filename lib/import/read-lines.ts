// Streams a file as numbered text lines without ever holding the whole file: strips a UTF-8 BOM, accepts LF
// and CRLF, refuses invalid UTF-8 (with the line it occurs on) and lines beyond a size limit.
import type { FileSource } from '@/lib/files/file-source';

export type LineEvent =
  | { kind: 'line'; line: number; text: string; bytesRead: number }
  | { kind: 'error'; line: number; reason: string; fatal: boolean; bytesRead: number };

export const MAX_LINE_BYTES = 32 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeLine(bytes: Buffer, lineNumber: number): string | null {
  let body = bytes;
  if (body.length > 0 && body[body.length - 1] === 0x0d) body = body.subarray(0, body.length - 1);
  if (lineNumber === 1 && body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return utf8.decode(body);
  } catch {
    return null;
  }
}

export async function* readLines(source: FileSource, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<LineEvent> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNumber = 0;
  let bytesRead = 0;
  let oversized = false;

  const finishLine = (bytes: Buffer): LineEvent => {
    lineNumber += 1;
    if (oversized) {
      oversized = false;
      return { kind: 'error', line: lineNumber, reason: `line is longer than ${maxLineBytes / 1024 / 1024} MB`, fatal: false, bytesRead };
    }
    const text = decodeLine(bytes, lineNumber);
    if (text === null)
      return { kind: 'error', line: lineNumber, reason: 'not valid UTF-8 (the file must be UTF-8 encoded)', fatal: true, bytesRead };
    return { kind: 'line', line: lineNumber, text, bytesRead };
  };

  for await (const chunk of source.open()) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    let start = 0;
    while (start < buffer.length) {
      const newline = buffer.indexOf(0x0a, start);
      if (newline === -1) {
        const rest = buffer.subarray(start);
        if (!oversized) {
          pending.push(rest);
          pendingBytes += rest.length;
          if (pendingBytes > maxLineBytes) {
            oversized = true;
            pending = [];
            pendingBytes = 0;
          }
        }
        bytesRead += rest.length;
        break;
      }
      const piece = buffer.subarray(start, newline);
      bytesRead += piece.length + 1;
      const whole = oversized ? Buffer.alloc(0) : pending.length ? Buffer.concat([...pending, piece]) : piece;
      if (!oversized && whole.length > maxLineBytes) oversized = true;
      pending = [];
      pendingBytes = 0;
      yield finishLine(whole);
      start = newline + 1;
    }
  }
  if (pendingBytes > 0 || oversized) yield finishLine(Buffer.concat(pending));
}

/**
 * Bytes per read of a file on disk: Node's default for file streams. A chunk is garbage once its lines are split; at
 * 1 MB each chunk outlived the young generation while its thousands of lines were parsed, and some 60–70 MB of spent
 * chunks waited outside the V8 heap for a full collection (see COPY_CHUNK_CHARS in import-file.ts).
 */
const READ_CHUNK_BYTES = 64 * 1024;

/** A file on disk. */
export async function diskSource(filePath: string): Promise<FileSource> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const stat = await fs.promises.stat(filePath);
  return {
    name: path.basename(filePath),
    size: stat.size,
    open: () => fs.createReadStream(filePath, { highWaterMark: READ_CHUNK_BYTES }),
  };
}

/** Bytes already in memory (tests, small uploads). */
export function bufferSource(name: string, content: string | Uint8Array): FileSource {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  return {
    name,
    size: bytes.length,
    open: async function* () {
      // Small pieces, so line and multi-byte boundaries fall inside chunks as they do with real streams.
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
    },
  };
}
