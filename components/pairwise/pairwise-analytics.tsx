'use client';
// The pairwise analytics: headline agreement figures, the human × judge table, agreement by category and by
// meta-rubric version, the length-bias scatter, and the judge's criteria reviewers reject most. Every chart goes
// through ChartFrame (CSV of its numbers, a hidden table for screen readers).
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from 'recharts';
import { chartRate, fixed, intervalDetail, pct } from '@/components/ui/format';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { CLASS_LABELS } from '@/components/pairwise/labels';
import { RateBars } from '@/components/ui/rate-bars';
import { AXIS_TICK, BOTTOM_AXIS, BRAND, CHART_BASE, ChartFrame, LEGEND, TOOLTIP_STYLE } from '@/components/ui/chart-frame';
import type { Rate } from '@/lib/analytics/compute-dashboard';
import type { GroupAgreement, PairwiseAnalytics } from '@/lib/pairwise/compute-pairwise-analytics';

const LIGHT = '#93c5fd';
const AMBER = '#d97706';
const RED = '#b91c1c';

function Stat({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1">
        <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
          {value}
        </span>
        <span className="mt-0.5 block text-xs text-slate-500" data-testid={`${testId}-detail`}>
          {detail}
        </span>
      </dd>
    </div>
  );
}

const rateValue = (rate: Rate) => pct(rate.rate);
/** The count behind a rate, or why it is undefined. */
const rateDetail = (rate: Rate, what: string) => (rate.n === 0 ? `no ${what} yet` : `${rate.count} of ${rate.n} · ${intervalDetail(rate)}`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function GroupChart({
  title,
  groups,
  filename,
  labels = {},
}: {
  title: string;
  groups: GroupAgreement[];
  filename: string;
  labels?: Record<string, string>;
}) {
  const data = groups.map((group) => {
    const withTies = chartRate(group.withTies);
    const withoutTies = chartRate(group.withoutTies);
    const consistent = chartRate(group.positionConsistency);
    return {
      label: labels[group.key] ?? group.key,
      withTies: withTies.value,
      withTiesError: withTies.error,
      withoutTies: withoutTies.value,
      withoutTiesError: withoutTies.error,
      consistent: consistent.value,
      consistentError: consistent.error,
    };
  });
  return (
    <ChartFrame
      title={title}
      subtitle="Human–judge agreement with and without ties, and the judge’s position consistency, with 95% intervals (queries as clusters)."
      filename={filename}
      header={[
        'Group',
        'Pairs',
        'Votes',
        'Agreement with ties',
        'With ties low',
        'With ties high',
        'With ties design effect',
        'Votes without ties',
        'Agreement without ties',
        'Without ties low',
        'Without ties high',
        'Cohen kappa',
        'Position consistency',
        'Consistency low',
        'Consistency high',
        'Consistency design effect',
      ]}
      rows={groups.map((g) => [
        labels[g.key] ?? g.key,
        g.pairs,
        g.votes,
        g.withTies.rate,
        g.withTies.low,
        g.withTies.high,
        g.withTies.designEffect,
        g.withoutTies.n,
        g.withoutTies.rate,
        g.withoutTies.low,
        g.withoutTies.high,
        g.kappa,
        g.positionConsistency.rate,
        g.positionConsistency.low,
        g.positionConsistency.high,
        g.positionConsistency.designEffect,
      ])}
      empty={groups.length === 0 ? 'No pairs yet.' : null}
    >
      <RateBars
        data={data}
        maxBarSize={28}
        series={[
          { key: 'withTies', name: 'Agreement with ties', fill: BRAND },
          { key: 'withoutTies', name: 'Agreement without ties', fill: LIGHT },
          { key: 'consistent', name: 'Position consistency', fill: AMBER },
        ]}
      />
    </ChartFrame>
  );
}

function ConfusionTable({ confusion }: { confusion: number[][] }) {
  const classes = ['A', 'TIE', 'B'] as const;
  const max = Math.max(1, ...confusion.flat());
  return (
    <ChartFrame
      title="Reviewer vote × judge verdict"
      subtitle="Each submitted review is one vote (MT-Bench); a position-inconsistent judge counts as a tie."
      filename="pairwise-human-by-judge"
      header={['Reviewer', 'Judge A', 'Judge tie', 'Judge B']}
      rows={classes.map((human, h) => [`Reviewer ${CLASS_LABELS[human]}`, ...(confusion[h] ?? [])])}
      heightClass="h-auto"
    >
      <table className="w-full text-center text-sm tabular-nums">
        <thead>
          <tr>
            <th className="p-1 text-xs font-medium text-slate-500">Reviewer \ Judge</th>
            {classes.map((judge) => (
              <th key={judge} className="p-1 text-xs font-medium text-slate-500">
                {CLASS_LABELS[judge]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {classes.map((human, h) => (
            <tr key={human}>
              <th className="p-1 text-xs font-medium text-slate-500">{CLASS_LABELS[human]}</th>
              {classes.map((judge, j) => {
                const count = confusion[h]?.[j] ?? 0;
                return (
                  <td
                    key={judge}
                    className={`p-2 ${h === j ? 'font-semibold' : ''}`}
                    style={{ backgroundColor: `rgba(47, 111, 222, ${(0.08 + (0.5 * count) / max).toFixed(2)})` }}
                  >
                    {count}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ChartFrame>
  );
}

function LengthBiasChart({ analytics }: { analytics: PairwiseAnalytics }) {
  const { points, judgeR, humanR, judgeLongerWins, humanLongerWins } = analytics.lengthBias;
  const judge = points.flatMap((p) => (p.judge === null ? [] : [{ x: p.lengthDiff, y: p.judge }]));
  const human = points.flatMap((p) => (p.human === null ? [] : [{ x: p.lengthDiff, y: p.human }]));
  return (
    <ChartFrame
      title="Length bias: preference against length difference"
      subtitle={`x: characters of B minus A; y: +2 B much better … −2 A much better. Pearson r judge ${fixed(judgeR, 2)}, reviewers ${fixed(humanR, 2)}; the longer response wins ${pct(judgeLongerWins.rate)} of the judge’s decided verdicts (n ${judgeLongerWins.n}) and ${pct(humanLongerWins.rate)} of reviewers’ (n ${humanLongerWins.n}).`}
      filename="pairwise-length-bias"
      header={['Comparison', 'Length difference (B − A)', 'Judge score (B positive)', 'Mean reviewer preference']}
      rows={points.map((p) => [p.comparisonId, p.lengthDiff, p.judge, p.human])}
      empty={points.length === 0 ? 'No pairs yet.' : null}
      heightClass="h-72"
    >
      <ScatterChart {...CHART_BASE} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid stroke="var(--color-slate-200)" />
        <XAxis type="number" dataKey="x" name="Length difference" {...BOTTOM_AXIS} />
        <YAxis type="number" dataKey="y" name="Preference" domain={[-2, 2]} ticks={[-2, -1, 0, 1, 2]} tick={AXIS_TICK} width={32} />
        <ZAxis range={[28, 28]} />
        <ReferenceLine y={0} stroke="var(--color-slate-400)" />
        <ReferenceLine x={0} stroke="var(--color-slate-400)" />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Legend {...LEGEND} />
        <Scatter name="Judge" data={judge} fill={BRAND} isAnimationActive={false} />
        <Scatter name="Reviewers (mean)" data={human} fill={AMBER} shape="diamond" isAnimationActive={false} />
      </ScatterChart>
    </ChartFrame>
  );
}

function RejectedCriteriaChart({ analytics }: { analytics: PairwiseAnalytics }) {
  const rows = analytics.rejectedCriteria;
  return (
    <ChartFrame
      title="The judge’s criteria reviewers reject most"
      subtitle="Marks of disagree and not relevant per criterion title (titles compared case-insensitively), the 15 most rejected."
      filename="pairwise-rejected-criteria"
      header={[
        'Criterion',
        'Marks',
        'Agree',
        'Disagree',
        'Not relevant',
        'Rejected rate',
        'Rejected low',
        'Rejected high',
        'Design effect (queries)',
      ]}
      rows={rows.map((r) => [
        r.title,
        r.marks,
        r.agree,
        r.disagree,
        r.notRelevant,
        r.rejected.rate,
        r.rejected.low,
        r.rejected.high,
        r.rejected.designEffect,
      ])}
      empty={rows.length === 0 ? 'No criterion of the judge has been rejected yet.' : null}
      heightClass="h-80"
    >
      <BarChart data={rows} layout="vertical" {...CHART_BASE} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid horizontal={false} stroke="var(--color-slate-200)" />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
        <YAxis type="category" dataKey="title" width={180} tick={AXIS_TICK} interval={0} />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Legend {...LEGEND} />
        <Bar dataKey="disagree" name="Disagree" stackId="r" fill={RED} isAnimationActive={false} />
        <Bar dataKey="notRelevant" name="Not relevant" stackId="r" fill="#fca5a5" isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function PairwiseAnalyticsView({ analytics }: { analytics: PairwiseAnalytics }) {
  const { humanJudge, reviewerReviewer } = analytics;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600" data-testid="pairwise-totals">
        {plural(analytics.pairs, 'pair')} · {analytics.reviewedPairs} reviewed · {plural(analytics.reviews, 'review')} by{' '}
        {plural(analytics.reviewers, 'reviewer')}
      </p>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Agreement with ties"
          value={rateValue(humanJudge.withTies)}
          detail={rateDetail(humanJudge.withTies, 'reviews')}
          testId="agreement-with-ties"
        />
        <Stat
          label="Agreement without ties"
          value={rateValue(humanJudge.withoutTies)}
          detail={rateDetail(humanJudge.withoutTies, 'decided votes')}
          testId="agreement-without-ties"
        />
        <Stat label="Cohen’s kappa (3 classes)" value={fixed(humanJudge.kappa)} detail={`over ${humanJudge.votes} votes`} testId="kappa" />
        <Stat
          label="Reviewer–reviewer Krippendorff’s α"
          value={fixed(reviewerReviewer.alphaNominal)}
          detail={
            reviewerReviewer.units === 0
              ? 'no pair reviewed twice yet'
              : `nominal (A / tie / B) over ${plural(reviewerReviewer.units, 'pair')} reviewed twice or more; ordinal (5-point) ${fixed(reviewerReviewer.alphaOrdinal)}`
          }
          testId="reviewer-alpha"
        />
        <Stat
          label="Reviewer–reviewer agreement"
          value={rateValue(reviewerReviewer.withTies)}
          detail={rateDetail(reviewerReviewer.withTies, 'pairs reviewed twice')}
          testId="reviewer-agreement"
        />
        <Stat
          label="Judge position consistency"
          value={rateValue(analytics.positionConsistency)}
          detail={rateDetail(analytics.positionConsistency, 'pairs in both orders')}
          testId="position-consistency"
        />
        <Stat
          label="Judge verdict marked right"
          value={rateValue(analytics.verdictCorrect)}
          detail={rateDetail(analytics.verdictCorrect, 'reviews')}
          testId="verdict-correct"
        />
        <Stat
          label="Criterion marks"
          value={`${analytics.marks.agree} / ${analytics.marks.disagree} / ${analytics.marks.notRelevant}`}
          detail="agree / disagree / not relevant"
          testId="criterion-marks"
        />
        <Stat
          label="Reviewer–reviewer without ties"
          value={rateValue(reviewerReviewer.withoutTies)}
          detail={rateDetail(reviewerReviewer.withoutTies, 'decided pairs')}
          testId="reviewer-agreement-without-ties"
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ConfusionTable confusion={analytics.confusion} />
        <LengthBiasChart analytics={analytics} />
        <GroupChart title="By category" groups={analytics.byCategory} filename="pairwise-by-category" labels={CATEGORY_LABELS} />
        <GroupChart title="By meta-rubric version" groups={analytics.byVersion} filename="pairwise-by-meta-rubric-version" />
      </div>
      <p className="text-xs text-slate-500" data-testid="multiplicity-note">
        Across the groups of these breakdowns, some 95% intervals will exclude the overall figure by chance alone (about one group in twenty
        when nothing differs): treat a single outlier as a lead to check, not a finding.
      </p>
      <RejectedCriteriaChart analytics={analytics} />
    </div>
  );
}
