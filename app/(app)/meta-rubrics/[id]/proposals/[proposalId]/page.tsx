import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DECISION_LABELS, type DecisionKey } from '@/components/audit/labels';
import { formatDate } from '@/components/ui/format';
import { MetaRubricBreadcrumb } from '@/components/meta-rubrics/breadcrumb';
import { evidenceOptionsFor } from '@/components/meta-rubrics/evidence-options';
import { EVENT_LABELS, PROPOSAL_STATUS } from '@/components/meta-rubrics/labels';
import { ProposalForm } from '@/components/meta-rubrics/proposal-form';
import { ProposalReview } from '@/components/meta-rubrics/proposal-review';
import { ChangeLog, VersionDiffView } from '@/components/meta-rubrics/version-diff';
import { Badge } from '@/components/ui/badge';
import { Card, Notice, PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getProposal } from '@/lib/meta-rubrics/read-meta-rubrics';

export const metadata: Metadata = { title: 'Proposal' };

export default async function ProposalPage({ params }: { params: Promise<{ id: string; proposalId: string }> }) {
  const user = await requireSection('metaRubrics');
  const segments = await params;
  const id = parseRouteId(segments.id);
  const proposalId = parseRouteId(segments.proposalId);
  const proposal = id && proposalId ? await getProposal({ proposalId, user }) : null;
  // Experts get "not found" for proposals that are not theirs, as for ones that do not exist.
  if (!proposal || proposal.metaRubricId !== id) notFound();
  const undecided = proposal.status === 'OPEN' || proposal.status === 'CHANGES_REQUESTED';
  const status = PROPOSAL_STATUS[proposal.status];
  const rubric = { id: proposal.metaRubricId, name: proposal.metaRubricName };
  const stale = proposal.activeNumber !== null && proposal.activeNumber !== proposal.baseNumber;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <MetaRubricBreadcrumb rubric={rubric} current={`Proposal #${proposal.id}`} />
        <PageHeader
          title={proposal.title}
          description={
            <>
              <Badge tone={status?.tone}>{status?.label}</Badge> By {proposal.mine ? 'you' : proposal.authorName} on v{proposal.baseNumber},{' '}
              {formatDate(proposal.createdAt)}.
              {proposal.resultingNumber ? (
                <>
                  {' '}
                  Approved{proposal.decidedByName ? ` by ${proposal.decidedByName}` : ''} as{' '}
                  <Link className="text-brand-700 hover:underline" href={`/meta-rubrics/${rubric.id}/versions/${proposal.resultingNumber}`}>
                    v{proposal.resultingNumber}
                  </Link>
                  .{proposal.approvalNote ? <span data-testid="approval-note"> Approval note: “{proposal.approvalNote}”</span> : null}
                </>
              ) : null}
            </>
          }
        />
      </div>
      {undecided && stale ? (
        <Notice tone="warning">
          The meta-rubric changed since this proposal was written: it is based on v{proposal.baseNumber}, the active version is v
          {proposal.activeNumber}. The author must rebase it before it can be approved.
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <Card title="Rationale">
            <p className="whitespace-pre-wrap text-sm text-slate-800">{proposal.rationale}</p>
          </Card>
          <section aria-label="Proposed changes" className="space-y-3">
            <h2 className="text-base font-semibold text-slate-900">Changes against v{proposal.baseNumber}</h2>
            {proposal.preview.ok ? (
              <>
                <Card title="Change log">
                  <ChangeLog lines={proposal.preview.diff.changeLog} />
                </Card>
                <VersionDiffView
                  diff={{
                    ...proposal.preview.diff,
                    principles: proposal.preview.diff.principles.filter((entry) => entry.status !== 'unchanged'),
                  }}
                  labels={[`v${proposal.baseNumber}`, 'Proposed']}
                />
              </>
            ) : (
              <Notice tone="error">
                The changes no longer apply to v{proposal.baseNumber}: {Object.values(proposal.preview.errors).flat().join(' ')}
              </Notice>
            )}
          </section>
        </div>
        <div className="space-y-6">
          <Card title={`Evidence (${proposal.evidence.length})`}>
            {proposal.evidence.length === 0 ? <p className="text-sm text-slate-600">No evidence attached.</p> : null}
            <ul className="space-y-3" aria-label="Evidence">
              {proposal.evidence.map((item) => (
                <li key={`${item.criterionId}:${item.verdictId ?? ''}`} className="text-sm">
                  <p className="font-medium">{item.criterionTitle}</p>
                  <p className="text-xs text-slate-600">{item.criterionDescription}</p>
                  <p className="text-xs text-slate-500">
                    {item.tier} · {item.points} points
                    {item.verdict
                      ? ` · verdict: ${item.verdict.decision ? (DECISION_LABELS[item.verdict.decision as DecisionKey]?.label ?? item.verdict.decision) : '—'}${
                          item.verdict.comment ? ` — “${item.verdict.comment}”` : ''
                        }`
                      : ''}
                  </p>
                  {item.note ? <p className="text-xs text-slate-700">Note: {item.note}</p> : null}
                </li>
              ))}
            </ul>
          </Card>
          <Card title="Activity">
            <ol className="space-y-2 text-sm" aria-label="Activity">
              {proposal.events.map((event) => (
                <li key={event.id}>
                  <p className="text-xs text-slate-500">
                    {event.authorName} {EVENT_LABELS[event.kind] ?? event.kind} · {formatDate(event.createdAt, true)}
                  </p>
                  {event.body ? <p className="whitespace-pre-wrap">{event.body}</p> : null}
                </li>
              ))}
            </ol>
          </Card>
          <ProposalReview
            proposalId={proposal.id}
            rowVersion={proposal.rowVersion}
            undecided={undecided}
            canDecide={user.role !== 'EXPERT'}
            isAuthor={proposal.mine}
            nextNumber={proposal.activeNumber === null ? null : proposal.activeNumber + 1}
          />
        </div>
      </div>
      {undecided && proposal.mine ? (
        <details className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">Revise this proposal</summary>
          <div className="mt-4">
            <ProposalForm
              metaRubricId={proposal.metaRubricId}
              base={proposal.base}
              evidenceOptions={await evidenceOptionsFor(user)}
              canCiteAnyCriterion={user.role !== 'EXPERT'}
              existing={{
                proposalId: proposal.id,
                rowVersion: proposal.rowVersion,
                title: proposal.title,
                rationale: proposal.rationale,
                changes: proposal.changes,
                evidence: proposal.evidence.map((item) => ({
                  criterionId: item.criterionId,
                  ...(item.verdictId ? { verdictId: item.verdictId } : {}),
                  ...(item.note ? { note: item.note } : {}),
                  criterionTitle: item.criterionTitle,
                })),
                canRebase: stale,
              }}
            />
          </div>
        </details>
      ) : null}
    </div>
  );
}
