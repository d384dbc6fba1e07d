'use client';
// Writes or revises a proposal: a title, a rationale, an ordered list of changes to the base version (add,
// edit, remove or reorder principles; change the generation rules or the scoring profile) and the evidence behind it. The server
// checks everything again; its field errors come back per change (`changes.1`) and per evidence item. A
// revision that lost a race with another save keeps this draft on screen and shows what is stored.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { WordDiff } from '@/components/audit/revision-editor';
import { PrincipleEditor } from '@/components/meta-rubrics/principle-editor';
import { Button } from '@/components/ui/button';
import { FieldErrors, TextAreaField, TextField, inputClasses } from '@/components/ui/field';
import { Notice } from '@/components/ui/page-header';
import { matchEvidenceOptions } from '@/components/meta-rubrics/match-evidence-options';
import { createProposalAction, updateProposalAction } from '@/lib/meta-rubrics/actions';
import type { VersionContent } from '@/lib/meta-rubrics/apply-changes';
import type { EvidenceInput, Principle, ProposalChange } from '@/lib/meta-rubrics/schemas';

export interface EvidenceOption {
  verdictId: number | null;
  criterionId: number;
  criterionTitle: string;
  detail: string;
}

type Errors = Record<string, string[]>;

const EMPTY_PRINCIPLE: Principle = {
  id: '',
  title: '',
  text: '',
  tiers: ['ESSENTIAL'],
  weightGuidance: '',
  hard: false,
  positiveExamples: [],
  negativeExamples: [],
};

const OP_LABELS: Record<ProposalChange['op'], string> = {
  edit: 'Edit a principle',
  add: 'Add a principle',
  remove: 'Remove a principle',
  reorder: 'Reorder the principles',
  rule: 'Change the generation rules',
  scoring: 'Change the scoring profile (the app’s assumptions)',
};

/** A change as the form edits it: rules and the scoring profile are edited as JSON text until submitted. */
type DraftChange = ProposalChange | { op: 'rule'; rulesText: string } | { op: 'scoring'; profileText: string };

function toDraft(change: ProposalChange): DraftChange {
  if (change.op === 'rule') return { op: 'rule', rulesText: JSON.stringify(change.rules, null, 2) };
  if (change.op === 'scoring') return { op: 'scoring', profileText: JSON.stringify(change.profile, null, 2) };
  return change;
}

const evidenceKey = (item: { criterionId: number; verdictId?: number | null }) => `${item.criterionId}:${item.verdictId ?? ''}`;

export function ProposalForm({
  metaRubricId,
  base,
  evidenceOptions,
  canCiteAnyCriterion,
  existing,
  initialEvidence = [],
}: {
  metaRubricId: number;
  /** The version the changes apply to (the active one; or the proposal's base when revising). */
  base: VersionContent;
  evidenceOptions: EvidenceOption[];
  /** Reviewers and admins may cite any criterion by id; experts only their own verdicts. */
  canCiteAnyCriterion: boolean;
  /** Evidence a new proposal starts with (a criterion cited from an adjudication). */
  initialEvidence?: (EvidenceInput & { criterionTitle: string })[];
  existing?: {
    proposalId: number;
    rowVersion: number;
    title: string;
    rationale: string;
    changes: ProposalChange[];
    evidence: (EvidenceInput & { criterionTitle: string })[];
    /** The active version is newer than the base: offer to rebase. */
    canRebase: boolean;
  };
}) {
  const router = useRouter();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [rationale, setRationale] = useState(existing?.rationale ?? '');
  const [changes, setChanges] = useState<DraftChange[]>(existing?.changes.map(toDraft) ?? []);
  const [evidence, setEvidence] = useState<Map<string, EvidenceInput & { criterionTitle: string }>>(
    () => new Map((existing?.evidence ?? initialEvidence).map((item) => [evidenceKey(item), item])),
  );
  const [criterionId, setCriterionId] = useState('');
  const [evidenceSearch, setEvidenceSearch] = useState('');
  const [rebase, setRebase] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [rowVersion, setRowVersion] = useState(existing?.rowVersion ?? 0);
  const [pending, start] = useTransition();
  const [nextOp, setNextOp] = useState<ProposalChange['op']>('edit');

  const principleById = (id: string) => base.principles.find((principle) => principle.id === id);
  const errorsUnder = (prefix: string) => (field: string) => errors[`${prefix}.${field}`];

  const addChange = () => {
    const first = base.principles[0];
    const change: DraftChange =
      nextOp === 'edit'
        ? { op: 'edit', principleId: first?.id ?? '', principle: first ?? EMPTY_PRINCIPLE }
        : nextOp === 'add'
          ? { op: 'add', principle: EMPTY_PRINCIPLE }
          : nextOp === 'remove'
            ? { op: 'remove', principleId: first?.id ?? '' }
            : nextOp === 'reorder'
              ? { op: 'reorder', order: base.principles.map((principle) => principle.id) }
              : nextOp === 'scoring'
                ? { op: 'scoring', profileText: JSON.stringify(base.scoringProfile, null, 2) }
                : { op: 'rule', rulesText: JSON.stringify(base.generationRules, null, 2) };
    setChanges((current) => [...current, change]);
  };
  const replace = (index: number, change: DraftChange) => setChanges((current) => current.map((c, i) => (i === index ? change : c)));
  const drop = (index: number) => setChanges((current) => current.filter((_, i) => i !== index));

  const toggleEvidence = (option: EvidenceOption, on: boolean) =>
    setEvidence((current) => {
      const next = new Map(current);
      const item = {
        criterionId: option.criterionId,
        ...(option.verdictId ? { verdictId: option.verdictId } : {}),
        criterionTitle: option.criterionTitle,
      };
      if (on) next.set(evidenceKey(item), item);
      else next.delete(evidenceKey(item));
      return next;
    });

  const submit = () =>
    start(async () => {
      const parsedChanges: ProposalChange[] = [];
      const localErrors: Errors = {};
      changes.forEach((change, index) => {
        if (change.op === 'rule' && 'rulesText' in change) {
          try {
            parsedChanges.push({ op: 'rule', rules: JSON.parse(change.rulesText) });
          } catch {
            localErrors[`changes.${index}`] = ['The rules are not valid JSON'];
          }
        } else if (change.op === 'scoring' && 'profileText' in change) {
          try {
            parsedChanges.push({ op: 'scoring', profile: JSON.parse(change.profileText) });
          } catch {
            localErrors[`changes.${index}`] = ['The scoring profile is not valid JSON'];
          }
        } else parsedChanges.push(change as ProposalChange);
      });
      if (Object.keys(localErrors).length) {
        setErrors(localErrors);
        setNotice({ tone: 'error', text: 'Please correct the highlighted fields.' });
        return;
      }
      const fields = {
        title,
        rationale,
        changes: parsedChanges,
        evidence: [...evidence.values()].map(({ criterionTitle: _t, ...item }) => item),
      };
      const result = existing
        ? await updateProposalAction({ proposalId: existing.proposalId, rowVersion, rebase, ...fields })
        : await createProposalAction({ metaRubricId, ...fields });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setNotice({ tone: 'error', text: result.error });
        return;
      }
      setErrors({});
      const data = result.data as { id: number } | { status: 'saved' | 'conflict'; current?: { rowVersion: number; title: string } };
      if ('status' in data && data.status === 'conflict') {
        // Keep the draft; the next save overwrites what is stored, on purpose.
        setRowVersion(data.current?.rowVersion ?? rowVersion);
        setNotice({
          tone: 'warning',
          text: `This proposal was saved elsewhere since you opened it (now “${data.current?.title}”). Your draft is kept here: save again to replace the stored one, or reload to see it.`,
        });
        return;
      }
      const id = 'id' in data ? data.id : existing?.proposalId;
      router.push(`/meta-rubrics/${metaRubricId}/proposals/${id}`);
      router.refresh();
    });

  const shownOptions = matchEvidenceOptions(evidenceOptions, evidenceSearch);

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <div className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} errors={errors.title} />
        <TextAreaField
          label="Rationale"
          name="rationale"
          rows={4}
          value={rationale}
          onChange={(e) => setRationale(e.target.value)}
          errors={errors.rationale}
          hint="Why the change is needed, and what the evidence shows."
        />
        {existing?.canRebase ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={rebase} onChange={(e) => setRebase(e.target.checked)} />
            Rebase on the active version (the meta-rubric changed since this proposal was written)
          </label>
        ) : null}
      </div>

      <section aria-label="Changes" className="space-y-3">
        <h2 className="text-base font-semibold text-slate-900">Changes</h2>
        <FieldErrors id="changes-error" errors={errors.changes} />
        {changes.map((change, index) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: changes are positional; their order is the proposal
            key={index}
            aria-label={`Change ${index + 1}: ${OP_LABELS[change.op]}`}
            className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <div className="flex items-center justify-between">
              <legend className="text-sm font-semibold text-slate-900">
                {index + 1}. {OP_LABELS[change.op]}
              </legend>
              <Button variant="ghost" size="sm" onClick={() => drop(index)}>
                Remove this change
              </Button>
            </div>
            <FieldErrors id={`changes-${index}-error`} errors={errors[`changes.${index}`]} />
            {change.op === 'edit' || change.op === 'remove' ? (
              <div className="text-sm">
                <label htmlFor={`change-${index}-target`} className="mb-1 block font-medium text-slate-700">
                  Principle
                </label>
                <select
                  id={`change-${index}-target`}
                  className={inputClasses}
                  value={change.principleId}
                  onChange={(e) => {
                    const principle = principleById(e.target.value);
                    replace(
                      index,
                      change.op === 'edit' && principle
                        ? { op: 'edit', principleId: principle.id, principle }
                        : { op: 'remove', principleId: e.target.value },
                    );
                  }}
                >
                  {base.principles.map((principle) => (
                    <option key={principle.id} value={principle.id}>
                      {principle.title}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {change.op === 'edit' ? (
              <>
                <PrincipleEditor
                  key={change.principleId}
                  idPrefix={`change-${index}`}
                  value={change.principle}
                  editableId={false}
                  onChange={(principle) => replace(index, { ...change, principle })}
                  errors={errorsUnder(`changes.${index}.principle`)}
                />
                <section className="rounded-md bg-slate-50 p-2 text-sm" aria-label="Text changes">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Changes to the text</p>
                  <WordDiff before={principleById(change.principleId)?.text ?? ''} after={change.principle.text} />
                </section>
              </>
            ) : null}
            {change.op === 'add' ? (
              <>
                <PrincipleEditor
                  idPrefix={`change-${index}`}
                  value={change.principle}
                  editableId
                  onChange={(principle) => replace(index, { ...change, principle })}
                  errors={errorsUnder(`changes.${index}.principle`)}
                />
                <div className="text-sm">
                  <label htmlFor={`change-${index}-position`} className="mb-1 block font-medium text-slate-700">
                    Position
                  </label>
                  <select
                    id={`change-${index}-position`}
                    className={inputClasses}
                    value={change.index ?? base.principles.length}
                    onChange={(e) => replace(index, { ...change, index: Number(e.target.value) })}
                  >
                    {[
                      ...base.principles.map((principle, at) => ({ at, label: `Before “${principle.title}”` })),
                      { at: base.principles.length, label: 'At the end' },
                    ].map(({ at, label }) => (
                      <option key={at} value={at}>
                        {label}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            ) : null}
            {change.op === 'reorder' ? (
              <ol className="space-y-1 text-sm">
                {change.order.map((id, at) => (
                  <li key={id} className="flex items-center gap-2">
                    <span className="w-6 tabular-nums text-slate-500">{at + 1}.</span>
                    <span className="flex-1">{principleById(id)?.title ?? id}</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={at === 0}
                      aria-label={`Move ${principleById(id)?.title ?? id} up`}
                      onClick={() => {
                        const order = [...change.order];
                        [order[at - 1], order[at]] = [order[at] as string, order[at - 1] as string];
                        replace(index, { op: 'reorder', order });
                      }}
                    >
                      ↑
                    </Button>
                  </li>
                ))}
              </ol>
            ) : null}
            {change.op === 'rule' && 'rulesText' in change ? (
              <div className="text-sm">
                <label htmlFor={`change-${index}-rules`} className="mb-1 block font-medium text-slate-700">
                  Generation rules (JSON)
                </label>
                <textarea
                  id={`change-${index}-rules`}
                  className={`${inputClasses} font-mono text-xs`}
                  rows={14}
                  value={change.rulesText}
                  onChange={(e) => replace(index, { op: 'rule', rulesText: e.target.value })}
                />
              </div>
            ) : null}
            {change.op === 'scoring' && 'profileText' in change ? (
              <div className="text-sm">
                <label htmlFor={`change-${index}-scoring`} className="mb-1 block font-medium text-slate-700">
                  Scoring profile (JSON)
                </label>
                <p id={`change-${index}-scoring-hint`} className="mb-1 text-xs text-slate-500">
                  The app’s assumptions, not a benchmark’s published method: tierWeights; pitfalls “subtract” or “avoidedShare”;
                  redLineVeto; pairwise weights, tieBand and veto “byWeightClass” or “anyHardFlaw” (docs/statistics.md).
                </p>
                <textarea
                  id={`change-${index}-scoring`}
                  aria-describedby={`change-${index}-scoring-hint`}
                  className={`${inputClasses} font-mono text-xs`}
                  rows={16}
                  value={change.profileText}
                  onChange={(e) => replace(index, { op: 'scoring', profileText: e.target.value })}
                />
              </div>
            ) : null}
          </fieldset>
        ))}
        <div className="flex items-end gap-2">
          <div className="text-sm">
            <label htmlFor="new-change-op" className="mb-1 block font-medium text-slate-700">
              New change
            </label>
            <select
              id="new-change-op"
              className={inputClasses}
              value={nextOp}
              onChange={(e) => setNextOp(e.target.value as ProposalChange['op'])}
            >
              {(Object.keys(OP_LABELS) as ProposalChange['op'][]).map((op) => (
                <option key={op} value={op}>
                  {OP_LABELS[op]}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={addChange}>
            Add change
          </Button>
        </div>
      </section>

      <section aria-label="Evidence" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-base font-semibold text-slate-900">Evidence</h2>
        <p className="text-sm text-slate-600">
          {canCiteAnyCriterion
            ? 'Audited criteria and verdicts that motivate the change: pick recent verdicts, or add any criterion by id.'
            : 'Pick the verdicts from your own audit history that motivate the change.'}
        </p>
        {Object.entries(errors)
          .filter(([key]) => key.startsWith('evidence'))
          .map(([key, messages]) => (
            <p key={key} role="alert" className="text-xs text-red-700">
              Evidence {Number(key.split('.')[1] ?? 0) + 1}: {messages.join(' ')}
            </p>
          ))}
        {evidenceOptions.length === 0 ? <p className="text-sm text-slate-500">No submitted verdicts yet.</p> : null}
        {evidenceOptions.length > 0 ? (
          <div>
            <TextField
              label="Search the verdicts"
              name="evidenceSearch"
              type="search"
              value={evidenceSearch}
              onChange={(e) => setEvidenceSearch(e.target.value)}
              hint="Every word must appear in the criterion, the verdict, its comment, the campaign or the query."
            />
            <p className="mt-1 text-xs text-slate-500" role="status" data-testid="evidence-shown">
              {shownOptions.length === evidenceOptions.length
                ? `${evidenceOptions.length} verdicts`
                : `${shownOptions.length} of ${evidenceOptions.length} verdicts match`}
            </p>
          </div>
        ) : null}
        <ul className="max-h-96 space-y-1 overflow-y-auto" aria-label="Verdicts to cite">
          {shownOptions.map((option) => {
            const key = evidenceKey(option);
            return (
              <li key={key}>
                <label className="flex items-start gap-2 rounded-md p-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={evidence.has(key)}
                    onChange={(e) => toggleEvidence(option, e.target.checked)}
                  />
                  <span>
                    <span className="font-medium">{option.criterionTitle}</span>
                    <span className="block text-xs text-slate-500">{option.detail}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {canCiteAnyCriterion ? (
          <div className="flex items-end gap-2">
            <TextField
              label="Criterion id"
              name="criterionId"
              inputMode="numeric"
              value={criterionId}
              onChange={(e) => setCriterionId(e.target.value)}
            />
            <Button
              variant="secondary"
              onClick={() => {
                const id = Number(criterionId);
                if (Number.isInteger(id) && id > 0) {
                  toggleEvidence({ criterionId: id, verdictId: null, criterionTitle: `Criterion ${id}`, detail: '' }, true);
                  setCriterionId('');
                }
              }}
            >
              Add criterion
            </Button>
          </div>
        ) : null}
        {evidence.size ? (
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Attached ({evidence.size})</p>
            <ul className="space-y-2">
              {[...evidence.entries()].map(([key, item]) => (
                <li key={key} className="text-sm">
                  <span className="font-medium">{item.criterionTitle}</span>
                  <input
                    aria-label={`Note on ${item.criterionTitle}`}
                    placeholder="Note (optional)"
                    className={`${inputClasses} mt-1`}
                    value={item.note ?? ''}
                    onChange={(e) => setEvidence((current) => new Map(current).set(key, { ...item, note: e.target.value }))}
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : existing ? 'Save revision' : 'Submit proposal'}
      </Button>
    </form>
  );
}
