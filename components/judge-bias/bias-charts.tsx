'use client';
// The judge diagnostics' charts (Recharts, through ChartFrame: a CSV and a screen-reader table each): the paired shift
// distribution of a probe, mean shifts per group with their intervals, the judge's conditional preferences beside
// the no-bias line, and the information a preference carries about the length difference, judge beside humans.
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { fixed } from '@/components/ui/format';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, GRID, LEGEND, SLATE, TOOLTIP_STYLE } from '@/components/ui/chart-frame';

const HUMAN = '#94a3b8';
const orNull = (value: number) => (Number.isFinite(value) ? value : null);
/** ErrorBar's [below, above] from an estimate and its interval; none when the interval is unknown. */
const errorOf = (value: number, interval: readonly [number, number] | null) =>
  interval && Number.isFinite(value) && Number.isFinite(interval[0]) && Number.isFinite(interval[1])
    ? [Math.max(0, value - interval[0]), Math.max(0, interval[1] - value)]
    : null;
const AXIS = { tick: AXIS_TICK, tickLine: false, axisLine: false, width: 44 } as const;

export function ShiftHistogramChart({
  title,
  filename,
  histogram,
}: {
  title: string;
  filename: string;
  histogram: { from: number; to: number; responses: number }[];
}) {
  const data = histogram.map((bin) => ({ bin: `${fixed(bin.from, 1)}…${fixed(bin.to, 1)}`, responses: bin.responses }));
  return (
    <ChartFrame
      title={title}
      subtitle="Responses per bin of paired shift (variant score − original score, HealthBench); no bias centres on 0."
      filename={filename}
      header={['Shift from', 'Shift to', 'Responses']}
      rows={histogram.map((bin) => [bin.from, bin.to, bin.responses])}
      empty={histogram.every((bin) => bin.responses === 0) ? 'No response graded in both forms yet.' : null}
    >
      <BarChart data={data} {...CHART_BASE}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="bin" {...BOTTOM_AXIS} interval={3} />
        <YAxis {...AXIS} allowDecimals={false} />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Bar dataKey="responses" name="Responses" fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export interface ShiftGroup {
  key: string;
  responses: number;
  mean: number;
  interval: [number, number] | null;
}

export function ShiftGroupsChart({ title, filename, groups }: { title: string; filename: string; groups: ShiftGroup[] }) {
  return (
    <ChartFrame
      title={title}
      subtitle="Mean paired shift with its 95% interval (queries as clusters)."
      filename={filename}
      header={['Group', 'Responses', 'Mean shift', 'Interval low', 'Interval high']}
      rows={groups.map((g) => [g.key, g.responses, g.mean, g.interval?.[0] ?? null, g.interval?.[1] ?? null])}
      empty={groups.length === 0 ? 'No response graded in both forms yet.' : null}
    >
      <BarChart data={groups.map((g) => ({ key: g.key, mean: orNull(g.mean), error: errorOf(g.mean, g.interval) }))} {...CHART_BASE}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="key" {...BOTTOM_AXIS} interval={0} />
        <YAxis {...AXIS} tickFormatter={(v) => fixed(Number(v), 2)} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => fixed(Number(v))} />
        <ReferenceLine y={0} stroke={SLATE} />
        <Bar dataKey="mean" name="Mean shift" fill={BRAND} maxBarSize={36} isAnimationActive={false}>
          <ErrorBar dataKey="error" width={4} stroke={SLATE} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export interface PreferenceBars {
  key: string;
  /** P(judge prefers the marked side | humans preferred the other). */
  towardMarked: number;
  /** P(judge prefers the other side | humans preferred the marked one). */
  towardOther: number;
  judgements: number;
}

export function ConditionalPreferenceChart({
  title,
  subtitle,
  filename,
  marked,
  groups,
}: {
  title: string;
  subtitle: string;
  filename: string;
  /** What the marked side is: "longer", "own model". */
  marked: string;
  groups: PreferenceBars[];
}) {
  const towardMarked = `Judge chose the ${marked} where humans preferred the other`;
  const towardOther = `Judge chose the other where humans preferred the ${marked}`;
  return (
    <ChartFrame
      title={title}
      subtitle={subtitle}
      filename={filename}
      header={['Judge source', 'Judgements', towardMarked, towardOther]}
      rows={groups.map((g) => [g.key, g.judgements, g.towardMarked, g.towardOther])}
      empty={groups.every((g) => g.judgements === 0) ? 'No judge judgement of a pair humans agree on.' : null}
    >
      <BarChart
        data={groups.map((g) => ({ key: g.key, towardMarked: orNull(g.towardMarked), towardOther: orNull(g.towardOther) }))}
        {...CHART_BASE}
      >
        <CartesianGrid {...GRID} />
        <XAxis dataKey="key" {...BOTTOM_AXIS} interval={0} />
        <YAxis domain={[0, 1]} {...AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => fixed(Number(v))} />
        <Legend {...LEGEND} />
        <Bar dataKey="towardMarked" name={towardMarked} fill={BRAND} maxBarSize={28} isAnimationActive={false} />
        <Bar dataKey="towardOther" name={towardOther} fill={HUMAN} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export interface InformationBars {
  key: string;
  judge: number;
  judgeInterval: [number, number];
  human: number;
  humanInterval: [number, number];
}

export function LengthInformationChart({ groups }: { groups: InformationBars[] }) {
  return (
    <ChartFrame
      title="Information about the length difference"
      subtitle="Binned plug-in mutual information (bits) between a preference and the pair's length-ratio bin, with 95% bootstrap intervals over queries."
      filename="length-mutual-information"
      header={['Judge source', 'Judge (bits)', 'Judge low', 'Judge high', 'Humans (bits)', 'Humans low', 'Humans high']}
      rows={groups.map((g) => [g.key, g.judge, g.judgeInterval[0], g.judgeInterval[1], g.human, g.humanInterval[0], g.humanInterval[1]])}
      empty={groups.every((g) => !Number.isFinite(g.judge)) ? 'No judge judgement of a pair humans agree on.' : null}
    >
      <BarChart
        data={groups.map((g) => ({
          key: g.key,
          judge: orNull(g.judge),
          judgeError: errorOf(g.judge, g.judgeInterval),
          human: orNull(g.human),
          humanError: errorOf(g.human, g.humanInterval),
        }))}
        {...CHART_BASE}
      >
        <CartesianGrid {...GRID} />
        <XAxis dataKey="key" {...BOTTOM_AXIS} interval={0} />
        <YAxis {...AXIS} tickFormatter={(v) => fixed(Number(v), 2)} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => fixed(Number(v))} />
        <Legend {...LEGEND} />
        <Bar dataKey="judge" name="Judge" fill={BRAND} maxBarSize={28} isAnimationActive={false}>
          <ErrorBar dataKey="judgeError" width={4} stroke={SLATE} />
        </Bar>
        <Bar dataKey="human" name="Humans" fill={HUMAN} maxBarSize={28} isAnimationActive={false}>
          <ErrorBar dataKey="humanError" width={4} stroke={SLATE} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export function LengthBinsChart({
  title,
  filename,
  bins,
}: {
  title: string;
  filename: string;
  bins: { label: string; judgements: number; judgeFirst: number; humanFirst: number }[];
}) {
  return (
    <ChartFrame
      title={title}
      subtitle="Per bin of log₂(length first / length second): the share of judgements preferring the first response, judge beside humans. A length-driven judge climbs from left to right."
      filename={filename}
      header={['Length-ratio bin', 'Judgements', 'Judge preferred the first', 'Humans preferred the first']}
      rows={bins.map((bin) => [bin.label, bin.judgements, bin.judgeFirst, bin.humanFirst])}
      empty={bins.every((bin) => bin.judgements === 0) ? 'No judge judgement of a pair humans agree on.' : null}
    >
      <BarChart
        data={bins.map((bin) => ({ label: bin.label, judge: orNull(bin.judgeFirst), human: orNull(bin.humanFirst) }))}
        {...CHART_BASE}
      >
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...BOTTOM_AXIS} interval={0} />
        <YAxis domain={[0, 1]} {...AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => fixed(Number(v))} />
        <Legend {...LEGEND} />
        <ReferenceLine y={0.5} stroke={SLATE} strokeDasharray="4 3" />
        <Bar dataKey="judge" name="Judge" fill={BRAND} maxBarSize={20} isAnimationActive={false} />
        <Bar dataKey="human" name="Humans" fill={HUMAN} maxBarSize={20} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
