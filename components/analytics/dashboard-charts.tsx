'use client';
// The analytics dashboard's charts (Recharts). Each goes through ChartFrame: a CSV of its numbers and a hidden
// table for screen readers. Rates are drawn in percent with their 95% intervals (queries as clusters) as error
// bars or bands; the CSVs carry each design effect too.
import { Area, Bar, BarChart, CartesianGrid, ComposedChart, ErrorBar, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { chartRate, fixed, percentValue } from '@/components/ui/format';
import { ERROR_LABELS } from '@/components/analytics/labels';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { PERCENT_AXIS, RateBars, percentTick } from '@/components/ui/rate-bars';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, GRID, LEGEND, SLATE, TOOLTIP_STYLE } from '@/components/ui/chart-frame';
import type { Agreement, Counts, ErrorTableRow, GroupCounts } from '@/lib/analytics/compute-dashboard';

const LENIENT = '#93c5fd';
const CONFIRMED = '#b91c1c';
const PRELIMINARY = '#fca5a5';
/** The 0–100% value axis of the rate charts. */

export function ConcordanceChart({ title, groups, filename }: { title: string; groups: GroupCounts[]; filename: string }) {
  const data = groups.map((group) => {
    const strict = chartRate(group.strict);
    const lenient = chartRate(group.lenient);
    return { label: group.label, strict: strict.value, strictError: strict.error, lenient: lenient.value, lenientError: lenient.error };
  });
  const finalized = groups.reduce((sum, group) => sum + group.finalized, 0);
  return (
    <ChartFrame
      title={title}
      subtitle="Strict (accepted) and lenient (accepted or minor revision) concordance, with 95% intervals (queries as clusters)."
      filename={filename}
      header={[
        'Group',
        'Criteria',
        'Finalized',
        'Unresolved',
        'Strict',
        'Strict low',
        'Strict high',
        'Strict design effect',
        'Lenient',
        'Lenient low',
        'Lenient high',
      ]}
      rows={groups.map((g) => [
        g.label,
        g.criteria,
        g.finalized,
        g.unresolved,
        g.strict.rate,
        g.strict.low,
        g.strict.high,
        g.strict.designEffect,
        g.lenient.rate,
        g.lenient.low,
        g.lenient.high,
      ])}
      empty={finalized === 0 ? 'No criterion has a final decision yet.' : null}
    >
      <RateBars
        data={data}
        series={[
          { key: 'strict', name: 'Strict', fill: BRAND },
          { key: 'lenient', name: 'Lenient', fill: LENIENT },
        ]}
      />
    </ChartFrame>
  );
}

export function ErrorRatesChart({ errors }: { errors: ErrorTableRow[] }) {
  const data = errors.map((row) => ({
    label: ERROR_LABELS[row.row],
    preliminary: chartRate(row.preliminary).value,
    confirmed: chartRate(row.confirmed).value,
    confirmedError: chartRate(row.confirmed).error,
  }));
  return (
    <ChartFrame
      title="Error rates by dimension"
      subtitle="Preliminary: any expert flagged it (over criteria with a verdict). Confirmed: the final decision confirms it (over finalized criteria)."
      filename="error-rates"
      header={[
        'Dimension',
        'Preliminary',
        'Of criteria with a verdict',
        'Preliminary rate',
        'Confirmed',
        'Of finalized',
        'Confirmed rate',
        'Confirmed low',
        'Confirmed high',
        'Confirmed design effect',
      ]}
      rows={errors.map((r) => [
        ERROR_LABELS[r.row],
        r.preliminary.count,
        r.preliminary.n,
        r.preliminary.rate,
        r.confirmed.count,
        r.confirmed.n,
        r.confirmed.rate,
        r.confirmed.low,
        r.confirmed.high,
        r.confirmed.designEffect,
      ])}
      empty={errors.every((r) => r.preliminary.n === 0) ? 'No verdict submitted yet.' : null}
      heightClass="h-72"
    >
      <BarChart data={data} layout="vertical" {...CHART_BASE} margin={{ top: 4, right: 12, bottom: 0, left: 8 }}>
        <CartesianGrid horizontal={false} stroke="var(--color-slate-200)" />
        <XAxis type="number" tickFormatter={percentTick} tick={AXIS_TICK} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={false} width={120} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => percentValue(value)} />
        <Legend {...LEGEND} />
        <Bar dataKey="preliminary" name="Preliminary" fill={PRELIMINARY} isAnimationActive={false} />
        <Bar dataKey="confirmed" name="Confirmed" fill={CONFIRMED} isAnimationActive={false}>
          <ErrorBar dataKey="confirmedError" width={4} stroke={SLATE} direction="x" />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export function OverTimeChart({ points }: { points: (Counts & { day: string })[] }) {
  const data = points.map((point) => {
    const strict = chartRate(point.strict);
    return {
      day: point.day,
      strict: strict.value,
      band: strict.value === null ? null : [point.strict.low * 100, point.strict.high * 100],
      finalized: point.finalized,
    };
  });
  return (
    <ChartFrame
      title="Concordance over time"
      subtitle="Strict concordance of the criteria finalized each day (UTC), with its 95% interval as a band."
      filename="concordance-over-time"
      header={['Day (UTC)', 'Finalized', 'Accepted', 'Strict', 'Strict low', 'Strict high']}
      rows={points.map((p) => [p.day, p.finalized, p.strict.count, p.strict.rate, p.strict.low, p.strict.high])}
      empty={points.length === 0 ? 'No criterion has a final decision yet.' : null}
    >
      <ComposedChart data={data} {...CHART_BASE} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="day" {...BOTTOM_AXIS} minTickGap={24} />
        <YAxis {...PERCENT_AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Area dataKey="band" name="95% interval" fill={LENIENT} stroke="none" fillOpacity={0.5} isAnimationActive={false} />
        <Line dataKey="strict" name="Strict" stroke={BRAND} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </ComposedChart>
    </ChartFrame>
  );
}

/** Cohen's kappa from −1 (red) through 0 (white) to 1 (blue). */
/** The cell's colour on the scale white (0) → blue (1) or → red (−1), as [r, g, b]. */
function kappaRgb(kappa: number): [number, number, number] {
  if (!Number.isFinite(kappa)) return [241, 245, 249];
  const t = Math.max(-1, Math.min(1, kappa));
  const mix = (from: number, to: number, amount: number) => Math.round(from + (to - from) * amount);
  return t >= 0 ? [mix(255, 47, t), mix(255, 111, t), mix(255, 222, t)] : [mix(255, 185, -t), mix(255, 28, -t), mix(255, 28, -t)];
}

function kappaColour(kappa: number): string {
  return `rgb(${kappaRgb(kappa).join(', ')})`;
}

/** Black ink on light cells, white on dark ones: whichever has the higher WCAG contrast on the cell's colour
 * (with black and white one of them always reaches 4.5:1; a softer dark ink would leave a band where neither does). */
function kappaInk(kappa: number): string {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = kappaRgb(kappa);
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  // Black and white have equal contrast (4.58:1) on a luminance of 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

export function AgreementHeatmap({ agreement }: { agreement: Agreement }) {
  const { experts, pairwise } = agreement;
  const cell = (a: string, b: string) => pairwise.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return (
    <ChartFrame
      title="Agreement between experts (Cohen’s kappa)"
      subtitle="Each pair of experts over the criteria both judged; blank where they share none."
      filename="expert-agreement-heatmap"
      header={['Expert A', 'Expert B', 'Criteria both judged', 'Cohen kappa']}
      rows={pairwise.map((p) => [
        experts.find((e) => e.id === p.a)?.label ?? p.a,
        experts.find((e) => e.id === p.b)?.label ?? p.b,
        p.n,
        p.kappa,
      ])}
      empty={pairwise.length === 0 ? 'No two experts have judged the same criterion yet.' : null}
      heightClass="h-auto"
      accessible
    >
      <ScrollRegion label="Cohen’s kappa per pair of experts">
        <table className="border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">Cohen’s kappa per pair of experts, over the criteria both judged</caption>
          <thead>
            <tr>
              <td />
              {experts.map((expert) => (
                // Names wrap instead of being cut: the column is as wide as a cell, the full name is always there.
                <th
                  key={expert.id}
                  scope="col"
                  className="w-20 px-1 pb-1 align-bottom font-medium leading-tight text-slate-600"
                  title={expert.label}
                >
                  {expert.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {experts.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="min-w-24 pr-2 text-right font-medium leading-tight text-slate-600" title={row.label}>
                  {row.label}
                </th>
                {experts.map((column) => {
                  const pair = row.id === column.id ? undefined : cell(row.id, column.id);
                  return (
                    <td
                      key={column.id}
                      className="h-9 w-14 rounded text-center tabular-nums"
                      // The scale's colours are fixed (the same in both modes); the ink follows each cell's colour.
                      style={{
                        background: row.id === column.id ? '#e2e8f0' : kappaColour(pair?.kappa ?? Number.NaN),
                        color: row.id === column.id ? '#0f172a' : kappaInk(pair?.kappa ?? Number.NaN),
                      }}
                      title={pair ? `κ ${fixed(pair.kappa, 2)} over ${pair.n} criteria` : undefined}
                    >
                      {pair ? (
                        fixed(pair.kappa, 2)
                      ) : row.id === column.id ? (
                        <span className="sr-only">same expert</span>
                      ) : (
                        <span className="sr-only">no shared criteria</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </ChartFrame>
  );
}

export function ExpertAgreementChart({ agreement }: { agreement: Agreement }) {
  const data = agreement.withFinal.map((row) => {
    const value = chartRate(row.agreement);
    return { label: row.label, agreement: value.value, agreementError: value.error };
  });
  return (
    <ChartFrame
      title="Each expert’s agreement with the final decision (leave-one-out)"
      subtitle="Share of the expert’s verdicts matching the decision reached without them (the other experts when they agree, else the adjudication), with 95% intervals (queries as clusters)."
      filename="expert-agreement-with-final"
      header={['Expert', 'Verdicts', 'With a decision without them', 'Matching it', 'Rate', 'Low', 'High', 'Design effect']}
      rows={agreement.withFinal.map((r) => [
        r.label,
        r.verdicts,
        r.agreement.n,
        r.agreement.count,
        r.agreement.rate,
        r.agreement.low,
        r.agreement.high,
        r.agreement.designEffect,
      ])}
      empty={agreement.withFinal.every((r) => r.agreement.n === 0) ? 'No verdict has a decision without its expert yet.' : null}
    >
      <RateBars data={data} series={[{ key: 'agreement', name: 'Agreement with final', fill: BRAND }]} legend={false} />
    </ChartFrame>
  );
}
