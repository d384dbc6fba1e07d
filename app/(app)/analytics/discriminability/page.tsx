// /analytics/discriminability – does the rubric separate good answers from bad ones? Score separation and proxy
// accuracy over the verified pairs, and the criteria that do not discriminate (admins and reviewers).
import type { Metadata } from 'next';
import Link from 'next/link';
import { CriterionFlagList } from '@/components/discriminability/criterion-flags';
import { CriterionSeparationChart, QueryDistributionChart, SeparationChart } from '@/components/discriminability/discriminability-charts';
import { buttonClasses } from '@/components/ui/button';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import { intervalDetail, pct } from '@/components/ui/format';
import { IdOptions } from '@/components/ui/id-options';
import { PageHeader } from '@/components/ui/page-header';
import { SnapshotNote } from '@/components/ui/snapshot-note';
import { Stat } from '@/components/ui/stat';
import { requireSection } from '@/lib/auth/session';
import { prisma } from '@/lib/db';
import { FLAGGED_LIMIT } from '@/lib/discriminability/compute-discriminability';
import { DEFAULT_MIN_GRADE_DIFFERENCE } from '@/lib/discriminability/constants';
import { CRITERIA_HEADER, criteriaCsvRows, discriminabilityCsvRows, FIGURES_HEADER } from '@/lib/discriminability/figures-csv';
import { DEFAULT_MIN_PAIRS_TO_FLAG, SEPARATION_BINS } from '@/lib/discriminability/flag-criterion';
import { listDiscriminabilityRuns } from '@/lib/discriminability/list-discriminability-runs';
import { readDiscriminability } from '@/lib/discriminability/read-discriminability';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Rubric discriminability' };

function positiveNumber(value: string | string[] | undefined, fallback: number, max: number): number {
  const number = Number(typeof value === 'string' ? value : Number.NaN);
  return Number.isFinite(number) && number > 0 && number <= max ? number : fallback;
}

const select = 'mt-1 block w-56 rounded-md border-slate-300 text-sm shadow-sm focus:border-brand-500 focus:ring-brand-500';

export default async function DiscriminabilityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireSection('analytics');
  const params = await searchParams;
  const datasetId = parseRouteId(params.dataset) ?? undefined;
  const gradeRunId = parseRouteId(params.gradeRun) ?? undefined;
  const proxyRunId = parseRouteId(params.proxyRun) ?? undefined;
  const minGradeDifference = positiveNumber(params.minGradeDifference, DEFAULT_MIN_GRADE_DIFFERENCE, 2);
  const minPairsToFlag = Math.round(positiveNumber(params.minPairs, DEFAULT_MIN_PAIRS_TO_FLAG, 1000));
  const [snapshot, runs, datasets] = await Promise.all([
    readDiscriminability({ datasetId, gradeRunId, proxyRunId, minGradeDifference, minPairsToFlag }),
    listDiscriminabilityRuns({ datasetId }),
    prisma.dataset.findMany({ select: { id: true, name: true }, orderBy: { name: 'asc' } }),
  ]);
  const figures = snapshot.value;
  const all = figures.groups.find((group) => group.key === 'all');
  const proxy = figures.proxy;
  const nonDiscriminating = figures.criteria.filter((criterion) => criterion.nonDiscriminating);
  const inverted = figures.criteria.filter((criterion) => criterion.inverted);
  return (
    <>
      <PageHeader
        title="Rubric discriminability"
        description="Whether the rubric separates good answers from bad ones: on every verified pair (reviewers all preferred one response, or the clinician-graded scores differ clearly), does the rubric’s score order the pair as the humans did, and does a judge that sees only the rubric predict the preferred response (proxy accuracy)? Intervals are 95% with queries as clusters (docs/statistics.md)."
        actions={
          <>
            <Link href="/analytics" className={buttonClasses('secondary')}>
              Back to analytics
            </Link>
            {user.role === 'ADMIN' ? (
              <Link href="/judge/runs/new?kind=PROXY" className={buttonClasses('secondary')}>
                New proxy run
              </Link>
            ) : null}
          </>
        }
      />
      <form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Scope">
        <label className="text-sm font-medium text-slate-700">
          Dataset
          <select name="dataset" defaultValue={datasetId ?? ''} className={select}>
            <IdOptions items={datasets} allLabel="All datasets" />
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Judge grades of
          <select name="gradeRun" defaultValue={figures.gradeRun?.id ?? ''} className={select}>
            <IdOptions items={runs.grade} allLabel="The latest grading run" />
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Proxy run
          <select name="proxyRun" defaultValue={figures.proxyRun?.id ?? ''} className={select}>
            <IdOptions items={runs.proxy} allLabel="The latest proxy run" />
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Clear grade difference
          <input
            name="minGradeDifference"
            type="number"
            step="any"
            min={0}
            max={2}
            defaultValue={minGradeDifference}
            aria-describedby="assumptions"
            className={`${select} w-28`}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Pairs to flag
          <input
            name="minPairs"
            type="number"
            min={1}
            defaultValue={minPairsToFlag}
            aria-describedby="assumptions"
            className={`${select} w-24`}
          />
        </label>
        <button type="submit" className={buttonClasses('primary')}>
          Apply
        </button>
      </form>
      <p id="assumptions" className="-mt-4 mb-6 text-xs text-slate-500">
        The app’s assumptions, yours to change: two clinician-graded HealthBench scores differing by at least{' '}
        <span data-testid="min-grade-difference">{minGradeDifference}</span> verify a pair (default {DEFAULT_MIN_GRADE_DIFFERENCE}); a
        criterion is flagged once at least <span data-testid="min-pairs">{minPairsToFlag}</span> verified pair(s) were labelled on it
        (default {DEFAULT_MIN_PAIRS_TO_FLAG}). The reviewers’ verdict wins over the clinicians’ grades when a pair has both.
      </p>
      <SnapshotNote snapshot={snapshot} />

      <dl className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Verified pairs"
          value={figures.pairs.total.toLocaleString('en')}
          testId="verified-pairs"
          detail={`${figures.pairs.reviewers} by reviewers, ${figures.pairs.clinicianGrades} by clinician grades`}
        />
        <Stat
          label="Proxy accuracy"
          value={proxy && proxy.accuracy.n > 0 ? pct(proxy.accuracy.rate) : '—'}
          testId="proxy-accuracy"
          detail={
            proxy && figures.proxyRun ? (
              <>
                <span data-testid="proxy-accuracy-counts">
                  {proxy.accuracy.count} of {proxy.accuracy.n}
                </span>{' '}
                predictions (both orders; disagreeing orders score ½; {proxy.ties.count} ties never correct) ·{' '}
                {proxy.accuracy.n > 0 ? intervalDetail(proxy.accuracy) : ''} ·{' '}
                <Link href={`/judge/runs/${figures.proxyRun.id}`} className="text-brand-700 hover:underline">
                  {figures.proxyRun.label}
                </Link>
              </>
            ) : (
              'No proxy run yet.'
            )
          }
        />
        <Stat
          label="Judge-graded separation"
          value={all && all.judge.correct.n > 0 ? pct(all.judge.correct.rate) : '—'}
          testId="judge-separation"
          detail={
            all && figures.gradeRun
              ? `${all.judge.correct.count} of ${all.judge.correct.n} pairs ordered correctly, ${all.judge.ties.count} ties · ${all.judge.correct.n > 0 ? intervalDetail(all.judge.correct) : ''} · ${figures.gradeRun.label}`
              : 'No grading run yet.'
          }
        />
        <Stat
          label="Clinician-graded separation"
          value={all && all.clinicians.correct.n > 0 ? pct(all.clinicians.correct.rate) : '—'}
          testId="clinician-separation"
          detail={
            all
              ? `${all.clinicians.correct.count} of ${all.clinicians.correct.n} reviewer-verified pairs, ${all.clinicians.ties.count} ties${all.clinicians.correct.n > 0 ? ` · ${intervalDetail(all.clinicians.correct)}` : ''}`
              : undefined
          }
        />
      </dl>
      <div className="mb-2 flex justify-end">
        <CsvDownloadLink
          filename="discriminability-figures.csv"
          header={FIGURES_HEADER}
          rows={discriminabilityCsvRows(figures)}
          label="Download every figure (CSV)"
          description="every discriminability figure"
        />
      </div>
      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <SeparationChart groups={figures.groups} />
        <QueryDistributionChart queries={figures.byQuery} />
      </div>

      <h2 className="mb-2 text-base font-semibold text-slate-900">Criteria</h2>
      <p className="mb-3 text-sm text-slate-600">
        How often each criterion is met by the preferred and by the other response of its query’s verified pairs (judge grades of the run
        above, and the clinicians’ majority label). Non-discriminating: met by every response or by none. Inverted: met more often by the
        worse response (for a pitfall, by the better one).{' '}
        {figures.criteriaSummary.map((summary) => (
          <span key={summary.source} className="block" data-testid={`criteria-summary-${summary.source}`}>
            {summary.source === 'judge' ? 'Judge grades' : 'Clinician labels'}: {summary.examined} criteria examined,{' '}
            {summary.nonDiscriminating} non-discriminating, {summary.inverted} inverted.
          </span>
        ))}
        <CsvDownloadLink
          filename="discriminability-criteria.csv"
          header={CRITERIA_HEADER}
          rows={criteriaCsvRows(figures)}
          label={`Flagged criteria (CSV, at most ${FLAGGED_LIMIT} per list)`}
          description="the flagged criteria's met counts and flags"
        />
      </p>
      <div className="mb-4">
        <CriterionSeparationChart summaries={figures.criteriaSummary} bins={SEPARATION_BINS} />
      </div>
      <div className="grid gap-4">
        <CriterionFlagList title="Inverted criteria" criteria={inverted} testId="inverted" />
        <CriterionFlagList title="Non-discriminating criteria" criteria={nonDiscriminating} testId="non-discriminating" />
      </div>
    </>
  );
}
