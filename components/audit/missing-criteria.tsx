'use client';
// Proposals for criteria the set is missing: a list to edit or remove, and a form (opened with "n"). Once a
// reviewer decides one, it shows the decision and the reviewer's note and can no longer change. Closing the
// form (Esc, Cancel, Save) gives focus back to what opened it, never to the page's <body>.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { KeyHint } from '@/components/ui/key-hint';
import { Button } from '@/components/ui/button';
import { FormNotice, inputClasses } from '@/components/ui/field';
import { keyshortcut, type ShortcutMode } from '@/components/ui/shortcut-mode';
import { useActionForm } from '@/components/ui/use-action-form';
import { CriterionFields, type CriterionText, TagsRedLineFields } from '@/components/audit/criterion-fields';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import { deleteProposalAction, saveProposalAction } from '@/lib/audit/actions';
import type { ExpertProposal } from '@/lib/audit/expert-view';

export interface MissingCriteriaHandle {
  openNew: () => void;
}

const EMPTY: CriterionText & { redLine: boolean; tags: string; rationale: string } = {
  title: '',
  description: '',
  tier: 'IMPORTANT',
  points: 4,
  redLine: false,
  tags: '',
  rationale: '',
};

export const MissingCriteria = forwardRef<
  MissingCriteriaHandle,
  { assignmentId: number; initial: ExpertProposal[]; editable: boolean; shortcutMode: ShortcutMode }
>(function MissingCriteria({ assignmentId, initial, editable, shortcutMode }, ref) {
  const [proposals, setProposals] = useState(initial);
  const [form, setForm] = useState<(typeof EMPTY & { proposalId?: number; rowVersion: number }) | null>(null);
  const { formProps, errors, setErrors, notice, setNotice, pending, submit } = useActionForm();
  const titleRef = useRef<HTMLInputElement>(null);
  const proposeRef = useRef<HTMLButtonElement>(null);
  // What had focus when the form opened (the Propose button, an Edit button, or a card after "n").
  const opener = useRef<HTMLElement | null>(null);
  const shortcut = keyshortcut('n', shortcutMode);

  const open = (values: typeof EMPTY & { proposalId?: number; rowVersion: number }) => {
    opener.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setForm(values);
    setErrors({});
    setNotice(null);
    requestAnimationFrame(() => titleRef.current?.focus());
  };
  useImperativeHandle(ref, () => ({ openNew: () => open({ ...EMPTY, rowVersion: 0 }) }));

  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setForm(null);
  };
  // After the render without the form (a save closes it inside a transition), when the Propose button exists again.
  useEffect(() => {
    if (form || !returnFocus.current) return;
    returnFocus.current = false;
    const back = opener.current;
    if (back?.isConnected) back.focus();
    else proposeRef.current?.focus();
  }, [form]);

  const save = () => {
    if (!form) return;
    submit(() => saveProposalAction({ assignmentId, ...form, points: Number(form.points), tags: form.tags }), {
      success: 'Proposal saved.',
      onSuccess: (stored) => {
        const saved: ExpertProposal = {
          id: stored.id,
          rowVersion: stored.rowVersion,
          title: form.title.trim(),
          description: form.description.trim(),
          tier: form.tier,
          points: Number(form.points),
          redLine: form.redLine,
          tags: form.tags
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean),
          rationale: form.rationale.trim() || null,
          decision: 'PENDING',
          decisionNote: null,
        };
        setProposals((current) => (form.proposalId ? current.map((p) => (p.id === form.proposalId ? saved : p)) : [...current, saved]));
        close();
      },
    });
  };

  const remove = (proposalId: number) =>
    submit(() => deleteProposalAction({ assignmentId, proposalId }), {
      success: 'Proposal removed.',
      onSuccess: () => setProposals((current) => current.filter((p) => p.id !== proposalId)),
    });

  return (
    <section aria-labelledby="missing-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="missing-heading" className="text-sm font-semibold text-slate-900">
          Missing criteria <span className="font-normal text-slate-500">({proposals.length})</span>
        </h2>
        {editable && !form ? (
          <Button
            ref={proposeRef}
            variant="secondary"
            size="sm"
            aria-keyshortcuts={shortcut}
            onClick={() => open({ ...EMPTY, rowVersion: 0 })}
          >
            <KeyHint keys={shortcut} /> Propose a missing criterion
          </Button>
        ) : null}
      </div>
      <FormNotice notice={notice} inline />
      {proposals.length ? (
        <ul className="space-y-2">
          {proposals.map((proposal) => (
            <li key={proposal.id} className="flex items-start justify-between gap-3 rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
              <div>
                <p className="font-medium text-slate-900">{proposal.title}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <Badge tone={TIER_LABELS[proposal.tier]?.tone ?? 'slate'}>{TIER_LABELS[proposal.tier]?.label ?? proposal.tier}</Badge>{' '}
                  {formatPoints(proposal.points)} points{proposal.redLine ? ' · red line' : ''}
                </p>
                {proposal.description ? <p className="mt-1 text-slate-700">{proposal.description}</p> : null}
                <ProposalDecisionNote proposal={proposal} />
              </div>
              {editable && proposal.decision === 'PENDING' ? (
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      open({
                        proposalId: proposal.id,
                        rowVersion: proposal.rowVersion,
                        title: proposal.title,
                        description: proposal.description,
                        tier: proposal.tier,
                        points: proposal.points,
                        redLine: proposal.redLine,
                        tags: proposal.tags.join(', '),
                        rationale: proposal.rationale ?? '',
                      })
                    }
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(proposal.id)}
                    disabled={pending}
                    aria-label={`Remove ${proposal.title}`}
                  >
                    Remove
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : !form ? (
        <p className="text-sm text-slate-500">If the set lacks something a good answer must (or must not) do, propose it.</p>
      ) : null}
      {form ? (
        <form
          {...formProps}
          aria-label="Missing criterion"
          className="grid gap-3 rounded-md bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-4"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <CriterionFields idPrefix="proposal" value={form} onChange={setForm} titleRef={titleRef} errors={errors} descriptionRows={2} />
          <TagsRedLineFields idPrefix="proposal" value={form} onChange={setForm} />
          <div className="sm:col-span-4">
            <label htmlFor="proposal-rationale" className="mb-1 block text-xs font-medium text-slate-700">
              Why it is needed
            </label>
            <textarea
              id="proposal-rationale"
              rows={2}
              className={inputClasses}
              value={form.rationale}
              onChange={(event) => setForm({ ...form, rationale: event.target.value })}
            />
          </div>
          <div className="flex gap-2 sm:col-span-4">
            <Button type="submit" size="sm" disabled={pending}>
              Save proposal
            </Button>
            <Button variant="ghost" size="sm" onClick={close} aria-keyshortcuts="Escape">
              Cancel <KeyHint keys="Esc" className="ml-1" />
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
});

const DECISION_TEXT = {
  ACCEPTED: { label: 'Accepted by a reviewer', tone: 'green', hint: 'It joins the query’s criteria and will be audited like any other.' },
  REJECTED: { label: 'Rejected by a reviewer', tone: 'red', hint: null },
} as const;

/** A reviewer's decision on the expert's own proposal, with their note. */
function ProposalDecisionNote({ proposal }: { proposal: ExpertProposal }) {
  if (proposal.decision === 'PENDING') return null;
  const text = DECISION_TEXT[proposal.decision];
  return (
    <div className="mt-2 space-y-1" data-testid={`proposal-decision-${proposal.id}`}>
      <Badge tone={text.tone}>{text.label}</Badge>
      {text.hint ? <p className="text-xs text-slate-500">{text.hint}</p> : null}
      {proposal.decisionNote ? <p className="whitespace-pre-wrap text-slate-700">Reviewer’s note: {proposal.decisionNote}</p> : null}
    </div>
  );
}
