'use client';
// The campaign dashboard's two charts: verdicts submitted over time (per hour or per day, with the running
// total) and the distribution of time spent per query. The SVG is for sighted users; the same numbers are
// in a visually hidden table for assistive technology, and downloadable as CSV.
import { type ReactNode, useId } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { bucketLabel } from '@/components/audit/campaign-labels';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import type { HistogramBucket, ThroughputPoint } from '@/lib/audit/campaign-stats';

const BRAND = '#2f6fde';
const SLATE = '#475569';
const AXIS_TICK = { fontSize: 11, fill: '#64748b' };

/** UTC labels, so the server render and the browser agree: "11-21 14:00" per hour, "2026-11-21" per day. */
function bucketStart(iso: string, unit: 'hour' | 'day'): string {
  return unit === 'hour' ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

function ChartFrame({
  title,
  subtitle,
  download,
  children,
  table,
  empty,
}: {
  title: string;
  subtitle: string;
  download: ReactNode;
  children: ReactNode;
  table: ReactNode;
  /** Shown instead of the chart when there is nothing to draw yet. */
  empty?: string | null;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-2 flex items-start justify-between gap-3">
        <figcaption id={id} className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">{title}</span>
          <span className="block text-xs text-slate-500">{subtitle}</span>
        </figcaption>
        <div className="shrink-0">{download}</div>
      </div>
      {empty ? (
        <p className="flex h-56 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500 ring-1 ring-slate-100">{empty}</p>
      ) : (
        <div aria-hidden="true" className="h-56">
          {children}
        </div>
      )}
      {table}
    </figure>
  );
}

export function ThroughputChart({ unit, points, campaignName }: { unit: 'hour' | 'day'; points: ThroughputPoint[]; campaignName: string }) {
  const title = `Verdicts submitted per ${unit}`;
  const data = points.map((point) => ({ ...point, label: bucketStart(point.start, unit) }));
  const header = [unit === 'hour' ? 'Hour (UTC)' : 'Day (UTC)', 'Verdicts submitted', 'Cumulative'];
  const total = points.at(-1)?.cumulative ?? 0;
  return (
    <ChartFrame
      title={title}
      subtitle={`Bars: per ${unit}; line: running total (${total.toLocaleString('en')}). Times in UTC.`}
      empty={total === 0 ? 'No verdict submitted yet.' : null}
      download={
        <CsvDownloadLink
          filename={`${slug(campaignName)}-throughput-per-${unit}.csv`}
          header={header}
          rows={points.map((point) => [point.start, point.verdicts, point.cumulative])}
          description={title}
        />
      }
      table={
        <table className="sr-only">
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
            {data.map((point) => (
              <tr key={point.start}>
                <th scope="row">{point.label}</th>
                <td>{point.verdicts}</td>
                <td>{point.cumulative}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ComposedChart
        data={data}
        width="100%"
        height="100%"
        responsive
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} minTickGap={24} />
        <YAxis yAxisId="per" allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <YAxis yAxisId="total" orientation="right" allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#cbd5e1' }}
          labelFormatter={(label) => `${String(label)} UTC`}
        />
        <Bar
          yAxisId="per"
          dataKey="verdicts"
          name="Verdicts"
          fill={BRAND}
          radius={[2, 2, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Line
          yAxisId="total"
          dataKey="cumulative"
          name="Running total"
          type="monotone"
          stroke={SLATE}
          strokeWidth={1.5}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFrame>
  );
}

export function TimePerQueryChart({
  buckets,
  submitted,
  campaignName,
}: {
  buckets: HistogramBucket[];
  submitted: number;
  campaignName: string;
}) {
  const title = 'Time per query';
  const data = buckets.map((bucket) => {
    const label = bucketLabel(bucket.from, bucket.to);
    return { ...bucket, label, tick: label.replace(' min', '') };
  });
  const header = ['Time spent', 'From (s)', 'To (s)', 'Queries submitted'];
  return (
    <ChartFrame
      title={title}
      subtitle={`Minutes spent on each submitted query, all its criteria together (${submitted.toLocaleString('en')} ${submitted === 1 ? 'submission' : 'submissions'}).`}
      empty={submitted === 0 ? 'No query submitted yet.' : null}
      download={
        <CsvDownloadLink
          filename={`${slug(campaignName)}-time-per-query.csv`}
          header={header}
          rows={data.map((bucket) => [bucket.label, bucket.from, bucket.to, bucket.count])}
          description={title}
        />
      }
      table={
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Time spent</th>
              <th scope="col">Queries submitted</th>
            </tr>
          </thead>
          <tbody>
            {data.map((bucket) => (
              <tr key={bucket.from}>
                <th scope="row">{bucket.label}</th>
                <td>{bucket.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        data={data}
        width="100%"
        height="100%"
        responsive
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="tick" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#cbd5e1' }}
          labelFormatter={(label) => `${String(label)} min`}
        />
        <Bar dataKey="count" name="Queries" fill={BRAND} radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

/** A file-name-safe version of the campaign's name. */
function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'campaign'
  );
}
