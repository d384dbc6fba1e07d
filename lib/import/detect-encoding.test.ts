import { describe, expect, it } from 'vitest';
import { encodingOf, wrongEncodingMessage } from '@/lib/import/detect-encoding';

const record = JSON.stringify({
  Query: '孩子发烧三天了，精神差，需要马上去医院吗？',
  essential: [{ Title: '建议及时就医', Weight: 8, Tag: '' }],
});

describe('encodingOf', () => {
  it('reads byte order marks, UTF-32 before UTF-16', () => {
    expect(encodingOf(Buffer.from([0xff, 0xfe, 0x7b, 0x00]))).toEqual({ encoding: 'UTF-16LE', bom: true });
    expect(encodingOf(Buffer.from([0xfe, 0xff, 0x00, 0x7b]))).toEqual({ encoding: 'UTF-16BE', bom: true });
    expect(encodingOf(Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x7b, 0, 0, 0]))).toEqual({ encoding: 'UTF-32LE', bom: true });
    expect(encodingOf(Buffer.from([0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x7b]))).toEqual({ encoding: 'UTF-32BE', bom: true });
    expect(encodingOf(Buffer.from([0xef, 0xbb, 0xbf, 0x7b]))).toEqual({ encoding: 'UTF-8', bom: false });
  });

  it('infers UTF-16 without a BOM from its NUL bytes, even for mostly-CJK text', () => {
    expect(encodingOf(Buffer.from(record, 'utf16le')).encoding).toBe('UTF-16LE');
    const be = Buffer.from(record, 'utf16le').swap16();
    expect(encodingOf(be).encoding).toBe('UTF-16BE');
  });

  it('keeps UTF-8 with a stray NUL, binary noise and CJK text as UTF-8 (their own errors are reported)', () => {
    expect(encodingOf(Buffer.from(`\u0000${record}\n`)).encoding).toBe('UTF-8');
    expect(encodingOf(Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)).encoding).toBe('UTF-8');
    expect(encodingOf(Buffer.from(record)).encoding).toBe('UTF-8');
  });

  it('says how to convert, quoting a file name with spaces for the shell', () => {
    expect(wrongEncodingMessage({ encoding: 'UTF-16LE', bom: true }, "Dr's file.jsonl")).toBe(
      "the file is encoded as UTF-16LE (it starts with a UTF-16 byte order mark), not UTF-8; convert it first, e.g. iconv -f UTF-16 -t UTF-8 'Dr'\\''s file.jsonl' > 'Dr'\\''s file.utf8.jsonl'",
    );
  });
});
