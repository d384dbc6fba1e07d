'use client';
// A reviewer's decision on one missing-criterion proposal: accept it (after editing its text if needed: the
// same fields and the same zod schema as the expert's form) or reject it with a note, optionally as a
// duplicate of one of the query's criteria. Checked here as the reviewer decides, and again by the server.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { CriterionFields, TagsRedLineFields } from '@/components/audit/criterion-fields';
import { Button } from '@/components/ui/button';
import { FieldErrors, errorAttributes, FormNotice, inputClasses } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { acceptProposalAction, rejectProposalAction } from '@/lib/missing-criteria/actions';
import type { ExpertProposal } from '@/lib/audit/expert-view';
import { decisionErrors } from '@/lib/missing-criteria/schemas';

/** What the form needs of a proposal: the fields an expert's own proposal has (the same text, the same schema). */
export type DecidableProposal = Pick<
  ExpertProposal,
  'id' | 'rowVersion' | 'title' | 'description' | 'tier' | 'points' | 'redLine' | 'tags'
>;

const label = 'mb-1 block text-xs font-medium text-slate-700';

export function ProposalDecisionForm({ proposal, criteria }: { proposal: DecidableProposal; criteria: { id: number; title: string }[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const prefix = `decide-${proposal.id}`;
  const [text, setText] = useState({
    title: proposal.title,
    description: proposal.description,
    tier: proposal.tier,
    points: proposal.points,
    redLine: proposal.redLine,
    tags: proposal.tags.join(', '),
  });
  const [note, setNote] = useState('');
  const [duplicateOf, setDuplicateOf] = useState('');
  const { formProps, errors, notice, pending, submit, fail } = useActionForm();

  const decide = (decision: 'accept' | 'reject') => {
    const base = { proposalId: proposal.id, expectedRowVersion: proposal.rowVersion, note };
    const accept = { ...base, ...text };
    const reject = { ...base, ...(duplicateOf ? { duplicateOfCriterionId: duplicateOf } : {}) };
    const problems = decisionErrors(decision, decision === 'accept' ? accept : reject);
    if (Object.keys(problems).length) return fail(problems, 'Please correct the highlighted fields.');
    submit(() => (decision === 'accept' ? acceptProposalAction(accept) : rejectProposalAction(reject)), {
      success: (_data, message) => message ?? 'Saved.',
      onSuccess: () => {
        // The decided proposal leaves this list: the page confirms the decision as stored, under the same filters.
        const search = new URLSearchParams(searchParams);
        search.set('decided', String(proposal.id));
        router.replace(`${pathname}?${search}`, { scroll: false });
      },
    });
  };

  const noteError = errors.note;
  return (
    <form
      {...formProps}
      aria-label={`Decide: ${proposal.title}`}
      className="grid gap-3 rounded-md bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="text-xs text-slate-600 sm:col-span-4">
        Edit the text before accepting if it needs it. Accepting adds the criterion to the query <strong>not audited yet</strong> (status
        Pending, like a freshly imported one): a campaign’s “Never audited” mode takes it, and no release includes it before an audit
        decides it.
      </p>
      <CriterionFields idPrefix={prefix} value={text} onChange={setText} errors={errors} descriptionRows={2} />
      <TagsRedLineFields idPrefix={prefix} value={text} onChange={setText} />
      <div className="sm:col-span-4">
        <label htmlFor={`${prefix}-note`} className={label}>
          Note (the proposing expert reads it; required to reject)
        </label>
        <textarea
          id={`${prefix}-note`}
          rows={2}
          className={inputClasses}
          value={note}
          {...errorAttributes(`${prefix}-note-error`, noteError)}
          onChange={(event) => setNote(event.target.value)}
        />
        <FieldErrors id={`${prefix}-note-error`} errors={noteError} />
      </div>
      <div className="sm:col-span-4">
        <label htmlFor={`${prefix}-duplicate`} className={label}>
          When rejecting: a duplicate of
        </label>
        <select
          id={`${prefix}-duplicate`}
          className={inputClasses}
          value={duplicateOf}
          {...errorAttributes(`${prefix}-duplicate-error`, errors.duplicateOfCriterionId)}
          onChange={(event) => setDuplicateOf(event.target.value)}
        >
          <option value="">Not a duplicate</option>
          {criteria.map((criterion) => (
            <option key={criterion.id} value={criterion.id}>
              {criterion.title}
            </option>
          ))}
        </select>
        <FieldErrors id={`${prefix}-duplicate-error`} errors={errors.duplicateOfCriterionId} />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-4">
        <Button size="sm" disabled={pending} onClick={() => decide('accept')}>
          Accept as a new criterion
        </Button>
        <Button size="sm" variant="danger" disabled={pending} onClick={() => decide('reject')}>
          Reject
        </Button>
        <FormNotice notice={notice} inline />
      </div>
    </form>
  );
}
