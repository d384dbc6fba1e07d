'use client';
// The reviewer's side of one disagreement: the experts' verdicts (each can be copied into the form) and the
// gold decision form. The form is checked with the action's own schema before it is sent; a save that lost a
// race with another reviewer shows their version and keeps this one on screen until the reviewer chooses.
// Keyboard: 1–4 choose the decision outside text fields, Ctrl+Enter (⌘+Enter) saves from anywhere.
import type { Decision } from '@/lib/vocabulary/enums';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ExpertVerdicts } from '@/components/adjudication/expert-verdicts';
import { TextChanges } from '@/components/adjudication/text-changes';
import { CriterionFields } from '@/components/audit/criterion-fields';
import { DECISION_KEYS, DECISION_LABELS, DIMENSION_LABELS, WEIGHT_DIRECTION_LABELS } from '@/components/audit/labels';
import { formatDate } from '@/components/ui/format';
import { KeyHint } from '@/components/ui/key-hint';
import { Button, buttonClasses, kbdOnFillClasses } from '@/components/ui/button';
import { errorAttributes, FieldErrors, FormNotice, inputClasses } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { saveAdjudicationAction } from '@/lib/adjudication/actions';
import type { AdjudicationVerdict, AdjudicationView, GoldText } from '@/lib/adjudication/get-adjudication-item';
import { adjudicationErrors } from '@/lib/adjudication/schemas';

interface Draft {
  goldDecision: Decision | null;
  dimensions: string[];
  weightDirection: string | null;
  goldText: GoldText;
  rationale: string;
}

const isRevision = (decision: string | null) => decision === 'REVISE_MINOR' || decision === 'REVISE_MAJOR';

function fromView(view: AdjudicationView | null, original: GoldText): Draft {
  return {
    goldDecision: (view?.goldDecision as Decision | undefined) ?? null,
    dimensions: view?.dimensions ?? [],
    weightDirection: view?.weightDirection ?? null,
    goldText: view?.goldText ?? original,
    rationale: view?.rationale ?? '',
  };
}

/** Text fields keep their keys (digits, Enter); checkboxes, radios and buttons leave them to the shortcuts. */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.matches('textarea, select, input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"])'))
  );
}

/** The order of the fields on screen, to focus the first one in error. */
const FIELD_IDS: [string, string][] = [
  ['goldDecision', 'gold-decision-ACCEPT'],
  ['dimensions', 'gold-dimension-0'],
  ['weightDirection', 'gold-weight-OVER'],
  ['goldText.title', 'gold-title'],
  ['goldText', 'gold-title'],
  ['goldText.points', 'gold-points'],
  ['rationale', 'gold-rationale'],
];

export function AdjudicationForm({
  campaignId,
  criterionId,
  original,
  dimensions,
  flagged,
  verdicts,
  adjudication,
  nextHref,
  queueHref,
}: {
  campaignId: number;
  criterionId: number;
  original: GoldText;
  /** The dimensions the campaign audits. */
  dimensions: string[];
  /** How many verdicts flagged each dimension. */
  flagged: Record<string, number>;
  verdicts: AdjudicationVerdict[];
  adjudication: AdjudicationView | null;
  nextHref: string | null;
  queueHref: string;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() => fromView(adjudication, original));
  const {
    formProps,
    errors,
    setErrors,
    notice,
    setNotice,
    pending: saving,
    submit,
    fail,
  } = useActionForm({
    focusError: (found) => {
      const first = FIELD_IDS.find(([key]) => found[key]?.length);
      if (first) document.getElementById(first[1])?.focus();
    },
  });
  const [conflict, setConflict] = useState<{ current: AdjudicationView | null } | null>(null);
  const rowVersion = useRef(adjudication?.rowVersion ?? 0);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const noticeRef = useRef<HTMLDivElement>(null);

  const change = useCallback(
    (patch: Partial<Draft>) => {
      setDraft((current) => ({ ...current, ...patch }));
      setNotice(null);
    },
    [setNotice],
  );

  const chooseDecision = useCallback(
    (decision: Decision, focusNext: boolean) => {
      change({ goldDecision: decision });
      setErrors((current) => ({ ...current, goldDecision: [] }));
      if (focusNext && decision !== 'ACCEPT') requestAnimationFrame(() => document.getElementById('gold-dimension-0')?.focus());
    },
    [change, setErrors],
  );

  const adoptVerdict = (verdict: AdjudicationVerdict) => {
    change({
      goldDecision: verdict.decision as Decision,
      dimensions: verdict.dimensions.filter((dimension) => dimensions.includes(dimension)),
      weightDirection: verdict.weightDirection,
      ...(verdict.proposedRevision ? { goldText: verdict.proposedRevision } : {}),
    });
    setErrors({});
    requestAnimationFrame(() => document.getElementById(verdict.proposedRevision ? 'gold-title' : 'gold-rationale')?.focus());
  };

  const save = useCallback(() => {
    const current = draftRef.current;
    const input = {
      campaignId,
      criterionId,
      expectedRowVersion: rowVersion.current,
      goldDecision: current.goldDecision ?? undefined,
      dimensions: current.dimensions,
      weightDirection: current.weightDirection,
      goldText: isRevision(current.goldDecision) ? current.goldText : null,
      rationale: current.rationale,
    };
    const found = adjudicationErrors(input, original);
    if (Object.keys(found).length) return fail(found, 'Please correct the highlighted fields.');
    submit(() => saveAdjudicationAction(input as Parameters<typeof saveAdjudicationAction>[0]), {
      // A refusal without field errors leaves the highlighted fields as they were.
      mapErrors: (fieldErrors, shown) => (Object.keys(fieldErrors).length ? fieldErrors : shown),
      keepErrors: (shown) => shown,
      success: (data) => (data.status === 'conflict' ? null : data.created ? 'Adjudication saved.' : 'Adjudication updated.'),
      onSuccess: (data) => {
        if (data.status === 'conflict') {
          setConflict({ current: data.current });
          requestAnimationFrame(() => noticeRef.current?.focus());
          return;
        }
        rowVersion.current = data.adjudication.rowVersion;
        setErrors({});
        setConflict(null);
        router.refresh();
        requestAnimationFrame(() => noticeRef.current?.focus());
      },
    });
  }, [campaignId, criterionId, fail, original, router, setErrors, submit]);

  const resolveConflict = (keep: 'mine' | 'theirs') => {
    const current = conflict?.current ?? null;
    rowVersion.current = current?.rowVersion ?? 0;
    setConflict(null);
    if (keep === 'theirs') {
      setDraft(fromView(current, original));
      setErrors({});
      router.refresh();
    } else save();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        save();
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const index = ['1', '2', '3', '4'].indexOf(event.key);
      const decision = DECISION_KEYS[index];
      if (!decision) return;
      event.preventDefault();
      chooseDecision(decision, true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [chooseDecision, save]);

  const needsDimensions = draft.goldDecision !== null && draft.goldDecision !== 'ACCEPT';
  const revising = isRevision(draft.goldDecision);
  const describedBy = (key: string, id: string) => errorAttributes(`${id}-error`, errors[key]);

  return (
    <div className="space-y-4">
      <section aria-labelledby="verdicts-heading">
        <h2 id="verdicts-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Expert verdicts
        </h2>
        <ExpertVerdicts verdicts={verdicts} original={original} onUse={adoptVerdict} disabled={saving} />
      </section>

      <form
        {...formProps}
        aria-labelledby="gold-heading"
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="gold-heading" className="text-base font-semibold text-slate-900">
            Gold decision
          </h2>
          {adjudication ? (
            <p className="text-xs text-slate-500">
              Version {adjudication.rowVersion}, saved by {adjudication.reviewerName} on {formatDate(adjudication.updatedAt, true)}
            </p>
          ) : null}
        </div>

        <fieldset>
          <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Decision</legend>
          <div className="flex flex-wrap gap-2">
            {DECISION_KEYS.map((decision) => {
              const { label, key, active } = DECISION_LABELS[decision];
              const chosen = draft.goldDecision === decision;
              return (
                <button
                  key={decision}
                  id={`gold-decision-${decision}`}
                  type="button"
                  aria-pressed={chosen}
                  aria-keyshortcuts={key}
                  aria-describedby={errors.goldDecision?.length ? 'gold-decision-error' : undefined}
                  onClick={() => chooseDecision(decision, false)}
                  className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ${
                    chosen ? active : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                  }`}
                >
                  <KeyHint keys={key} className={chosen ? kbdOnFillClasses : ''} />
                  {label}
                </button>
              );
            })}
          </div>
          <FieldErrors id="gold-decision-error" errors={errors.goldDecision} />
        </fieldset>

        {needsDimensions ? (
          <fieldset aria-describedby={errors.dimensions?.length ? 'gold-dimensions-error' : undefined}>
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Confirmed error dimensions</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {dimensions.map((dimension, index) => (
                <label key={dimension} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    id={`gold-dimension-${index}`}
                    type="checkbox"
                    checked={draft.dimensions.includes(dimension)}
                    onChange={(event) => {
                      const next = event.target.checked
                        ? [...draft.dimensions, dimension]
                        : draft.dimensions.filter((item) => item !== dimension);
                      change({ dimensions: next, ...(next.includes('WEIGHT') ? {} : { weightDirection: null }) });
                    }}
                  />
                  {DIMENSION_LABELS[dimension] ?? dimension}
                  <span className="text-xs text-slate-500">
                    ({flagged[dimension] ?? 0} of {verdicts.length} flagged)
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors id="gold-dimensions-error" errors={errors.dimensions} />
            {draft.dimensions.includes('WEIGHT') ? (
              <div role="radiogroup" aria-label="Weight direction" className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                {Object.entries(WEIGHT_DIRECTION_LABELS).map(([direction, label]) => (
                  <label key={direction} className="inline-flex items-center gap-1.5 text-sm">
                    <input
                      id={`gold-weight-${direction}`}
                      type="radio"
                      name="gold-weight-direction"
                      checked={draft.weightDirection === direction}
                      {...describedBy('weightDirection', 'gold-weight')}
                      onChange={() => change({ weightDirection: direction })}
                    />
                    {label}
                  </label>
                ))}
                <FieldErrors id="gold-weight-error" errors={errors.weightDirection} />
              </div>
            ) : null}
          </fieldset>
        ) : null}

        {revising ? (
          <fieldset className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Gold text</legend>
            <div className="grid gap-3 sm:grid-cols-4">
              <CriterionFields
                idPrefix="gold"
                value={draft.goldText}
                onChange={(goldText) => change({ goldText })}
                errors={{
                  ...(errors['goldText.title'] || errors.goldText
                    ? { title: [...(errors['goldText.title'] ?? []), ...(errors.goldText ?? [])] }
                    : {}),
                  ...(errors['goldText.points'] ? { points: errors['goldText.points'] } : {}),
                }}
              />
            </div>
            <div>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Changes from the original</p>
              <TextChanges original={original} revised={draft.goldText} label="Changes from the original" />
            </div>
            <Button variant="ghost" size="sm" onClick={() => change({ goldText: original })}>
              Reset to the original text
            </Button>
          </fieldset>
        ) : null}

        <div>
          <label htmlFor="gold-rationale" className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-600">
            Rationale
          </label>
          <textarea
            id="gold-rationale"
            rows={3}
            required
            aria-required="true"
            className={inputClasses}
            value={draft.rationale}
            placeholder="Why this is the gold decision (kept with the audit trail)"
            {...describedBy('rationale', 'gold-rationale')}
            onChange={(event) => change({ rationale: event.target.value })}
          />
          <FieldErrors id="gold-rationale-error" errors={errors.rationale} />
        </div>

        <div ref={noticeRef} tabIndex={-1} aria-live="polite" className="space-y-2 outline-none" data-testid="adjudication-status">
          {conflict ? (
            <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
              <p>
                {conflict.current ? (
                  <>
                    {conflict.current.reviewerName} saved this adjudication while you were working (version {conflict.current.rowVersion}):{' '}
                    <strong>{DECISION_LABELS[conflict.current.goldDecision as Decision]?.label ?? conflict.current.goldDecision}</strong> —
                    “{conflict.current.rationale}”.
                  </>
                ) : (
                  'The adjudication you started from no longer exists.'
                )}{' '}
                Yours is still in the form; nothing was overwritten.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => resolveConflict('mine')}>
                  Save mine over it
                </Button>
                <Button variant="secondary" size="sm" onClick={() => resolveConflict('theirs')}>
                  Use their version
                </Button>
              </div>
            </div>
          ) : null}
          <FormNotice notice={notice} />
          {notice?.tone === 'success' ? (
            nextHref ? (
              <Link href={nextHref} className={buttonClasses('primary', 'sm')}>
                Next in queue
              </Link>
            ) : (
              <p className="text-sm text-slate-600">
                No other unresolved item in this queue.{' '}
                <Link href={queueHref} className="font-medium text-brand-700 hover:underline">
                  Back to the queue
                </Link>
              </p>
            )
          ) : null}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <p className="text-xs text-slate-500">
            <kbd>1</kbd>–<kbd>4</kbd> choose the decision · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> saves
          </p>
          <Button type="submit" disabled={saving} aria-keyshortcuts="Control+Enter">
            {saving ? 'Saving…' : adjudication ? 'Update adjudication' : 'Save adjudication'}
          </Button>
        </div>
      </form>
    </div>
  );
}
