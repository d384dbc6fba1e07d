'use client';
// A reviewer's decision on one missing-criterion proposal: accept it (after editing its text if needed: the
// same fields and the same zod schema as the expert's form) or reject it with a note, optionally as a
// duplicate of one of the query's criteria. Checked here as the reviewer decides, and again by the server.
import type { Tier } from '@/lib/vocabulary/enums';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState, useTransition } from 'react';
import { CriterionFields, TagsRedLineFields } from '@/components/audit/criterion-fields';
import { Button } from '@/components/ui/button';
import { FieldErrors, inputClasses } from '@/components/ui/field';
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
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const decide = (decision: 'accept' | 'reject') =>
    startTransition(async () => {
      const base = { proposalId: proposal.id, expectedRowVersion: proposal.rowVersion, note };
      const accept = { ...base, ...text, tier: text.tier as Tier };
      const reject = { ...base, ...(duplicateOf ? { duplicateOfCriterionId: duplicateOf } : {}) };
      const problems = decisionErrors(decision, decision === 'accept' ? accept : reject);
      if (Object.keys(problems).length) {
        setErrors(problems);
        setMessage({ ok: false, text: 'Please correct the highlighted fields.' });
        return;
      }
      const result = decision === 'accept' ? await acceptProposalAction(accept) : await rejectProposalAction(reject);
      setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      setMessage({ ok: result.ok, text: result.ok ? (result.message ?? 'Saved.') : result.error });
      if (!result.ok) return;
      // The decided proposal leaves this list: the page confirms the decision as stored, under the same filters.
      const search = new URLSearchParams(searchParams);
      search.set('decided', String(proposal.id));
      router.replace(`${pathname}?${search}`, { scroll: false });
    });

  const noteError = errors.note;
  return (
    <form
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
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${prefix}-note-error` : undefined}
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
          aria-invalid={errors.duplicateOfCriterionId ? true : undefined}
          aria-describedby={errors.duplicateOfCriterionId ? `${prefix}-duplicate-error` : undefined}
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
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-emerald-700' : 'text-red-700'}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
