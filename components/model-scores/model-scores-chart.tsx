'use client';
// HealthBench score per model with ± one bootstrap standard deviation: the judge's over every complete response, and
// the judge's beside the clinicians' on the responses clinicians graded completely.
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { fixed } from '@/components/ui/format';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, GRID, SLATE, TOOLTIP_STYLE } from '@/components/ui/chart-frame';

export interface ModelBars {
  model: string;
  judge: number;
  judgeStd: number;
  judgeN: number;
  pairedJudge: number;
  pairedClinicians: number;
  pairedClinicianStd: number;
  pairedN: number;
}

const value = (score: number) => (Number.isFinite(score) ? score : null);
const spread = (std: number) => (Number.isFinite(std) ? std : 0);

export function ModelScoresChart({ models }: { models: ModelBars[] }) {
  return (
    <ChartFrame
      title="HealthBench score per model"
      subtitle="Mean response score clipped to [0, 1], ± one bootstrap standard deviation (1,000 resamples)."
      filename="healthbench-score-per-model"
      header={[
        'Model',
        'Judge',
        'Judge SD',
        'Responses',
        'Judge (clinician-graded responses)',
        'Clinicians',
        'Clinicians SD',
        'Clinician-graded responses',
      ]}
      rows={models.map((m) => [m.model, m.judge, m.judgeStd, m.judgeN, m.pairedJudge, m.pairedClinicians, m.pairedClinicianStd, m.pairedN])}
      empty={models.every((m) => m.judgeN === 0) ? 'No response has every criterion graded.' : null}
    >
      <BarChart
        data={models.map((m) => ({
          model: m.model,
          judge: value(m.judge),
          judgeError: spread(m.judgeStd),
          clinicians: value(m.pairedClinicians),
          cliniciansError: spread(m.pairedClinicianStd),
        }))}
        {...CHART_BASE}
      >
        <CartesianGrid {...GRID} />
        <XAxis dataKey="model" {...BOTTOM_AXIS} interval={0} />
        <YAxis domain={[0, 1]} tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => fixed(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="judge" name="Judge" fill={BRAND} maxBarSize={28} isAnimationActive={false}>
          <ErrorBar dataKey="judgeError" width={4} stroke={SLATE} />
        </Bar>
        <Bar dataKey="clinicians" name="Clinicians (their graded responses)" fill="#94a3b8" maxBarSize={28} isAnimationActive={false}>
          <ErrorBar dataKey="cliniciansError" width={4} stroke={SLATE} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
