'use client';
// A chart with its title, a CSV download of its numbers, and the same numbers as a visually hidden table for
// assistive technology (the SVG itself is hidden from it). Every chart in the app goes through this frame.
import { type ReactNode, useId } from 'react';
import type { CsvCell } from '@/lib/export/csv';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import { tableCell } from '@/components/ui/format';

// Chart colours are the theme's variables (SVG attributes take var()), so charts follow dark mode like the page.
export const AXIS_TICK = { fontSize: 11, fill: 'var(--color-slate-500)' };
export const BRAND = 'var(--color-brand-500)';
export const SLATE = 'var(--color-slate-600)';
export const TOOLTIP_STYLE = {
  fontSize: 12,
  borderRadius: 6,
  borderColor: 'var(--color-slate-300)',
  backgroundColor: 'var(--color-white)',
  color: 'var(--color-slate-900)',
};
/** What every chart shares: it fills its frame, and has no keyboard layer (the hidden table serves assistive tech). */
export const CHART_BASE = { width: '100%', height: '100%', responsive: true, accessibilityLayer: false } as const;
/** Horizontal grid lines and the category axis along the bottom, for the charts with vertical bars or lines. */
export const GRID = { vertical: false, stroke: 'var(--color-slate-200)' } as const;
/** Legend labels in the text colour (Recharts paints them in the series colour, unreadable for light series). */
export const LEGEND = {
  wrapperStyle: { fontSize: 11 },
  formatter: (value: unknown) => <span style={{ color: 'var(--color-slate-700)' }}>{String(value)}</span>,
} as const;
export const BOTTOM_AXIS = { tick: AXIS_TICK, tickLine: false, axisLine: { stroke: 'var(--color-slate-300)' } } as const;

export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chart'
  );
}

export function ChartFrame({
  title,
  subtitle,
  filename,
  header,
  rows,
  children,
  empty,
  heightClass = 'h-56',
  accessible = false,
}: {
  title: string;
  subtitle: ReactNode;
  /** The CSV file's name (without ".csv"). */
  filename: string;
  /** The chart's numbers: CSV download and screen-reader table. The first column names the row. */
  header: string[];
  rows: CsvCell[][];
  children: ReactNode;
  /** Shown instead of the chart when there is nothing to draw yet. */
  empty?: string | null;
  heightClass?: string;
  /** The chart is itself an accessible HTML table (the heatmap): shown to assistive tech, no hidden copy. */
  accessible?: boolean;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-2 flex items-start justify-between gap-3">
        <figcaption id={id} className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">{title}</span>
          <span className="block text-xs text-slate-500">{subtitle}</span>
        </figcaption>
        <div className="shrink-0">
          <CsvDownloadLink filename={`${slug(filename)}.csv`} header={header} rows={rows} description={title} />
        </div>
      </div>
      {empty ? (
        <p
          className={`flex ${heightClass} items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500 ring-1 ring-slate-100`}
        >
          {empty}
        </p>
      ) : accessible ? (
        <div className={heightClass}>{children}</div>
      ) : (
        <div aria-hidden="true" className={heightClass}>
          {children}
        </div>
      )}
      {accessible && !empty ? null : (
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {header.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered in place
                <tr key={index}>
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={header[column]} scope="row">
                        {tableCell(cell)}
                      </th>
                    ) : (
                      <td key={header[column]}>{tableCell(cell)}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
