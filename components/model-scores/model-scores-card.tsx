// A grading run's HealthBench score per model (server component): the chart, then the figures with their counts
// (responses left out for an ungraded criterion are counted, never silently dropped) and the per-tag scores.
import Link from 'next/link';
import { fixed } from '@/components/ui/format';
import { type ModelBars, ModelScoresChart } from '@/components/model-scores/model-scores-chart';
import { Card } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { RunModelScores } from '@/lib/model-scores/compute-run-model-scores';
import type { MetricScore } from '@/lib/model-scores/healthbench-model-scores';

const withSd = (metric: MetricScore | undefined) =>
  metric && metric.n > 0 ? `${fixed(metric.score)} ± ${fixed(metric.bootstrapStd)}` : '—';

export function ModelScoresCard({ scores, toggleHref }: { scores: RunModelScores; toggleHref: string }) {
  const paired = (model: string) => ({
    judge: scores.paired.judge.find((m) => m.model === model),
    clinicians: scores.paired.clinicians.find((m) => m.model === model),
  });
  const bars: ModelBars[] = scores.judge.map((m) => {
    const p = paired(m.model);
    return {
      model: m.model,
      judge: m.overall.score,
      judgeStd: m.overall.bootstrapStd,
      judgeN: m.scored,
      pairedJudge: p.judge?.overall.score ?? Number.NaN,
      pairedClinicians: p.clinicians?.overall.score ?? Number.NaN,
      pairedClinicianStd: p.clinicians?.overall.bootstrapStd ?? Number.NaN,
      pairedN: p.clinicians?.scored ?? 0,
    };
  });
  return (
    <Card title="HealthBench score per model">
      <div className="space-y-3">
        <ModelScoresChart models={bars} />
        <SimpleTable
          label="HealthBench score per model"
          head={
            <>
              <Th>Model</Th>
              <Th align="right">Judge score ± SD</Th>
              <Th align="right">Responses</Th>
              <Th align="right">Left out</Th>
              <Th align="right">Judge on clinician-graded</Th>
              <Th align="right">Clinicians ± SD</Th>
              <Th align="right">Clinician-graded responses</Th>
            </>
          }
        >
          {scores.judge.map((m) => {
            const p = paired(m.model);
            return (
              <tr key={m.model} data-testid={`model-score-${m.model}`}>
                <Td>{m.model}</Td>
                <Td align="right" data-testid={`model-score-${m.model}-judge`}>
                  {withSd(m.overall)}
                </Td>
                <Td align="right">{m.scored}</Td>
                <Td align="right" data-testid={`model-score-${m.model}-left-out`}>
                  {m.incomplete > 0 ? `${m.incomplete} incomplete` : ''}
                  {m.incomplete > 0 && m.nothingPossible > 0 ? ', ' : ''}
                  {m.nothingPossible > 0 ? `${m.nothingPossible} without positive points` : ''}
                  {m.incomplete + m.nothingPossible === 0 ? '0' : ''}
                </Td>
                <Td align="right">{withSd(p.judge?.overall)}</Td>
                <Td align="right" data-testid={`model-score-${m.model}-clinicians`}>
                  {withSd(p.clinicians?.overall)}
                </Td>
                <Td align="right">{p.clinicians?.scored ?? 0}</Td>
              </tr>
            );
          })}
        </SimpleTable>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-slate-700">Per axis and theme tag (judge)</summary>
          <SimpleTable
            label="HealthBench score per model and tag"
            head={
              <>
                <Th>Model</Th>
                <Th>Tag</Th>
                <Th align="right">Score ± SD</Th>
                <Th align="right">Responses</Th>
              </>
            }
          >
            {scores.judge.flatMap((m) =>
              m.tags.map((tag) => (
                <tr key={`${m.model}\u0000${tag.key}`}>
                  <Td>{m.model}</Td>
                  <Td>{tag.key}</Td>
                  <Td align="right">{withSd(tag)}</Td>
                  <Td align="right">{tag.n}</Td>
                </tr>
              )),
            )}
          </SimpleTable>
        </details>
        <p className="text-xs text-slate-500">
          As simple-evals reports HealthBench: a response’s score is the points of its met criteria over its positive points; a model’s
          score is the mean clipped to [0, 1]. A response with a criterion the judge did not grade met / not met is left out and counted.
          Ideal and reference responses are {scores.includeIdeal ? 'included' : 'left out'}.{' '}
          <Link className="font-medium text-brand-600 hover:underline" href={toggleHref}>
            {scores.includeIdeal ? 'Leave them out' : 'Include them'}
          </Link>
        </p>
      </div>
    </Card>
  );
}
