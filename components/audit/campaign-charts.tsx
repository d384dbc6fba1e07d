'use client';
// The campaign dashboard's two charts: verdicts submitted over time (per hour or per day, with the running
// total) and the distribution of time spent per query. The SVG is for sighted users; the same numbers are
// in a visually hidden table for assistive technology, and downloadable as CSV.
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { bucketLabel } from '@/components/audit/campaign-labels';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, GRID, SLATE, TOOLTIP_STYLE, slug } from '@/components/ui/chart-frame';
import type { HistogramBucket, ThroughputPoint } from '@/lib/audit/campaign-stats';

/** UTC labels, so the server render and the browser agree: "11-21 14:00" per hour, "2026-11-21" per day. */
function bucketStart(iso: string, unit: 'hour' | 'day'): string {
  return unit === 'hour' ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
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
      filename={`${slug(campaignName)}-throughput-per-${unit}`}
      header={header}
      rows={data.map((point) => [point.label, point.verdicts, point.cumulative])}
    >
      <ComposedChart data={data} {...CHART_BASE} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...BOTTOM_AXIS} minTickGap={24} />
        <YAxis yAxisId="per" allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <YAxis yAxisId="total" orientation="right" allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: 'var(--color-slate-100)' }}
          contentStyle={TOOLTIP_STYLE}
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
      filename={`${slug(campaignName)}-time-per-query`}
      header={header}
      rows={data.map((bucket) => [bucket.label, bucket.from, bucket.to, bucket.count])}
    >
      <BarChart data={data} {...CHART_BASE} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="tick" {...BOTTOM_AXIS} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: 'var(--color-slate-100)' }}
          contentStyle={TOOLTIP_STYLE}
          labelFormatter={(label) => `${String(label)} min`}
        />
        <Bar dataKey="count" name="Queries" fill={BRAND} radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

/** A file-name-safe version of the campaign's name. */
