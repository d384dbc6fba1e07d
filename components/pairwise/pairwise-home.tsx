// The pairwise queues: one per pairwise judge run, with this reviewer's progress, the run's, and where to
// continue; then the reviewer's own recent reviews.
import { formatDate } from '@/components/ui/format';
import Link from 'next/link';
import { ClaimPairButton } from '@/components/pairwise/claim-pair-button';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { MyReview, PairwiseQueue } from '@/lib/pairwise/review-view';

const STATE_LABELS: Record<string, string> = { RESERVED: 'Reserved', PREFERENCE_GIVEN: 'Preference given', SUBMITTED: 'Submitted' };

export function PairwiseHome({ queues, reviews, exportable }: { queues: PairwiseQueue[]; reviews: MyReview[]; exportable: boolean }) {
  return (
    <div className="space-y-6">
      {queues.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No pairwise judge run has compared responses yet. An admin starts one from the Judge page (task “Pairwise comparison”).
          </p>
        </Card>
      ) : (
        queues.map((queue) => (
          <Card key={queue.runId}>
            <article aria-label={`Run ${queue.runId}`} className="space-y-4" data-testid={`queue-${queue.runId}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-base font-semibold text-slate-900">Pairwise run {queue.runId}</h2>
                  <p className="mt-1 text-xs text-slate-500">
                    {queue.pairs} {queue.pairs === 1 ? 'pair' : 'pairs'} · started {formatDate(queue.createdAt)}
                    {queue.metaRubricVersion ? ` · meta-rubric ${queue.metaRubricVersion}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  {queue.liveJudgmentId ? (
                    <Link href={`/pairwise/review/${queue.liveJudgmentId}`} className={buttonClasses()}>
                      Continue where you left off
                    </Link>
                  ) : queue.mineRemaining > 0 ? (
                    <ClaimPairButton runId={queue.runId} label={queue.mineDone > 0 ? 'Next pair' : 'Start reviewing'} />
                  ) : (
                    <p className="text-sm text-slate-600">Nothing left for you here. Thank you!</p>
                  )}
                  <Link href={`/pairwise/analytics?run=${queue.runId}`} className={buttonClasses('secondary')}>
                    Analytics
                  </Link>
                  {exportable ? (
                    <a href={`/api/pairwise/export?run=${queue.runId}`} className={buttonClasses('secondary')} download>
                      Export verified pairs (JSONL)
                    </a>
                  ) : null}
                </div>
              </div>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Your pairs</dt>
                  <dd>
                    <ProgressBar
                      label={`Your pairs in run ${queue.runId}`}
                      value={queue.mineDone}
                      max={queue.mineDone + queue.mineRemaining}
                    />
                    <p className="mt-1 text-xs text-slate-500" data-testid="mine-counts">
                      {queue.mineDone} done · {queue.mineRemaining} remaining
                    </p>
                  </dd>
                </div>
                <div>
                  <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Whole run (reviews of all reviewers)</dt>
                  <dd>
                    <ProgressBar label={`Reviews of run ${queue.runId}`} value={queue.reviewsDone} max={queue.reviewSlots} tone="green" />
                  </dd>
                </div>
              </dl>
            </article>
          </Card>
        ))
      )}
      {reviews.length > 0 ? (
        <Card title="Your recent reviews">
          <SimpleTable
            label="Your recent reviews"
            head={
              <>
                <Th>Run</Th>
                <Th>Query</Th>
                <Th>State</Th>
                <Th>Submitted</Th>
              </>
            }
          >
            {reviews.map((review) => (
              <tr key={review.id}>
                <Td>{review.runId}</Td>
                <Td>
                  <Link href={`/pairwise/review/${review.id}`} className="font-medium text-brand-700 hover:underline">
                    {review.queryExternalId}
                  </Link>
                </Td>
                <Td>
                  <Badge tone={review.state === 'SUBMITTED' ? 'green' : 'amber'}>{STATE_LABELS[review.state] ?? review.state}</Badge>
                </Td>
                <Td>{formatDate(review.submittedAt, true)}</Td>
              </tr>
            ))}
          </SimpleTable>
        </Card>
      ) : null}
    </div>
  );
}
