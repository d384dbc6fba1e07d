// Recognises files saved as UTF-16 or UTF-32 (Windows tools and some editors do this) from their byte order
// mark, or from the NUL bytes that ASCII characters leave in every other (or three of four) byte when there
// is none, so that the user is told the encoding and how to convert it rather than "not valid JSON".
import type { FileSource } from '@/lib/files/file-source';

export type FileEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

export interface EncodingGuess {
  encoding: FileEncoding;
  /** Whether a byte order mark says so (otherwise it is inferred from where the NUL bytes fall). */
  bom: boolean;
}

const SAMPLE_BYTES = 4096;

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** The encoding of a file's first bytes. */
export function encodingOf(head: Uint8Array): EncodingGuess {
  if (startsWith(head, [0x00, 0x00, 0xfe, 0xff])) return { encoding: 'UTF-32BE', bom: true };
  if (startsWith(head, [0xff, 0xfe, 0x00, 0x00])) return { encoding: 'UTF-32LE', bom: true };
  if (startsWith(head, [0xfe, 0xff])) return { encoding: 'UTF-16BE', bom: true };
  if (startsWith(head, [0xff, 0xfe])) return { encoding: 'UTF-16LE', bom: true };
  const length = Math.min(head.length, SAMPLE_BYTES) & ~3;
  if (length < 4) return { encoding: 'UTF-8', bom: false };
  // NUL bytes per position modulo 4. In UTF-8 text there are none; in UTF-16 every ASCII character (all JSON
  // punctuation and keys) puts one in its high byte, even when most of the text is CJK.
  const zeros = [0, 0, 0, 0];
  for (let index = 0; index < length; index++) if (head[index] === 0) zeros[index % 4] = (zeros[index % 4] ?? 0) + 1;
  const share = zeros.map((count) => count / (length / 4));
  const [a = 0, b = 0, c = 0, d = 0] = share;
  const high = (...values: number[]) => values.every((value) => value >= 0.25);
  const low = (...values: number[]) => values.every((value) => value < 0.05);
  if (high(b, c, d) && low(a)) return { encoding: 'UTF-32LE', bom: false };
  if (high(a, b, c) && low(d)) return { encoding: 'UTF-32BE', bom: false };
  if (high(b, d) && low(a, c)) return { encoding: 'UTF-16LE', bom: false };
  if (high(a, c) && low(b, d)) return { encoding: 'UTF-16BE', bom: false };
  return { encoding: 'UTF-8', bom: false };
}

/** Reads the first few kilobytes of a file and guesses its encoding. */
export async function detectEncoding(source: FileSource): Promise<EncodingGuess> {
  const parts: Buffer[] = [];
  let taken = 0;
  for await (const chunk of source.open()) {
    const buffer = Buffer.from(chunk);
    parts.push(buffer);
    taken += buffer.length;
    if (taken >= SAMPLE_BYTES) break;
  }
  return encodingOf(Buffer.concat(parts).subarray(0, SAMPLE_BYTES));
}

const shellWord = (text: string) => (/^[\w.@%+=:,/-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`);

/** "the file is encoded as UTF-16LE …, not UTF-8: convert it, e.g. iconv -f UTF-16 -t UTF-8 in > out". */
export function wrongEncodingMessage(guess: EncodingGuess, fileName: string): string {
  const family = guess.encoding.slice(0, 6);
  // With a byte order mark iconv reads the byte order from it; without one it must be told.
  const from = guess.bom ? family : guess.encoding;
  const dot = fileName.lastIndexOf('.');
  const converted = dot > 0 ? `${fileName.slice(0, dot)}.utf8${fileName.slice(dot)}` : `${fileName}.utf8`;
  const how = guess.bom
    ? `it starts with a ${family} byte order mark`
    : `no byte order mark, but ${family === 'UTF-16' ? 'every other byte' : 'three bytes in four'} is NUL`;
  return `the file is encoded as ${guess.encoding} (${how}), not UTF-8; convert it first, e.g. iconv -f ${from} -t UTF-8 ${shellWord(fileName)} > ${shellWord(converted)}`;
}
