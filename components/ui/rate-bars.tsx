'use client';
// Rates as grouped bars in percent, each with its 95% interval as an error whisker: the concordance, agreement and
// score-separation charts share this one drawing (inside a ChartFrame, which gives the CSV and the hidden table).
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, BOTTOM_AXIS, CHART_BASE, GRID, LEGEND, SLATE, TOOLTIP_STYLE } from '@/components/ui/chart-frame';
import { percentValue } from '@/components/ui/format';

export const percentTick = (value: number) => `${value}%`;

/** A value axis from 0 to 100%. */
export const PERCENT_AXIS = {
  domain: [0, 100],
  tickFormatter: percentTick,
  tick: AXIS_TICK,
  tickLine: false,
  axisLine: false,
  width: 48,
} as const;

export interface RateSeries {
  /** The rate's key in each datum (percent, or null); its whisker is `${key}Error` ([below, above], chartRate's). */
  key: string;
  name: string;
  fill: string;
}

export function RateBars({
  data,
  series,
  maxBarSize = 32,
  legend = true,
}: {
  /** One datum per group: its `label` and, per series, the rate and its whisker. */
  data: ({ label: string } & Record<string, unknown>)[];
  series: RateSeries[];
  maxBarSize?: number;
  legend?: boolean;
}) {
  return (
    <BarChart data={data} {...CHART_BASE} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
      <CartesianGrid {...GRID} />
      <XAxis dataKey="label" {...BOTTOM_AXIS} interval={0} />
      <YAxis {...PERCENT_AXIS} />
      <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => percentValue(value)} />
      {legend ? <Legend {...LEGEND} /> : null}
      {series.map((one) => (
        <Bar key={one.key} dataKey={one.key} name={one.name} fill={one.fill} maxBarSize={maxBarSize} isAnimationActive={false}>
          <ErrorBar dataKey={`${one.key}Error`} width={4} stroke={SLATE} />
        </Bar>
      ))}
    </BarChart>
  );
}
