// A grading run measured against clinicians (server component): HealthBench's meta-evaluation figures with the
// clinicians' ceiling, the judge against the clinicians' majority, charts per group, and the disagreement browser.
import Link from 'next/link';
import { fixed, pct } from '@/components/ui/format';
import { AgreementByGroupChart, ClinicianSpreadChart } from '@/components/judge-agreement/agreement-charts';
import { Badge } from '@/components/ui/badge';
import { Card, Notice } from '@/components/ui/page-header';
import { Stat } from '@/components/ui/stat';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { MetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';
import type { Disagreement } from '@/lib/judge-agreement/list-disagreements';
import {
  AGREEMENT_BREAKDOWNS,
  type AgreementBreakdown,
  BOOTSTRAP_RESAMPLES,
  DISAGREEMENT_KINDS,
  DISAGREEMENT_LABELS,
  type DisagreementFilter,
} from '@/lib/judge-agreement/schemas';
import { citeHref } from '@/lib/meta-rubrics/cite';
import { TemplateNoteForm } from '@/components/judge-agreement/template-note-form';
import type { ClassMetrics, RateWithN } from '@/lib/stats';

export const BREAKDOWN_TITLES: Record<AgreementBreakdown, string> = {
  category: 'category',
  tier: 'tier',
  tag: 'axis / theme tag',
  model: 'model (response source)',
};

const withN = (rate: RateWithN) => (Number.isNaN(rate.value) ? `— (n = ${rate.n})` : `${fixed(rate.value)} (n = ${rate.n})`);

function ClassRow({ label, metrics, testId }: { label: string; metrics: ClassMetrics; testId: string }) {
  return (
    <tr data-testid={testId}>
      <Td>{label}</Td>
      <Td align="right">{withN(metrics.precision)}</Td>
      <Td align="right">{withN(metrics.recall)}</Td>
      <Td align="right" data-testid={`${testId}-f1`}>
        {withN(metrics.f1)}
      </Td>
    </tr>
  );
}

export function AgreementView({
  evaluation,
  breakdown,
  filter,
  disagreements,
  pageSize,
  href,
  run,
}: {
  /** The grading run and its prompt template, which a disagreement can be noted against. */
  run: { id: number; promptTemplate: string; promptVersion: string };
  evaluation: MetaEvaluation;
  breakdown: AgreementBreakdown;
  filter: DisagreementFilter;
  disagreements: { total: number; items: Disagreement[] };
  pageSize: number;
  href: (changes: Record<string, string | undefined>) => string;
}) {
  const { total, majority } = evaluation;
  if (total.items === 0)
    return (
      <Notice>
        No item of this run was graded by clinicians too
        {evaluation.judgeOnlyItems ? ` (${evaluation.judgeOnlyItems} items graded by the judge only)` : ''}. Import physician labels in the
        HealthBench meta-evaluation format for the same responses, or grade them in a campaign.
      </Notice>
    );
  const [low, high] = total.balancedF1Interval;
  const groups = evaluation.breakdowns[breakdown];
  const pages = Math.max(1, Math.ceil(disagreements.total / pageSize));
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link className="font-medium text-brand-600 hover:underline" href={`/judge/compare?a=${evaluation.runId}`}>
          Compare with another grading run on the same items
        </Link>
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Judge balanced F1"
          testId="judge-balanced-f1"
          value={fixed(total.judge.balancedF1.value)}
          detail={
            <>
              95% CI {fixed(low)}–{fixed(high)} (queries resampled {BOOTSTRAP_RESAMPLES}×) · {total.judge.pairs.toLocaleString('en')}{' '}
              judge–clinician pairs{' '}
              {total.aboveCeiling ? (
                <span data-testid="above-ceiling">
                  <Badge tone="amber">above the clinicians’ ceiling</Badge>
                </span>
              ) : null}
            </>
          }
        />
        <Stat
          label="Clinicians’ ceiling"
          testId="clinician-ceiling"
          value={fixed(total.ceiling.mean)}
          detail={`mean balanced F1 of ${total.clinicians} clinician${total.clinicians === 1 ? '' : 's'}, each against the others`}
        />
        <Stat
          label="κ vs clinician majority"
          testId="majority-kappa"
          value={fixed(majority.kappa)}
          detail={`95% CI ${fixed(majority.kappaInterval[0])}–${fixed(majority.kappaInterval[1])} · agreement ${pct(majority.agreement)} (Wilson ${pct(majority.agreementInterval[0])}–${pct(majority.agreementInterval[1])})`}
        />
        <Stat
          label="Items"
          testId="agreement-items"
          value={total.items.toLocaleString('en')}
          detail={`${total.labels.toLocaleString('en')} clinician labels on ${total.queries} quer${total.queries === 1 ? 'y' : 'ies'}${evaluation.judgeOnlyItems ? ` · ${evaluation.judgeOnlyItems} more graded by the judge only (not counted)` : ''}`}
        />
      </dl>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Per class (HealthBench pairwise metrics)">
          <SimpleTable
            label="Precision, recall and F1 per class"
            head={
              <>
                <Th>Class</Th>
                <Th align="right">Precision</Th>
                <Th align="right">Recall</Th>
                <Th align="right">F1</Th>
              </>
            }
          >
            <ClassRow label="Met" metrics={total.judge.met} testId="class-met" />
            <ClassRow label="Not met" metrics={total.judge.notMet} testId="class-not-met" />
          </SimpleTable>
          <p className="mt-2 text-xs text-slate-500">
            Each judge label is compared with each clinician label of the item (simple-evals healthbench_meta_eval.py). A class one side
            never uses gets F1 0; a class neither side uses is left out of the balanced F1.
          </p>
        </Card>
        <Card title="Judge vs clinician majority">
          <SimpleTable
            label="Confusion matrix"
            head={
              <>
                <Th />
                <Th align="right">Majority met</Th>
                <Th align="right">Majority not met</Th>
              </>
            }
          >
            {majority.table.map(([majorityMet, majorityNot], i) => {
              const judge = i === 0 ? 'met' : 'not';
              return (
                <tr key={judge}>
                  <Th scope="row">{i === 0 ? 'Judge met' : 'Judge not met'}</Th>
                  <Td align="right" data-testid={`confusion-${judge}-met`}>
                    {majorityMet}
                  </Td>
                  <Td align="right" data-testid={`confusion-${judge}-not`}>
                    {majorityNot}
                  </Td>
                </tr>
              );
            })}
          </SimpleTable>
          <p className="mt-2 text-xs text-slate-500" data-testid="confusion-ties">
            {majority.ties} item{majority.ties === 1 ? '' : 's'} where the clinicians split evenly (no majority; not in the matrix or κ).
          </p>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <nav aria-label="Break down by" className="mb-2 flex flex-wrap gap-1">
            {AGREEMENT_BREAKDOWNS.map((b) => (
              <Link
                key={b}
                href={href({ by: b })}
                aria-current={b === breakdown ? 'page' : undefined}
                className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${b === breakdown ? 'bg-brand-600 text-white ring-brand-600' : 'text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
              >
                By {BREAKDOWN_TITLES[b]}
              </Link>
            ))}
          </nav>
          <AgreementByGroupChart
            title={`Agreement by ${BREAKDOWN_TITLES[breakdown]}`}
            filename={`agreement-by-${breakdown}`}
            groups={groups.map((g) => ({ key: g.key, items: g.items, judge: g.judge.balancedF1.value, ceiling: g.ceiling.mean }))}
          />
        </div>
        <ClinicianSpreadChart
          judge={total.judge.balancedF1.value}
          clinicians={total.ceiling.perRater.map((r) => ({ id: r.rater, f1: r.result.balancedF1.value, pairs: r.result.pairs }))}
        />
      </div>

      <Card title={`By ${BREAKDOWN_TITLES[breakdown]}`}>
        <SimpleTable
          label={`Agreement by ${BREAKDOWN_TITLES[breakdown]}`}
          head={
            <>
              <Th>{BREAKDOWN_TITLES[breakdown]}</Th>
              <Th align="right">Items</Th>
              <Th align="right">F1 met</Th>
              <Th align="right">F1 not met</Th>
              <Th align="right">Judge balanced F1</Th>
              <Th align="right">Clinicians’ ceiling</Th>
            </>
          }
        >
          {groups.map((g) => (
            <tr key={g.key} data-testid={`group-${g.key}`}>
              <Td>
                {g.key} {g.aboveCeiling ? <Badge tone="amber">above ceiling</Badge> : null}
              </Td>
              <Td align="right">{g.items}</Td>
              <Td align="right">{fixed(g.judge.met.f1.value)}</Td>
              <Td align="right">{fixed(g.judge.notMet.f1.value)}</Td>
              <Td align="right" data-testid={`group-${g.key}-judge`}>
                {fixed(g.judge.balancedF1.value)}
              </Td>
              <Td align="right" data-testid={`group-${g.key}-ceiling`}>
                {fixed(g.ceiling.mean)}
              </Td>
            </tr>
          ))}
        </SimpleTable>
      </Card>

      <Card title="Disagreements">
        <form method="get" className="mb-3 flex flex-wrap items-end gap-3 text-sm">
          <input type="hidden" name="by" value={breakdown} />
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-slate-600">Show</span>
            <select name="kind" defaultValue={filter.kind} className="rounded-md border-slate-300 text-sm">
              {DISAGREEMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {DISAGREEMENT_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-slate-600">Category</span>
            <select name="category" defaultValue={filter.category ?? ''} className="rounded-md border-slate-300 text-sm">
              <option value="">Every category</option>
              {evaluation.breakdowns.category.map((g) => (
                <option key={g.key} value={g.key}>
                  {g.key}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            Filter
          </button>
        </form>
        <p className="mb-2 text-sm text-slate-600" data-testid="disagreement-count">
          {disagreements.total.toLocaleString('en')} item{disagreements.total === 1 ? '' : 's'}
        </p>
        <ol className="space-y-3">
          {disagreements.items.map((item) => {
            const met = item.labels.filter((label) => label.met).length;
            return (
              <li
                key={`${item.responseId}-${item.criterionId}`}
                data-testid="disagreement"
                className="rounded-md p-3 text-sm ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={item.judgeMet ? 'green' : 'red'}>Judge: {item.judgeMet ? 'met' : 'not met'}</Badge>
                  <Badge tone="slate">
                    Clinicians: {met} of {item.labels.length} met
                  </Badge>
                  <span className="text-xs text-slate-500">
                    {item.datasetName} · query {item.queryExternalId} · {item.category} · {item.model}
                  </span>
                </div>
                <p className="mt-2 font-medium text-slate-900">{item.criterionTitle}</p>
                {item.criterionDescription !== item.criterionTitle ? <p className="text-slate-700">{item.criterionDescription}</p> : null}
                <p className="mt-1 text-xs text-slate-500">
                  {item.tier.toLowerCase()} · {item.points} points · labels:{' '}
                  {item.labels.map((label) => `${label.physician} ${label.met ? 'met' : 'not met'}`).join(', ')}
                </p>
                <blockquote className="mt-2 whitespace-pre-wrap border-l-2 border-slate-200 pl-3 text-slate-700">
                  {item.responseExcerpt}
                  {item.truncated ? '…' : ''}
                </blockquote>
                <p className="mt-2 text-slate-700">
                  <span className="font-medium">Judge’s explanation:</span> {item.explanation || '(none)'}
                </p>
                <Link
                  className="mt-1 inline-block text-xs font-medium text-brand-600 hover:underline"
                  href={citeHref(item.criterionId, item.metaRubricId)}
                >
                  Cite in a meta-rubric proposal
                </Link>
                <TemplateNoteForm
                  runId={run.id}
                  responseId={item.responseId}
                  criterionId={item.criterionId}
                  template={{ name: run.promptTemplate, version: run.promptVersion }}
                />
              </li>
            );
          })}
        </ol>
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
            {filter.page > 1 ? <Link href={href({ page: String(filter.page - 1) })}>Previous</Link> : null}
            <span className="text-slate-600">
              Page {filter.page} of {pages}
            </span>
            {filter.page < pages ? <Link href={href({ page: String(filter.page + 1) })}>Next</Link> : null}
          </nav>
        ) : null}
      </Card>
    </div>
  );
}
