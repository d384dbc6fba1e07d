// The analytics dashboard (server component): headline figures, charts and the breakdown table. Numbers come
// from computeDashboard (aggregated in SQL); an undefined statistic shows "—" with its reason. Definitions and
// assumptions: docs/statistics.md.
import Link from 'next/link';
import {
  AgreementHeatmap,
  ConcordanceChart,
  ErrorRatesChart,
  ExpertAgreementChart,
  OverTimeChart,
} from '@/components/analytics/dashboard-charts';
import { BREAKDOWN_LABELS, ERROR_LABELS } from '@/components/analytics/labels';
import { Badge } from '@/components/ui/badge';
import { designEffect, fixed, interval, intervalDetail, pct, plainInterval } from '@/components/ui/format';
import { Card } from '@/components/ui/page-header';
import { Stat } from '@/components/ui/stat';
import type { ReactNode } from 'react';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { BREAKDOWNS, type Breakdown, type Counts, type Dashboard } from '@/lib/analytics/compute-dashboard';

function JudgeCard({ judge }: { judge: Dashboard['judge'] }) {
  if (!judge.available)
    return (
      <Card title="Judge vs experts">
        <p className="text-2xl font-semibold text-slate-900" data-testid="judge-f1">
          —
        </p>
        <p className="mt-1 text-sm text-slate-600">{judge.reason}</p>
      </Card>
    );
  return (
    <Card title="Judge vs experts">
      <p className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="judge-f1">
        {fixed(judge.balancedF1)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Balanced F1 (HealthBench meta-evaluation) of {judge.runLabel} against clinicians on {judge.items.toLocaleString('en')} graded item
        {judge.items === 1 ? '' : 's'} · 95% CI {fixed(judge.balancedF1Interval[0])}–{fixed(judge.balancedF1Interval[1])} (queries
        resampled)
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Clinicians’ ceiling <span data-testid="judge-ceiling">{fixed(judge.ceiling)}</span> · κ vs clinician majority{' '}
        <span data-testid="judge-kappa">{fixed(judge.kappa)}</span>
        {judge.aboveCeiling ? (
          <span className="ml-2">
            <Badge tone="amber">above the clinicians’ ceiling</Badge>
          </span>
        ) : null}
      </p>
      <Link className="mt-2 inline-block text-sm font-medium text-brand-600 hover:underline" href={`/judge/runs/${judge.runId}/agreement`}>
        Agreement with clinicians, by category and item
      </Link>
    </Card>
  );
}

/** Where the figure would land if every undecided criterion ended rejected (low) or accepted (high). */
function boundsText(counts: Counts, which: 'strict' | 'lenient'): string {
  const undecided = counts.unresolved + counts.awaiting;
  const [low, high] = counts.bounds[which];
  return undecided === 0 ? 'no criterion undecided' : `${pct(low)}–${pct(high)} if the ${undecided} undecided all fail / all pass`;
}

export function AnalyticsDashboard({
  dashboard,
  by,
  query,
  discriminability,
}: {
  dashboard: Dashboard;
  by: Breakdown;
  query: Record<string, string>;
  /** The rubric-quality score shown beside concordance (a ProxyAccuracyStat). */
  discriminability?: ReactNode;
}) {
  const { totals, agreement } = dashboard;
  const noFinal = totals.finalized === 0 ? 'no criterion has a final decision yet' : undefined;
  const alphaReason =
    agreement.pairableUnits === 0
      ? 'no criterion has two verdicts yet'
      : Number.isFinite(agreement.alphaNominal)
        ? undefined
        : 'every verdict is the same decision, so chance agreement is 1';
  const scoped = dashboard.scope.campaignId === undefined;
  const href = (breakdown: Breakdown) => `/analytics?${new URLSearchParams({ ...query, by: breakdown }).toString()}`;
  const groups = dashboard.breakdowns[by];
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Strict concordance"
          testId="strict-concordance"
          value={pct(totals.strict.rate)}
          detail={
            noFinal ? (
              `— because ${noFinal}`
            ) : (
              <>
                {totals.strict.count} of {totals.finalized} accepted ·{' '}
                <span data-testid="strict-interval">{intervalDetail(totals.strict)}</span>
                <span className="block" data-testid="strict-bounds">
                  Bounds: {boundsText(totals, 'strict')}
                </span>
              </>
            )
          }
        />
        <Stat
          label="Lenient concordance"
          testId="lenient-concordance"
          value={pct(totals.lenient.rate)}
          detail={
            noFinal ? (
              `— because ${noFinal}`
            ) : (
              <>
                accepted or minor revision · {intervalDetail(totals.lenient)}
                <span className="block">Bounds: {boundsText(totals, 'lenient')}</span>
              </>
            )
          }
        />
        {discriminability}
        <Stat
          label="Final decisions"
          testId="finalized"
          value={totals.finalized.toLocaleString('en')}
          detail={`${totals.unanimous} unanimous, ${totals.adjudicated} adjudicated; ${totals.unresolved} unresolved, ${totals.awaiting} awaiting verdicts (of ${totals.criteria})`}
        />
        <Stat
          label="Krippendorff’s α"
          testId="krippendorff-alpha"
          value={fixed(agreement.alphaNominal)}
          detail={
            alphaReason ? (
              `— because ${alphaReason}`
            ) : (
              <>
                nominal, over {agreement.pairableUnits} criteria with 2+ verdicts · ordinal {fixed(agreement.alphaOrdinal)}
                <span className="block">
                  Fleiss’ κ <span data-testid="fleiss-kappa">{fixed(agreement.fleiss.kappa)}</span> over only the{' '}
                  {agreement.fleiss.subjects} of {agreement.pairableUnits} criteria with exactly {agreement.fleiss.raters} verdicts
                </span>
              </>
            )
          }
        />
      </dl>
      {scoped ? (
        <p className="text-sm text-slate-600" data-testid="scope-note">
          Each criterion counts once, with its latest final decision (a criterion audited in two campaigns is not counted twice); agreement
          between experts counts every campaign’s verdicts.
        </p>
      ) : null}
      {totals.unresolved > 0 ? (
        <p className="text-sm text-slate-600">
          {totals.unresolved} {totals.unresolved === 1 ? 'criterion is' : 'criteria are'} unresolved (the experts disagree and no reviewer
          has adjudicated yet); concordance counts final decisions only, and its bounds show where it would land either way.{' '}
          <Link className="font-medium text-brand-600 hover:underline" href="/adjudication">
            Open the adjudication queue
          </Link>
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <ConcordanceChart title="Concordance by category" groups={dashboard.breakdowns.category} filename="concordance-by-category" />
        <ConcordanceChart title="Concordance by tier" groups={dashboard.breakdowns.tier} filename="concordance-by-tier" />
        <ErrorRatesChart errors={dashboard.errors} />
        <AgreementHeatmap agreement={agreement} />
        <OverTimeChart points={dashboard.overTime} />
        <ConcordanceChart
          title="Concordance by meta-rubric version"
          groups={dashboard.breakdowns.metaRubricVersion}
          filename="concordance-by-meta-rubric-version"
        />
        <ExpertAgreementChart agreement={agreement} />
        <JudgeCard judge={dashboard.judge} />
      </div>

      <Card title="Error table">
        <SimpleTable
          label="Errors per audit dimension"
          head={
            <>
              <Th>Dimension</Th>
              <Th align="right">Preliminary (any expert)</Th>
              <Th align="right">Rate</Th>
              <Th align="right">Confirmed (final decision)</Th>
              <Th align="right">Rate</Th>
              <Th align="right">95% CI</Th>
              <Th align="right">Design effect</Th>
              <Th align="right">Plain Wilson (secondary)</Th>
            </>
          }
        >
          {dashboard.errors.map((row) => (
            <tr key={row.row} data-testid={`error-${row.row}`}>
              <Td>{row.row.startsWith('WEIGHT_') ? <span className="pl-4">↳ {ERROR_LABELS[row.row]}</span> : ERROR_LABELS[row.row]}</Td>
              <Td align="right">{row.preliminary.count}</Td>
              <Td align="right">{pct(row.preliminary.rate)}</Td>
              <Td align="right" data-testid={`confirmed-${row.row}`}>
                {row.confirmed.count}
              </Td>
              <Td align="right">{pct(row.confirmed.rate)}</Td>
              <Td align="right">{interval(row.confirmed)}</Td>
              <Td align="right">{fixed(row.confirmed.designEffect, 2)}</Td>
              <Td align="right">{plainInterval(row.confirmed).replace('plain Wilson ', '')}</Td>
            </tr>
          ))}
        </SimpleTable>
      </Card>

      <Card title="Breakdown">
        <nav aria-label="Break down by" className="mb-3 flex flex-wrap gap-1">
          {BREAKDOWNS.map((breakdown) => (
            <Link
              key={breakdown}
              href={href(breakdown)}
              aria-current={breakdown === by ? 'page' : undefined}
              className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${breakdown === by ? 'bg-brand-600 text-white ring-brand-600' : 'text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
            >
              {BREAKDOWN_LABELS[breakdown]}
            </Link>
          ))}
        </nav>
        {groups.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing to break down by {BREAKDOWN_LABELS[by].toLowerCase()} in this scope.</p>
        ) : (
          <SimpleTable
            label={`Concordance by ${BREAKDOWN_LABELS[by].toLowerCase()}`}
            head={
              <>
                <Th>{BREAKDOWN_LABELS[by]}</Th>
                <Th align="right">{by === 'expert' ? 'Verdicts' : 'Criteria'}</Th>
                <Th align="right">Final</Th>
                <Th align="right">Unresolved</Th>
                <Th align="right">Awaiting</Th>
                <Th align="right">Strict</Th>
                <Th align="right">95% CI</Th>
                <Th align="right">Design effect</Th>
                <Th align="right">Bounds</Th>
                <Th align="right">Lenient</Th>
              </>
            }
          >
            {groups.map((group) => (
              <tr key={group.key}>
                <Td>{group.label}</Td>
                <Td align="right">{group.criteria}</Td>
                <Td align="right">{group.finalized}</Td>
                <Td align="right">{group.unresolved}</Td>
                <Td align="right">{group.awaiting}</Td>
                <Td align="right">{pct(group.strict.rate)}</Td>
                <Td align="right">{interval(group.strict)}</Td>
                <Td align="right" title={designEffect(group.strict)}>
                  {fixed(group.strict.designEffect, 2)}
                </Td>
                <Td align="right">
                  {pct(group.bounds.strict[0])}–{pct(group.bounds.strict[1])}
                </Td>
                <Td align="right">{pct(group.lenient.rate)}</Td>
              </tr>
            ))}
          </SimpleTable>
        )}
        <p className="mt-3 text-xs text-slate-500" data-testid="multiplicity-note">
          With ten breakdown dimensions and many groups, some groups’ 95% intervals will exclude the overall figure by chance alone (about
          one group in twenty when nothing differs): treat a single outlier as a lead to check, not a finding.
        </p>
      </Card>
    </div>
  );
}
