'use client';
// The conversation and the decision on a proposal: anyone who sees it may comment; its author may withdraw
// it; reviewers and admins approve, request changes or reject. Decisions carry the row version on screen, so
// a proposal revised meanwhile is not decided unseen. Approval is offered to everyone but the author (the
// server refuses it too), needs a note and is confirmed in a second step: it makes a new active version.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { Notice } from '@/components/ui/page-header';
import type { ActionResult } from '@/lib/auth/action';
import {
  approveProposalAction,
  commentOnProposalAction,
  rejectProposalAction,
  requestChangesAction,
  withdrawProposalAction,
} from '@/lib/meta-rubrics/actions';

export function ProposalReview({
  proposalId,
  rowVersion,
  undecided,
  canDecide,
  isAuthor,
  nextNumber,
}: {
  proposalId: number;
  rowVersion: number;
  undecided: boolean;
  canDecide: boolean;
  isAuthor: boolean;
  /** The version an approval would create, for the confirmation. */
  nextNumber: number | null;
}) {
  const router = useRouter();
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();

  const run = (send: () => Promise<ActionResult<unknown>>, after?: () => void) =>
    start(async () => {
      const result = await send();
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setNotice({ tone: 'error', text: result.error });
        return;
      }
      setErrors({});
      setNotice({ tone: 'success', text: result.message ?? 'Saved.' });
      after?.();
      router.refresh();
    });
  const step = { proposalId, rowVersion, ...(note.trim() ? { body: note } : {}) };
  const askToApprove = () => {
    if (!note.trim()) {
      setErrors({ body: ['Write an approval note: why this change should become the next version'] });
      setNotice(null);
      return;
    }
    setErrors({});
    setConfirming(true);
  };

  return (
    <div className="space-y-4">
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {undecided && canDecide ? (
        <section aria-label="Review" className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-sm font-semibold text-slate-900">Review</h2>
          <TextAreaField
            label="Review note"
            name="body"
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            errors={errors.body}
            hint="Required: it is kept with your decision and shown on the proposal."
          />
          {isAuthor ? (
            <p className="text-xs text-slate-600" data-testid="own-proposal">
              You wrote this proposal, so another reviewer or admin approves it.
            </p>
          ) : null}
          {confirming ? (
            <section aria-label="Confirm the approval" className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
              <p className="text-sm text-amber-900">
                Approve this proposal{nextNumber ? ` as v${nextNumber}` : ''}? The proposed version becomes the active one (the current one
                is retired) and is used by every new generation run.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  disabled={pending}
                  autoFocus
                  onClick={() =>
                    run(
                      () => approveProposalAction(step),
                      () => setConfirming(false),
                    )
                  }
                >
                  Confirm approval
                </Button>
                <Button variant="secondary" disabled={pending} onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </section>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {isAuthor ? null : (
              <Button disabled={pending || confirming} onClick={askToApprove}>
                Approve…
              </Button>
            )}
            <Button variant="secondary" disabled={pending} onClick={() => run(() => requestChangesAction(step))}>
              Request changes
            </Button>
            <Button variant="danger" disabled={pending} onClick={() => run(() => rejectProposalAction(step))}>
              Reject
            </Button>
          </div>
        </section>
      ) : null}
      {undecided && isAuthor ? (
        <Button variant="danger" disabled={pending} onClick={() => run(() => withdrawProposalAction({ proposalId, rowVersion }))}>
          Withdraw proposal
        </Button>
      ) : null}
      <form
        aria-label="Comment"
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => commentOnProposalAction({ proposalId, body: comment }),
            () => setComment(''),
          );
        }}
      >
        <TextAreaField
          label="Comment"
          name="comment"
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          errors={errors.body && !canDecide ? errors.body : undefined}
        />
        <Button type="submit" variant="secondary" disabled={pending}>
          Add comment
        </Button>
      </form>
    </div>
  );
}
