// Every CSV the app writes goes through here: the release's criteria.csv (lib/export) and the chart and table
// downloads made in the browser (components/ui/csv-download-link.tsx). RFC 4180 quoting, and formula
// neutralisation after OWASP's CSV-injection guidance: a text cell a spreadsheet would run as a formula gets a
// leading apostrophe. Plain numbers stay numbers (-8 and -0.5 are data, not formulas).

export type CsvCell = string | number | boolean | null | undefined;

/** What a reader of the files is told (release manifest, README): which cells were changed and how. */
export const CSV_FORMULA_RULE =
  'text cells that begin with =, +, -, @, a tab or a carriage return (after any apostrophes) get one leading apostrophe; numbers stay numbers; remove one leading apostrophe from such cells to get the text back';

/** A number as a spreadsheet reads it: nothing a formula could hide behind. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Apostrophes first as well, so that text already starting with '= keeps its own apostrophe when read back. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * One cell's text: neutralised if it could run as a formula, quoted if it holds a comma, quote or line break.
 * An undefined figure (null, NaN, ±Infinity: a statistic with nothing to compute from) is an empty cell.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row, ended by `eol` (the release file uses \n, browser downloads \r\n as spreadsheets expect). */
export function csvLine(values: readonly CsvCell[], eol: '\n' | '\r\n' = '\n'): string {
  return `${values.map(csvCell).join(',')}${eol}`;
}

/** A whole file for a browser download: header row, then the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  return [header, ...rows].map((row) => csvLine(row, '\r\n')).join('');
}
