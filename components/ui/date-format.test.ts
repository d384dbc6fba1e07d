// Dates read one way on every page (components/ui/format.ts): releases showed raw ISO timestamps
// ("2026-11-24T17:25:04.120Z") and other pages each sliced their own. A product file that formats a date by
// hand fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '@/components/ui/format';

/** Hand-made date text: an ISO string (anywhere but a dateTime attribute), sliced, or the browser's locale form. */
const HAND_MADE = [/\.toISOString\(\)/, /\.slice\(\s*(0|5|11)\s*,\s*(10|16)\s*\)/, /toLocale(Date|Time)String\(/];
/**
 * The formatter itself; the throughput chart's compact axis ticks (UTC, said in its tooltip); the campaign
 * form, which turns the deadline typed in local time into the ISO value it sends.
 */
const ALLOWED = ['components/ui/format.ts', 'components/audit/campaign-charts.tsx'];

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !ALLOWED.includes(file) ? [file] : [];
  });
}

describe('dates', () => {
  it('read as one form, in UTC, or "—" when missing', () => {
    expect(formatDate('2026-11-24T17:25:04.120Z')).toBe('2026-11-24');
    expect(formatDate(new Date('2026-11-24T17:25:04.120Z'), true)).toBe('2026-11-24 17:25 UTC');
    expect(formatTime('2026-11-24T07:05:00Z')).toBe('07:05 UTC');
    for (const missing of [null, undefined, 'not a date']) expect(formatDate(missing, true)).toBe('—');
  });

  it('are formatted by components/ui/format.ts only, never by hand in a page or component', () => {
    const offenders = ['app', 'components'].flatMap(productFiles).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          HAND_MADE.some((pattern) => pattern.test(line)) && !/dateTime=\{/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
