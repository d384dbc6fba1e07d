'use client';
// The discriminability page's charts (Recharts, each through ChartFrame with a CSV of its numbers): score separation
// per group with its 95% intervals (queries as clusters), and the distribution of the per-query share ordered correctly.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { RateBars } from '@/components/ui/rate-bars';
import { chartRate } from '@/components/ui/format';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, GRID, LEGEND, TOOLTIP_STYLE } from '@/components/ui/chart-frame';
import type { Discriminability, QuerySeparation, SeparationGroup } from '@/lib/discriminability/compute-discriminability';

const CLINICIANS = '#93c5fd';

export function SeparationChart({ groups }: { groups: SeparationGroup[] }) {
  const data = groups.map((group) => {
    const judge = chartRate(group.judge.correct);
    const clinicians = chartRate(group.clinicians.correct);
    return {
      label: group.label,
      judge: judge.value,
      judgeError: judge.error,
      clinicians: clinicians.value,
      cliniciansError: clinicians.error,
    };
  });
  const rows = groups.flatMap((group) =>
    (['judge', 'clinicians'] as const).map((source) => {
      const separation = group[source];
      return [
        group.label,
        source,
        separation.correct.n,
        separation.correct.count,
        separation.ties.count,
        separation.wrong,
        separation.unscored,
        separation.correct.rate,
        separation.correct.low,
        separation.correct.high,
        separation.correct.designEffect,
        separation.correct.clusters,
        separation.ties.rate,
      ];
    }),
  );
  return (
    <ChartFrame
      title="Score separation by criterion subset"
      subtitle="Share of verified pairs whose preferred response the rubric scores strictly higher (ties apart), with 95% intervals (queries as clusters). Clinician-graded: on the reviewers’ pairs only."
      filename="discriminability-score-separation"
      header={[
        'Group',
        'Score',
        'Pairs scored',
        'Correct',
        'Ties',
        'Wrong',
        'Unscored',
        'Share correct',
        'Low',
        'High',
        'Design effect',
        'Queries',
        'Share tied',
      ]}
      rows={rows}
      empty={
        groups.every((group) => group.judge.correct.n === 0 && group.clinicians.correct.n === 0)
          ? 'No verified pair has a score yet.'
          : null
      }
    >
      <RateBars
        data={data}
        series={[
          { key: 'judge', name: 'Judge-graded', fill: BRAND },
          { key: 'clinicians', name: 'Clinician-graded', fill: CLINICIANS },
        ]}
      />
    </ChartFrame>
  );
}

const BINS = 5;

export function QueryDistributionChart({ queries }: { queries: QuerySeparation[] }) {
  const scored = queries.filter((query) => query.judge.scored > 0);
  const counts = Array.from({ length: BINS }, () => 0);
  for (const query of scored) {
    const bin = Math.min(BINS - 1, Math.floor((query.judge.correct / query.judge.scored) * BINS));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  const data = counts.map((count, index) => ({
    label: `${(index * 100) / BINS}–${((index + 1) * 100) / BINS}%`,
    queries: count,
  }));
  return (
    <ChartFrame
      title="Per query: share of pairs ordered correctly (judge-graded)"
      subtitle="How many queries fall in each band; the last band includes 100%. The CSV lists every query."
      filename="discriminability-per-query"
      header={['Query', 'Pairs', 'Pairs scored', 'Correct', 'Ties', 'Wrong', 'Share correct']}
      rows={queries.map((query) => [
        query.externalId,
        query.pairs,
        query.judge.scored,
        query.judge.correct,
        query.judge.ties,
        query.judge.wrong,
        query.judge.scored > 0 ? query.judge.correct / query.judge.scored : null,
      ])}
      empty={scored.length === 0 ? 'No query has a judge-graded pair yet.' : null}
    >
      <BarChart data={data} {...CHART_BASE} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...BOTTOM_AXIS} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Bar dataKey="queries" name="Queries" fill={BRAND} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function CriterionSeparationChart({ summaries, bins }: { summaries: Discriminability['criteriaSummary']; bins: number }) {
  const label = (index: number) => `${(-1 + (2 * index) / bins).toFixed(1)} to ${(-1 + (2 * (index + 1)) / bins).toFixed(1)}`;
  const judge = summaries.find((summary) => summary.source === 'judge');
  const clinicians = summaries.find((summary) => summary.source === 'clinicians');
  const data = Array.from({ length: bins }, (_, index) => ({
    label: label(index),
    judge: judge?.separation[index] ?? 0,
    clinicians: clinicians?.separation[index] ?? 0,
  }));
  return (
    <ChartFrame
      title="Per criterion: how far it separates its pairs"
      subtitle="(met by preferred − met by other) / pairs, negated for pitfalls: 1 met only by the preferred response, 0 no separation (met by all or none), below 0 inverted."
      filename="discriminability-criterion-separation"
      header={['Separation', 'Criteria (judge grades)', 'Criteria (clinician labels)']}
      rows={data.map((bin) => [bin.label, bin.judge, bin.clinicians])}
      empty={summaries.every((summary) => summary.examined === 0) ? 'No criterion is labelled on a verified pair yet.' : null}
    >
      <BarChart data={data} {...CHART_BASE} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...BOTTOM_AXIS} interval={1} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Legend {...LEGEND} />
        <Bar dataKey="judge" name="Judge grades" fill={BRAND} maxBarSize={32} isAnimationActive={false} />
        <Bar dataKey="clinicians" name="Clinician labels" fill={CLINICIANS} maxBarSize={32} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
