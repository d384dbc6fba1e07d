import { describe, expect, it } from 'vitest';
import { toCsv } from '@/components/ui/csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and leaves numbers as they are', () => {
    expect(
      toCsv(
        ['name', 'n'],
        [
          ['a, "b"', 3],
          ['line\nbreak', -2.5],
          [null, true],
        ],
      ),
    ).toBe('name,n\r\n"a, ""b""",3\r\n"line\nbreak",-2.5\r\n,true\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://x")'], ['+1'], ['-a'], ['@SUM(A1)'], ['plain']])).toBe(
      'x\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+1\r\n\'-a\r\n\'@SUM(A1)\r\nplain\r\n',
    );
  });
});
