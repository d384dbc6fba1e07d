// A PROBE run's results on its page: the paired score shift with its interval and verdict, its distribution, the
// shift per response source and per tier, and the first stored variant beside its original (admins only).
import Link from 'next/link';
import { TIER_LABELS } from '@/components/criteria/labels';
import { ShiftGroupsChart, ShiftHistogramChart } from '@/components/judge-bias/bias-charts';
import { PROBE_LABELS, VERDICT_TONES } from '@/components/judge-bias/labels';
import { Badge } from '@/components/ui/badge';
import { fixed } from '@/components/ui/format';
import { Stat } from '@/components/ui/stat';
import { biasVerdict } from '@/lib/judge-bias/bias-verdict';
import type { ProbeRunSummary } from '@/lib/judge/summarize-probe-run';

export function shiftInterval(interval: [number, number] | null): string {
  return interval ? `${fixed(interval[0])} to ${fixed(interval[1])}` : '—';
}

export function ProbeShiftFigures({ summary, prefix }: { summary: ProbeRunSummary; prefix: string }) {
  const verdict = biasVerdict(summary.overall.interval, { queries: summary.overall.queries });
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-4">
        <Stat label="Mean paired shift" value={fixed(summary.overall.mean)} testId={`${prefix}-mean-shift`} />
        <Stat label="95% interval" value={shiftInterval(summary.overall.interval)} testId={`${prefix}-shift-interval`} />
        <Stat
          label="Responses"
          value={String(summary.overall.responses)}
          detail={`${summary.overall.queries} queries`}
          testId={`${prefix}-responses`}
        />
        <Stat
          label="Verdict"
          value={verdict}
          detail={<Badge tone={VERDICT_TONES[verdict]}>the app’s rule: the interval excludes 0, on ≥ 10 queries</Badge>}
          testId={`${prefix}-verdict`}
        />
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <ShiftHistogramChart
          title="Paired shift distribution"
          filename={`${prefix}-shift-distribution`}
          histogram={summary.overall.histogram}
        />
        <ShiftGroupsChart
          title="Shift per response source"
          filename={`${prefix}-shift-by-model`}
          groups={summary.byModel.map((g) => ({ key: g.source, responses: g.responses, mean: g.mean, interval: g.interval }))}
        />
        <ShiftGroupsChart
          title="Shift per tier (share of the tier’s points)"
          filename={`${prefix}-shift-by-tier`}
          groups={summary.byTier.map((g) => ({
            key: TIER_LABELS[g.tier].label,
            responses: g.responses,
            mean: g.mean,
            interval: g.interval,
          }))}
        />
      </div>
    </>
  );
}

export function ProbeResultsView({ summary }: { summary: ProbeRunSummary }) {
  const label = summary.variantKind ? PROBE_LABELS[summary.variantKind] : null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {label ? `${label.label}. ${label.description} ` : ''}
        {summary.variants} variants stored; {summary.gradedOriginal} grades of originals and {summary.gradedVariant} of variants.
        {summary.endpointId ? (
          <>
            {' '}
            All biases of this judge configuration:{' '}
            <Link className="text-brand-600 hover:underline" href={`/judge/endpoints/${summary.endpointId}/diagnostics`}>
              Judge diagnostics
            </Link>
            .
          </>
        ) : null}
      </p>
      <ProbeShiftFigures summary={summary} prefix="probe" />
      {summary.example ? (
        <section aria-label="Stored variant example" className="grid gap-3 md:grid-cols-2">
          {(
            [
              ['Original', summary.example.lastTurnBefore, summary.example.before],
              ['Variant', summary.example.lastTurnAfter, summary.example.after],
            ] as const
          ).map(([title, turn, text]) => (
            <div key={title} className="min-w-0 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {title} (response {summary.example?.responseId})
              </p>
              <p className="mb-2 text-xs text-slate-600">
                Last user turn: <q>{turn}</q>
              </p>
              <pre className="max-h-64 overflow-auto whitespace-pre-wrap font-sans text-sm text-slate-800">{text}</pre>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}
