// What a run produced. GRADE: HealthBench's score and the tiered score per response, side by side, with the
// run means. GENERATE: the criteria created (PENDING until audited) with their consensus votes. PAIRWISE: each
// pair's winner in both presented orders and the position consistency rate. PROXY: the proxy accuracy.
import { TIERS } from '@/lib/vocabulary/enums';
import Link from 'next/link';
import { intervalDetail } from '@/components/ui/format';
import { STATUS_LABELS as CRITERION_STATUS_LABELS, type CriterionStatus, TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import { CHOICE_LABELS, count, formatScore } from '@/components/judge/labels';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { ProbeResultsView } from '@/components/judge-bias/probe-results';
import type { GenerateResults, GradeResults, PairwiseResults, ProxyResults, RunResults } from '@/lib/judge/run-results';

function Headline({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-slate-500" data-testid={`${testId}-detail`}>
        {hint}
      </dd>
    </div>
  );
}

function Shown({ shown, total, what }: { shown: number; total: number; what: string }) {
  if (shown >= total) return null;
  return (
    <p className="mt-2 text-xs text-slate-500">
      Showing {count(shown)} of {count(total)} {what}.
    </p>
  );
}

function GradeView({ results }: { results: GradeResults }) {
  const weights = TIERS.map((tier) => `${TIER_LABELS[tier].label.toLowerCase()} ${results.profile.tierWeights[tier]}`).join(', ');
  const pitfalls = results.profile.pitfalls === 'subtract' ? 'met pitfalls subtract' : 'share of pitfalls avoided';
  return (
    <>
      <dl className="mb-4 grid gap-3 sm:grid-cols-3">
        <Headline
          label="HealthBench score"
          value={formatScore(results.meanHealthbench)}
          hint="mean over responses, clipped to [0, 1]"
          testId="mean-healthbench"
        />
        <Headline
          label="Tiered score"
          value={formatScore(results.meanTiered)}
          hint={`mean, clipped to [0, 1]; the app’s assumptions${results.profileRecorded ? '' : ' (run from before scoring profiles)'}: weights ${weights}; ${pitfalls}`}
          testId="mean-tiered"
        />
        <Headline
          label="Responses scored"
          value={count(results.scored)}
          hint={results.scored < results.totalResponses ? `of ${count(results.totalResponses)} graded` : 'every graded response'}
          testId="responses-scored"
        />
      </dl>
      {results.responses.length === 0 ? (
        <p className="text-sm text-slate-500">No grade yet.</p>
      ) : (
        <div>
          <SimpleTable
            scrollClassName="relative max-h-[32rem]"
            label="Scores per response"
            head={
              <>
                <Th>Query</Th>
                <Th>Response</Th>
                <Th align="right">Criteria met</Th>
                <Th align="right">HealthBench</Th>
                <Th align="right">Tiered</Th>
              </>
            }
          >
            {results.responses.map((response) => (
              <tr key={response.responseId}>
                <Td className="font-mono text-xs">{response.queryExternalId}</Td>
                <Td>
                  {response.label}
                  {response.isIdeal ? (
                    <span className="ml-1">
                      <Badge tone="violet">Ideal</Badge>
                    </span>
                  ) : null}
                </Td>
                <Td align="right">
                  {count(response.met)} / {count(response.graded)}
                </Td>
                <Td align="right">{formatScore(response.healthbench)}</Td>
                <Td align="right">
                  {response.vetoed ? (
                    <span className="mr-1">
                      <Badge tone="red" title="A red-line criterion was violated">
                        Vetoed
                      </Badge>
                    </span>
                  ) : null}
                  {formatScore(response.tiered)}
                </Td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
      <Shown shown={results.responses.length} total={results.totalResponses} what="responses" />
    </>
  );
}

function GenerateView({ results, datasetId }: { results: GenerateResults; datasetId: number | undefined }) {
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        {results.total === 0 ? (
          'No criterion created.'
        ) : (
          <>
            <span data-testid="criteria-created">{count(results.total)}</span> {results.total === 1 ? 'criterion' : 'criteria'} created for{' '}
            {count(results.queries)} {results.queries === 1 ? 'query' : 'queries'}. They stay pending until experts audit them.{' '}
            {datasetId ? (
              <Link href={`/criteria?dataset=${datasetId}&status=PENDING`} className="text-brand-700 hover:underline">
                Browse the dataset’s pending criteria
              </Link>
            ) : null}
          </>
        )}
      </p>
      {results.criteria.length ? (
        <div>
          <SimpleTable
            scrollClassName="relative max-h-[32rem]"
            label="Criteria created"
            head={
              <>
                <Th>Criterion</Th>
                <Th>Query</Th>
                <Th>Tier</Th>
                <Th align="right">Points</Th>
                <Th align="right">Votes</Th>
                <Th>Models</Th>
                <Th>Status</Th>
              </>
            }
          >
            {results.criteria.map((criterion) => {
              const status = CRITERION_STATUS_LABELS[criterion.status as CriterionStatus];
              return (
                <tr key={criterion.id}>
                  <Td className="max-w-md">
                    <Link href={`/criteria?open=${criterion.id}`} className="text-brand-700 hover:underline">
                      {criterion.title}
                    </Link>
                    {criterion.redLine ? (
                      <span className="ml-1">
                        <Badge tone="red">Red line</Badge>
                      </span>
                    ) : null}
                  </Td>
                  <Td className="font-mono text-xs">{criterion.queryExternalId}</Td>
                  <Td>
                    <Badge tone={TIER_LABELS[criterion.tier].tone}>{TIER_LABELS[criterion.tier].label}</Badge>
                  </Td>
                  <Td align="right">{formatPoints(criterion.points)}</Td>
                  <Td align="right" className="whitespace-nowrap">
                    {criterion.votes === null ? '—' : `${criterion.votes} of ${criterion.of ?? '?'}`}
                  </Td>
                  <Td className="font-mono text-xs">{criterion.models.join(', ')}</Td>
                  <Td>{status ? <Badge tone={status.tone}>{status.label}</Badge> : criterion.status}</Td>
                </tr>
              );
            })}
          </SimpleTable>
        </div>
      ) : null}
      <Shown shown={results.criteria.length} total={results.total} what="criteria" />
    </>
  );
}

function PairwiseView({ results }: { results: PairwiseResults }) {
  const { consistency } = results;
  const rate = consistency.n > 0 ? `${Math.round(consistency.rate * 100)}%` : '—';
  const winner = (choice: string | null, callId: number | null) =>
    choice === null ? (
      <span className="text-slate-500">pending</span>
    ) : callId ? (
      <Link href={`/judge/calls/${callId}`} className="text-brand-700 hover:underline">
        {CHOICE_LABELS[choice as keyof typeof CHOICE_LABELS]}
      </Link>
    ) : (
      CHOICE_LABELS[choice as keyof typeof CHOICE_LABELS]
    );
  return (
    <>
      <dl className="mb-4 grid gap-3 sm:grid-cols-3">
        <Headline
          label="Position consistency"
          value={rate}
          hint={`${count(consistency.count)} of ${count(consistency.n)} pairs get the same winner in both orders${consistency.n > 0 ? ` · ${intervalDetail(consistency)}` : ''}`}
          testId="position-consistency"
        />
      </dl>
      <p className="mb-2 text-xs text-slate-500">
        Winners are named in the pair’s own terms (A, B), whichever response the judge saw first. A response that fails a verifiable rubric
        of the scoring profile the other meets loses the pair (judged rubrics once every yes/no call has answered).
      </p>
      {results.pairs.length === 0 ? (
        <p className="text-sm text-slate-500">No comparison yet.</p>
      ) : (
        <div>
          <SimpleTable
            scrollClassName="relative max-h-[32rem]"
            label="Pairs compared"
            head={
              <>
                <Th>Query</Th>
                <Th>Response A</Th>
                <Th>Response B</Th>
                <Th>Winner, A shown first</Th>
                <Th>Winner, B shown first</Th>
                <Th>Consistent</Th>
                <Th>Veto</Th>
              </>
            }
          >
            {results.pairs.map((pair) => (
              <tr key={pair.key}>
                <Td className="font-mono text-xs">{pair.queryExternalId}</Td>
                <Td>{pair.responseA}</Td>
                <Td>{pair.responseB}</Td>
                <Td>{winner(pair.winnerAB, pair.callAB)}</Td>
                <Td>{winner(pair.winnerBA, pair.callBA)}</Td>
                <Td>
                  {pair.consistent === null ? '—' : pair.consistent ? <Badge tone="green">Yes</Badge> : <Badge tone="amber">No</Badge>}
                </Td>
                <Td className="text-xs">{pair.vetoReason ?? '—'}</Td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
      {results.truncated ? <p className="mt-2 text-xs text-slate-500">Showing the first pairs only.</p> : null}
    </>
  );
}

function ProxyView({ results, runId }: { results: ProxyResults; runId: number }) {
  const { accuracy, ties } = results.proxy;
  return (
    <>
      <dl className="mb-4 grid gap-3 sm:grid-cols-3">
        <Headline
          label="Proxy accuracy"
          value={accuracy.n > 0 ? `${Math.round(accuracy.rate * 100)}%` : '—'}
          hint={`${count(accuracy.count)} of ${count(accuracy.n)} predictions name the preferred response${accuracy.n > 0 ? ` · ${intervalDetail(accuracy)}` : ''}`}
          testId="proxy-accuracy"
        />
        <Headline
          label="Ties"
          value={count(ties.count)}
          hint="predictions the rubric could not decide (never counted correct)"
          testId="proxy-ties"
        />
        <Headline
          label="Orders disagree"
          value={`${count(results.proxy.orderDisagreements)} of ${count(results.proxy.bothOrders)}`}
          hint="pairs whose two presented orders got different predictions"
          testId="proxy-order-disagreements"
        />
      </dl>
      <Link href={`/analytics/discriminability?proxyRun=${runId}`} className="text-sm text-brand-700 hover:underline">
        Discriminability figures of this run, by query, criterion set, version and generator model
      </Link>
    </>
  );
}

export function RunResultsView({ results, datasetId, runId }: { results: RunResults; datasetId: number | undefined; runId: number }) {
  return (
    <Card title="Results">
      {results.kind === 'GRADE' ? (
        <GradeView results={results} />
      ) : results.kind === 'GENERATE' ? (
        <GenerateView results={results} datasetId={datasetId} />
      ) : results.kind === 'PROBE' ? (
        <ProbeResultsView summary={results} />
      ) : results.kind === 'PROXY' ? (
        <ProxyView results={results} runId={runId} />
      ) : (
        <PairwiseView results={results} />
      )}
    </Card>
  );
}
