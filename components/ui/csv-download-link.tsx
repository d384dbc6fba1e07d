'use client';
// "Download CSV" for numbers already on the page: the file is made in the browser as a Blob URL (no route
// handler, no second query), and revoked when the data changes or the link unmounts.
import { useEffect, useState } from 'react';
import { type CsvCell, toCsv } from '@/lib/export/csv';

export function CsvDownloadLink({
  filename,
  header,
  rows,
  label = 'Download CSV',
  description,
}: {
  filename: string;
  header: string[];
  rows: CsvCell[][];
  label?: string;
  /** What the file holds, for assistive technology ("Download CSV" alone is ambiguous with several charts). */
  description: string;
}) {
  const [href, setHref] = useState<string | null>(null);
  const csv = toCsv(header, rows);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [csv]);
  return (
    <a
      href={href ?? undefined}
      download={filename}
      aria-label={`${label}: ${description}`}
      aria-disabled={href ? undefined : true}
      className="inline-flex items-center gap-1 rounded text-xs font-medium text-brand-600 hover:text-brand-700 hover:underline"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.6">
        <path d="M8 2v8m0 0L5 7m3 3 3-3M3 12.5h10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </a>
  );
}
