// The Judge diagnostics page of one judge configuration: a verdict per bias with its figure and interval (and a CSV
// of every figure), then the charts behind them: length (conditional preference, information about the length
// difference), position, self-preference and the latest probe run per transformation.
import Link from 'next/link';
import {
  type InformationBars,
  type PreferenceBars,
  ConditionalPreferenceChart,
  LengthBinsChart,
  LengthInformationChart,
} from '@/components/judge-bias/bias-charts';
import { PROBE_LABELS, VERDICT_TONES } from '@/components/judge-bias/labels';
import { ProbeShiftFigures, shiftInterval } from '@/components/judge-bias/probe-results';
import { STATUS_LABELS } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { CsvDownloadLink } from '@/components/ui/csv-download-link';
import { fixed, interval, pct } from '@/components/ui/format';
import { Card } from '@/components/ui/page-header';
import { Stat } from '@/components/ui/stat';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { MIN_VERDICT_QUERIES } from '@/lib/judge-bias/bias-verdict';
import type { JudgeDiagnostics } from '@/lib/judge-bias/compute-judge-diagnostics';
import { LENGTH_BIN_LABELS } from '@/lib/judge-bias/length-information';
import type { JobStatus } from '@/lib/generated/prisma/enums';

const SOURCE_LABELS = { grades: 'Grades (score order)', pairwise: 'Pairwise verdicts' } as const;
const figureId = (bias: string, source: string) => `figure-${`${bias}-${source}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** One chart's bars per judge source: the conditional preference of length or of self-preference. */
function preferenceBars(sources: JudgeDiagnostics['sources'], bias: 'length' | 'self'): PreferenceBars[] {
  return sources.map((source) => ({
    key: SOURCE_LABELS[source.source],
    towardMarked: source[bias].towardMarked,
    towardOther: source[bias].towardOther,
    judgements: source[bias].humanOther.judgements + source[bias].humanMarked.judgements,
  }));
}

export function DiagnosticsView({ diagnostics }: { diagnostics: JudgeDiagnostics }) {
  const { figures, sources, position, self, probes } = diagnostics;
  const information: InformationBars[] = sources.map((source) => ({
    key: SOURCE_LABELS[source.source],
    judge: source.information.judge.bits,
    judgeInterval: source.information.judge.interval,
    human: source.information.human.bits,
    humanInterval: source.information.human.interval,
  }));
  return (
    <div className="space-y-5">
      <Card title="Verdicts">
        <p className="mb-3 text-sm text-slate-600">
          Each figure has a 95% interval; a bias is <strong>detected</strong> when the interval excludes the value of no bias (0; 0.5 for
          position), and a verdict needs at least {MIN_VERDICT_QUERIES} queries (fewer: not enough data). This rule is the app’s assumption,
          not a standard: read the interval, not only the word. {diagnostics.verifiedPairs} verified pairs (reviewers agreed, or
          clinician-graded scores differ clearly) condition the length and self-preference figures.
        </p>
        <div className="relative overflow-x-auto">
          <SimpleTable
            label="Bias verdicts"
            head={
              <>
                <Th>Bias</Th>
                <Th>Judge source</Th>
                <Th>Figure</Th>
                <Th align="right">Estimate</Th>
                <Th align="right">95% interval</Th>
                <Th align="right">n</Th>
                <Th>Verdict</Th>
              </>
            }
          >
            {figures.map((row) => (
              <tr key={`${row.bias}-${row.source}`} data-testid={figureId(row.bias, row.source)}>
                <Td>{row.bias}</Td>
                <Td>{row.source}</Td>
                <Td className="text-xs">{row.figure}</Td>
                <Td align="right" data-testid="estimate">
                  {fixed(row.estimate)}
                </Td>
                <Td align="right" data-testid="interval">
                  {shiftInterval(row.low !== null && row.high !== null ? [row.low, row.high] : null)}
                </Td>
                <Td align="right" data-testid="n">
                  {row.n}
                </Td>
                <Td>
                  <Badge tone={VERDICT_TONES[row.verdict]}>{row.verdict}</Badge>
                </Td>
              </tr>
            ))}
          </SimpleTable>
        </div>
        <div className="mt-2">
          <CsvDownloadLink
            filename={`judge-diagnostics-${diagnostics.endpoint.id}.csv`}
            header={['Bias', 'Judge source', 'Figure', 'Estimate', 'Interval low', 'Interval high', 'n', 'Verdict']}
            rows={figures.map((row) => [row.bias, row.source, row.figure, row.estimate, row.low, row.high, row.n, row.verdict])}
            label="Download every figure (CSV)"
            description="every bias figure of this judge configuration"
          />
        </div>
      </Card>

      <Card title="Length">
        <p className="mb-3 text-sm text-slate-600">
          On verified pairs whose responses differ in length (characters): how often the judge preferred the longer response where the
          humans preferred the shorter, beside how often it preferred the shorter where they preferred the longer. A judge whose mistakes
          ignore length makes both equally often. The information figure is a <strong>binned plug-in estimate</strong> of the mutual
          information between a preference and the pair’s length-ratio bin (log₂ of the lengths’ ratio, bins {LENGTH_BIN_LABELS.join(', ')}
          ), computed for the judge and for the humans on the same judgements, with 95% percentile bootstrap intervals resampling queries
          (1,000 resamples, fixed seed). The plug-in estimate is biased upwards by about (bins − 1)(choices − 1) / (2N ln 2) bits (
          {sources
            .map((s) => `${SOURCE_LABELS[s.source]}: judge ${fixed(s.information.judge.bias)}, humans ${fixed(s.information.human.bias)}`)
            .join('; ')}
          ); the verdict reads the difference, where the bias largely cancels.
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <ConditionalPreferenceChart
            title="Errors towards the longer and the shorter response"
            subtitle="Per judge source; no length bias: the two bars are equal."
            filename="length-conditional-preference"
            marked="longer"
            groups={preferenceBars(sources, 'length')}
          />
          <LengthInformationChart groups={information} />
          {sources.map((source) => (
            <LengthBinsChart
              key={source.source}
              title={`Preference by length ratio: ${SOURCE_LABELS[source.source].toLowerCase()}`}
              filename={`length-bins-${source.source}`}
              bins={source.information.bins}
            />
          ))}
        </div>
      </Card>

      <Card title="Position">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat
            label="Won by the response shown first"
            value={pct(position.firstChosen.rate)}
            detail={`95% interval ${interval(position.firstChosen)}; no bias: 50%`}
            testId="position-first"
          />
          <Stat
            label="Same winner in both orders"
            value={pct(position.consistency.rate)}
            detail={`95% interval ${interval(position.consistency)} over ${position.consistency.n} pairs`}
            testId="position-consistency"
          />
          <Stat
            label="Comparisons"
            value={String(position.comparisons)}
            detail="this configuration’s pairwise runs"
            testId="position-comparisons"
          />
        </dl>
      </Card>

      <Card title="Self-preference">
        <p className="mb-3 text-sm text-slate-600">
          A response is the judge’s own when its source label names the endpoint’s model (case ignored, without a provider prefix such as
          “openai/”): the app’s assumption. On verified pairs of one own and one other response, how often the judge preferred its own where
          the humans preferred the other, beside the reverse.
        </p>
        <dl className="mb-4 grid gap-3 sm:grid-cols-2">
          <Stat
            label="Mean judge score, own responses"
            value={fixed(self.meanOwn)}
            detail={`${self.ownResponses} responses`}
            testId="self-own"
          />
          <Stat
            label="Mean judge score, other responses"
            value={fixed(self.meanOther)}
            detail={`${self.otherResponses} responses`}
            testId="self-other"
          />
        </dl>
        <ConditionalPreferenceChart
          title="Errors towards its own and towards other models’ responses"
          subtitle="Per judge source; no self-preference: the two bars are equal."
          filename="self-preference"
          marked="own model"
          groups={preferenceBars(sources, 'self')}
        />
      </Card>

      <Card title="Counterfactual probes">
        {probes.length === 0 ? (
          <p className="text-sm text-slate-600">
            No probe run yet. <Link href="/judge/runs/new?kind=PROBE">Start a bias probe</Link> with this endpoint.
          </p>
        ) : (
          <div className="space-y-6">
            {probes.map((probe) => (
              <section key={probe.kind} aria-label={PROBE_LABELS[probe.kind].label} data-testid={`probe-${probe.kind}`}>
                <h3 className="text-sm font-semibold text-slate-900">
                  {PROBE_LABELS[probe.kind].label}:{' '}
                  <Link className="text-brand-600 hover:underline" href={`/judge/runs/${probe.runId}`}>
                    run #{probe.runId}
                  </Link>{' '}
                  <Badge tone={STATUS_LABELS[probe.status as JobStatus]?.tone ?? 'slate'}>
                    {STATUS_LABELS[probe.status as JobStatus]?.label ?? probe.status}
                  </Badge>
                </h3>
                <p className="mb-3 text-xs text-slate-500">{PROBE_LABELS[probe.kind].description}</p>
                <ProbeShiftFigures summary={probe.summary} prefix={`probe-${probe.kind.toLowerCase()}`} />
              </section>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
