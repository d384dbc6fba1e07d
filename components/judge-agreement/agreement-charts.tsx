'use client';
// The agreement page's charts (Recharts, through ChartFrame: CSV and a screen-reader table): the judge's balanced F1
// beside the clinicians' ceiling per group, and each clinician's balanced F1 against the others with the judge's
// as a line, so a judge above or below the clinicians' spread is seen at a glance.
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { fixed } from '@/components/ui/format';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, GRID, TOOLTIP_STYLE } from '@/components/ui/chart-frame';

const CEILING = '#94a3b8';
const JUDGE_LINE = '#b45309';
const F1_AXIS = { domain: [0, 1], tick: AXIS_TICK, tickLine: false, axisLine: false, width: 40 } as const;
const orNull = (value: number) => (Number.isFinite(value) ? value : null);

export interface GroupBars {
  key: string;
  items: number;
  judge: number;
  ceiling: number;
}

export function AgreementByGroupChart({ title, groups, filename }: { title: string; groups: GroupBars[]; filename: string }) {
  return (
    <ChartFrame
      title={title}
      subtitle="The judge’s balanced F1 against every clinician label, beside the clinicians’ ceiling (each clinician against the others, mean)."
      filename={filename}
      header={['Group', 'Items', 'Judge balanced F1', 'Clinicians’ ceiling']}
      rows={groups.map((g) => [g.key, g.items, g.judge, g.ceiling])}
      empty={groups.length === 0 ? 'No item graded by both the judge and clinicians.' : null}
    >
      <BarChart data={groups.map((g) => ({ ...g, judge: orNull(g.judge), ceiling: orNull(g.ceiling) }))} {...CHART_BASE}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="key" {...BOTTOM_AXIS} interval={0} />
        <YAxis {...F1_AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => fixed(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="judge" name="Judge" fill={BRAND} maxBarSize={28} isAnimationActive={false} />
        <Bar dataKey="ceiling" name="Clinicians’ ceiling" fill={CEILING} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function ClinicianSpreadChart({ clinicians, judge }: { clinicians: { id: string; f1: number; pairs: number }[]; judge: number }) {
  const sorted = [...clinicians].sort((a, b) => (Number.isNaN(a.f1) ? 1 : Number.isNaN(b.f1) ? -1 : a.f1 - b.f1));
  return (
    <ChartFrame
      title="Each clinician against the others"
      subtitle="Balanced F1 of each clinician’s labels against the other clinicians’ on the same items; the line is the judge’s."
      filename="clinician-balanced-f1"
      header={['Clinician', 'Pairs', 'Balanced F1']}
      rows={sorted.map((c) => [c.id, c.pairs, c.f1])}
      empty={clinicians.length === 0 ? 'No clinician shares an item with another.' : null}
    >
      <BarChart data={sorted.map((c) => ({ ...c, f1: orNull(c.f1) }))} {...CHART_BASE}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="id" {...BOTTOM_AXIS} interval={0} />
        <YAxis {...F1_AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => fixed(Number(value))} />
        <Bar dataKey="f1" name="Clinician" fill={CEILING} maxBarSize={24} isAnimationActive={false} />
        {Number.isFinite(judge) ? (
          <ReferenceLine y={judge} stroke={JUDGE_LINE} strokeDasharray="4 3" label={{ value: 'judge', position: 'right', fontSize: 11 }} />
        ) : null}
      </BarChart>
    </ChartFrame>
  );
}
