// Cutting stored lines into parts: never inside a character, never over the limit, nothing lost.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitUtf8 } from '@/lib/export/release-lines';

describe('splitUtf8', () => {
  it('keeps short text whole and cuts long text between characters, at most maxBytes each', () => {
    expect(splitUtf8('short', 10)).toEqual(['short']);
    // 'é' is 2 bytes, '😀' 4: a cut at 5 bytes would fall inside a character.
    expect(splitUtf8('aé😀b', 5)).toEqual(['aé', '😀b']);
    expect(splitUtf8('😀😀😀', 4)).toEqual(['😀', '😀', '😀']);
  });

  it('joins back to the input for any text and limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 4, max: 64 }), (text, maxBytes) => {
        const parts = splitUtf8(text, maxBytes);
        expect(parts.join('')).toBe(text);
        for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(maxBytes);
        if (text.length > 0) expect(parts.every((part) => part.length > 0)).toBe(true);
      }),
    );
  });
});
