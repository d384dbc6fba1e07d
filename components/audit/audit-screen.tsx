'use client';
// The expert's audit screen for one query: the conversation, then its criteria in this expert's recorded
// order. Keyboard-first (j/k or arrows, 1-4, e, c, n, Ctrl+Enter, ?), drafts autosave per criterion with
// optimistic concurrency (another tab's change is shown, never overwritten silently), time on each criterion
// is measured while it is the active one and the page is visible, and the position is remembered so the
// expert resumes exactly where they left off. A submitted query is read-only until the expert chooses Edit (a
// stray key press never amends), and the last change can be undone. Submitting reports every problem at once,
// each at its control.
import type { Decision, Category, Tier } from '@/lib/vocabulary/enums';
import { formatTime } from '@/components/ui/format';
import { radioPillClass } from '@/components/ui/choice-cards';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { ClaimButton } from '@/components/audit/claim-button';
import { type CardHandle, CriterionCard, storedVersion, type VerdictState } from '@/components/audit/criterion-card';
import { COMPREHENSIVENESS_LABELS, DECISION_KEYS } from '@/components/audit/labels';
import { MissingCriteria, type MissingCriteriaHandle } from '@/components/audit/missing-criteria';
import { ShortcutSheet } from '@/components/audit/shortcuts';
import { useAutosave } from '@/components/audit/use-autosave';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { Conversation } from '@/components/criteria/conversation';
import { Button } from '@/components/ui/button';
import { FieldErrors, inputClasses } from '@/components/ui/field';
import { isTyping } from '@/components/ui/is-typing';
import { Notice } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { releaseAssignmentAction, saveVerdictAction, submitAssignmentAction, updateAssignmentAction } from '@/lib/audit/actions';
import type { ExpertAssignment, ExpertVerdict } from '@/lib/audit/expert-view';

export interface AuditProgress {
  mineDone: number;
  mineRemaining: number;
  campaignDone: number;
  campaignTotal: number;
}

function fromServer(verdict: ExpertVerdict | undefined): VerdictState {
  return {
    decision: verdict?.decision ?? null,
    dimensions: verdict?.dimensions ?? [],
    weightDirection: verdict?.weightDirection ?? null,
    severity: verdict?.severity ?? null,
    comment: verdict?.comment ?? '',
    revision: verdict?.proposedRevision ?? null,
    rowVersion: verdict?.rowVersion ?? 0,
    submitted: verdict?.submitted ?? false,
    save: 'idle',
    saveError: null,
    conflict: null,
    errors: [],
  };
}

export function AuditScreen({ assignment, progress }: { assignment: ExpertAssignment; progress: AuditProgress | null }) {
  const router = useRouter();
  const criteria = assignment.criteria;
  const [verdicts, setVerdicts] = useState<Record<number, VerdictState>>(() =>
    Object.fromEntries(
      criteria.map((criterion) => [criterion.id, fromServer(assignment.verdicts.find((v) => v.criterionId === criterion.id))]),
    ),
  );
  const verdictsRef = useRef(verdicts);
  verdictsRef.current = verdicts;
  const edits = useRef(new Map<number, number>());
  const [active, setActive] = useState(() => Math.min(Math.max(assignment.cursor, 0), Math.max(criteria.length - 1, 0)));
  const [state, setState] = useState(assignment.state);
  const rowVersion = useRef(assignment.rowVersion);
  const [rating, setRating] = useState<number | null>(assignment.comprehensiveness);
  const [ratingComment, setRatingComment] = useState(assignment.comprehensivenessComment ?? '');
  const [ratingError, setRatingError] = useState<string[] | undefined>();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [banner, setBanner] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [justSubmitted, setJustSubmitted] = useState(false);
  const [submitting, startSubmit] = useTransition();
  const [editable, setEditable] = useState(assignment.editable);
  // A submitted query changes only after an explicit Edit.
  const [editing, setEditing] = useState(assignment.state !== 'SUBMITTED');
  const canChange = editable && editing;
  const [lastChange, setLastChange] = useState<{ id: number; index: number; before: Partial<VerdictState> } | null>(null);
  const cards = useRef(new Map<number, CardHandle>());
  const missing = useRef<MissingCriteriaHandle>(null);
  const successRef = useRef<HTMLDivElement>(null);

  // ── time on task: counted for the active criterion while the page is visible ──
  const activeId = criteria[active]?.id;
  const clock = useRef({ since: Date.now(), pending: new Map<number, number>() });
  const accrue = useCallback((id: number | undefined) => {
    const now = Date.now();
    if (id !== undefined && document.visibilityState === 'visible')
      clock.current.pending.set(id, (clock.current.pending.get(id) ?? 0) + now - clock.current.since);
    clock.current.since = now;
  }, []);
  const takeSeconds = useCallback(
    (id: number) => {
      if (id === activeId) accrue(id);
      const ms = clock.current.pending.get(id) ?? 0;
      const seconds = Math.min(3600, Math.floor(ms / 1000));
      clock.current.pending.set(id, ms - seconds * 1000);
      return seconds;
    },
    [accrue, activeId],
  );
  useEffect(() => {
    const onVisibility = () => accrue(activeId);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [accrue, activeId]);

  const patch = useCallback((id: number, change: Partial<VerdictState>) => {
    setVerdicts((current) => {
      const previous = current[id];
      return previous ? { ...current, [id]: { ...previous, ...change } } : current;
    });
  }, []);

  // ── autosave of one criterion's verdict ──
  const saveOne = useCallback(
    async (id: number) => {
      const verdict = verdictsRef.current[id];
      if (!verdict || verdict.conflict) return;
      const edit = edits.current.get(id) ?? 0;
      patch(id, { save: 'saving' });
      const result = await saveVerdictAction({
        assignmentId: assignment.id,
        criterionId: id,
        rowVersion: verdict.rowVersion,
        decision: verdict.decision as Decision | null,
        dimensions: verdict.dimensions as ('CORRECTNESS' | 'COMPREHENSIVENESS' | 'RELEVANCE' | 'WEIGHT')[],
        weightDirection: verdict.weightDirection as 'OVER' | 'UNDER' | 'REDUNDANT' | null,
        severity: verdict.severity as 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' | null,
        comment: verdict.comment || null,
        proposedRevision: verdict.revision ? { ...verdict.revision, tier: verdict.revision.tier as Tier } : null,
        secondsDelta: takeSeconds(id),
      });
      const newer = (edits.current.get(id) ?? 0) !== edit;
      if (result.ok && result.data.status === 'saved') {
        patch(id, {
          rowVersion: result.data.verdict.rowVersion,
          submitted: result.data.verdict.submittedAt !== null,
          save: newer ? 'dirty' : 'saved',
          saveError: null,
          errors: [],
        });
      } else if (result.ok && result.data.status === 'conflict') {
        const current = result.data.current;
        patch(id, {
          save: 'conflict',
          conflict: {
            decision: current?.decision ?? null,
            comment: current?.comment ?? null,
            dimensions: current?.dimensions ?? [],
            weightDirection: current?.weightDirection ?? null,
            severity: current?.severity ?? null,
            revision: (current?.proposedRevision as VerdictState['revision'] | undefined) ?? null,
            rowVersion: current?.rowVersion ?? 0,
          },
        });
      } else if (!result.ok && result.code === 'INVALID') {
        patch(id, { save: 'error', saveError: null, errors: result.fieldErrors?.[`criterion.${id}`] ?? [result.error] });
      } else if (!result.ok) {
        patch(id, { save: 'error', saveError: result.error });
        if (result.code === 'CONFLICT') {
          setEditable(false);
          setBanner({ tone: 'warning', text: result.error });
        }
      }
    },
    [assignment.id, patch, takeSeconds],
  );
  const { schedule, flush } = useAutosave<number>(saveOne);

  const apply = useCallback(
    (id: number, change: Partial<VerdictState>) => {
      edits.current.set(id, (edits.current.get(id) ?? 0) + 1);
      patch(id, { ...change, save: 'dirty', errors: [] });
      schedule(id);
    },
    [patch, schedule],
  );
  const change = useCallback(
    (id: number, change: Partial<VerdictState>) => {
      const previous = verdictsRef.current[id];
      if (previous) {
        const before = Object.fromEntries(Object.keys(change).map((key) => [key, previous[key as keyof VerdictState]]));
        setLastChange({ id, index: criteria.findIndex((criterion) => criterion.id === id), before });
      }
      apply(id, change);
    },
    [apply, criteria],
  );
  const undoLast = useCallback(() => {
    if (!lastChange || !canChange) return;
    apply(lastChange.id, lastChange.before);
    setLastChange(null);
  }, [apply, canChange, lastChange]);

  const resolveConflict = useCallback(
    (id: number, keep: 'mine' | 'theirs') => {
      const conflict = verdictsRef.current[id]?.conflict;
      if (!conflict) return;
      if (keep === 'mine') {
        patch(id, { rowVersion: conflict.rowVersion, conflict: null, save: 'dirty' });
        schedule(id);
      } else {
        // Take the other version whole: every stored field, so the next autosave cannot store a mix of both.
        patch(id, { ...storedVersion(conflict), conflict: null, save: 'saved', saveError: null, errors: [] });
      }
    },
    [patch, schedule],
  );

  // ── position: remembered on the server, so the expert resumes where they were ──
  const cursorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moveTo = useCallback(
    (index: number) => {
      const next = Math.min(Math.max(index, 0), criteria.length - 1);
      accrue(activeId);
      setActive(next);
      const id = criteria[next]?.id;
      if (id !== undefined) requestAnimationFrame(() => cards.current.get(id)?.focusCard());
      if (!editable) return;
      clearTimeout(cursorTimer.current);
      cursorTimer.current = setTimeout(() => {
        void updateAssignmentAction({ assignmentId: assignment.id, rowVersion: rowVersion.current, cursor: next });
      }, 800);
    },
    [accrue, activeId, assignment.id, criteria, editable],
  );
  // Focus the criterion the expert resumes at, once; later moves focus explicitly.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only
  useEffect(() => {
    const id = criteria[active]?.id;
    if (id !== undefined) cards.current.get(id)?.focusCard();
  }, []);

  // The rating save bumps the assignment's version; a submission right after it must wait for it.
  const ratingSave = useRef<Promise<void>>(Promise.resolve());
  const saveRatingNow = useCallback(
    async (value: number | null, comment: string) => {
      if (!editable) return;
      const result = await updateAssignmentAction({
        assignmentId: assignment.id,
        rowVersion: rowVersion.current,
        comprehensiveness: value,
        comprehensivenessComment: comment || null,
      });
      if (result.ok) {
        rowVersion.current = result.data.current.rowVersion;
        if (result.data.status === 'conflict')
          setBanner({ tone: 'warning', text: 'The completeness rating was changed in another tab; reload to see it.' });
      } else setBanner({ tone: 'error', text: result.error });
    },
    [assignment.id, editable],
  );
  const saveRating = useCallback(
    (value: number | null, comment: string) => {
      ratingSave.current = ratingSave.current.then(() => saveRatingNow(value, comment));
      return ratingSave.current;
    },
    [saveRatingNow],
  );

  // ── submission ──
  const submit = useCallback(() => {
    if (!canChange || state === 'SUBMITTED') return;
    startSubmit(async () => {
      setBanner(null);
      await flush();
      await ratingSave.current;
      const current = verdictsRef.current;
      if (Object.values(current).some((verdict) => verdict.conflict)) {
        setBanner({
          tone: 'error',
          text: 'Some verdicts were changed in another tab. Choose which version to keep on those criteria first.',
        });
        return;
      }
      // The server checks the rating and every criterion together and reports all of their problems at once.
      const result = await submitAssignmentAction({
        assignmentId: assignment.id,
        rowVersion: rowVersion.current,
        comprehensiveness: rating,
        comprehensivenessComment: ratingComment || undefined,
      });
      if (result.ok) {
        rowVersion.current = result.data.rowVersion;
        setState('SUBMITTED');
        setEditing(false);
        setLastChange(null);
        setJustSubmitted(true);
        // Submitting bumps every verdict's version on the server; follow it so amendments are not stale.
        const versions = result.data.versions;
        setVerdicts((all) =>
          Object.fromEntries(
            Object.entries(all).map(([id, verdict]) => [
              id,
              { ...verdict, submitted: true, errors: [], rowVersion: versions[Number(id)] ?? verdict.rowVersion },
            ]),
          ),
        );
        router.refresh();
        requestAnimationFrame(() => successRef.current?.focus());
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setRatingError(fieldErrors.comprehensiveness);
      setVerdicts((all) =>
        Object.fromEntries(Object.entries(all).map(([id, verdict]) => [id, { ...verdict, errors: fieldErrors[`criterion.${id}`] ?? [] }])),
      );
      setBanner({ tone: 'error', text: result.error });
      const first = criteria.findIndex((criterion) => fieldErrors[`criterion.${criterion.id}`]);
      if (first >= 0) moveTo(first);
      else if (fieldErrors.comprehensiveness) document.querySelector<HTMLInputElement>('input[name="comprehensiveness"]')?.focus();
    });
  }, [assignment.id, canChange, criteria, flush, moveTo, rating, ratingComment, router, state]);

  const release = () =>
    startSubmit(async () => {
      await flush();
      const result = await releaseAssignmentAction({ assignmentId: assignment.id });
      if (result.ok) router.push('/audit');
      else setBanner({ tone: 'error', text: result.error });
    });

  // ── keyboard ──
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        submit();
        return;
      }
      if (shortcutsOpen) return;
      const typing = isTyping(event.target);
      if (event.key === 'Escape' && (typing || event.target instanceof HTMLInputElement)) {
        event.preventDefault();
        (event.target as HTMLElement).blur();
        const id = criteria[active]?.id;
        if (id !== undefined) cards.current.get(id)?.focusCard();
        return;
      }
      if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      const inRadio = target instanceof HTMLInputElement && target.type === 'radio';
      const id = criteria[active]?.id;
      // In the completeness rating (r), 1-5 choose the rating instead of a criterion's decision.
      if (inRadio && target.name === 'comprehensiveness' && /^[1-5]$/.test(event.key)) {
        event.preventDefault();
        if (!canChange) return;
        document.querySelector<HTMLInputElement>(`input[name="comprehensiveness"][value="${event.key}"]`)?.click();
        document.querySelector<HTMLInputElement>(`input[name="comprehensiveness"][value="${event.key}"]`)?.focus();
        return;
      }
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          if (event.key === 'ArrowDown' && inRadio) return;
          event.preventDefault();
          moveTo(active + 1);
          return;
        case 'k':
        case 'ArrowUp':
          if (event.key === 'ArrowUp' && inRadio) return;
          event.preventDefault();
          moveTo(active - 1);
          return;
        case '1':
        case '2':
        case '3':
        case '4': {
          if (!canChange || id === undefined) return;
          event.preventDefault();
          const decision = DECISION_KEYS[Number(event.key) - 1] as Decision;
          const criterion = criteria[active];
          const revising = decision === 'REVISE_MINOR' || decision === 'REVISE_MAJOR';
          change(id, {
            decision,
            ...(decision === 'ACCEPT' ? { dimensions: [], weightDirection: null, severity: null } : {}),
            ...(revising && !verdictsRef.current[id]?.revision && criterion
              ? { revision: { title: criterion.title, description: criterion.description, tier: criterion.tier, points: criterion.points } }
              : {}),
          });
          // A rejection or revision needs a dimension: go there next.
          if (decision !== 'ACCEPT') requestAnimationFrame(() => cards.current.get(id)?.focusDimensions());
          return;
        }
        case 'e': {
          if (!canChange || id === undefined) return;
          event.preventDefault();
          const verdict = verdictsRef.current[id];
          const criterion = criteria[active];
          if (verdict?.decision !== 'REVISE_MINOR' && verdict?.decision !== 'REVISE_MAJOR' && criterion) {
            change(id, {
              decision: 'REVISE_MINOR',
              revision: verdict?.revision ?? {
                title: criterion.title,
                description: criterion.description,
                tier: criterion.tier,
                points: criterion.points,
              },
            });
          }
          requestAnimationFrame(() => requestAnimationFrame(() => cards.current.get(id)?.focusEditor()));
          return;
        }
        case 'c':
          if (!canChange || id === undefined) return;
          event.preventDefault();
          cards.current.get(id)?.focusComment();
          return;
        case 'n':
          if (!canChange) return;
          event.preventDefault();
          missing.current?.openNew();
          return;
        case 'u':
          if (!canChange || !lastChange) return;
          event.preventDefault();
          undoLast();
          return;
        case 'r': {
          // Focuses the rating (the chosen value, else the first) without choosing one; 1-5 then choose.
          if (!canChange) return;
          event.preventDefault();
          const radios = document.querySelectorAll<HTMLInputElement>('input[name="comprehensiveness"]');
          const chosen = [...radios].find((radio) => radio.checked) ?? radios[0];
          chosen?.focus();
          return;
        }
        case '?':
          event.preventDefault();
          setShortcutsOpen(true);
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, canChange, change, criteria, lastChange, moveTo, shortcutsOpen, submit, undoLast]);

  const decided = useMemo(() => criteria.filter((criterion) => verdicts[criterion.id]?.decision).length, [criteria, verdicts]);
  const submitted = state === 'SUBMITTED';

  return (
    <div className="space-y-4">
      <header className="sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold text-slate-900">{assignment.campaign.name}</h1>
            <p className="text-xs text-slate-500">
              Query {assignment.query.externalId} · {CATEGORY_LABELS[assignment.query.category as Category] ?? assignment.query.category}
              {assignment.query.department ? ` · ${assignment.query.department}` : ''} ·{' '}
              <span data-testid="decided-count">
                {decided} of {criteria.length} decided
              </span>
              {!submitted && editable ? ` · reserved for you until ${formatTime(assignment.expiresAt)} (extended while you work)` : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => setShortcutsOpen(true)} aria-keyshortcuts="?">
              <kbd>?</kbd> Shortcuts
            </Button>
            {!submitted && editable ? (
              <Button variant="secondary" size="sm" onClick={release} disabled={submitting}>
                Give back
              </Button>
            ) : null}
            {!submitted && editable ? (
              <Button size="sm" onClick={submit} disabled={submitting} aria-keyshortcuts="Control+Enter">
                {submitting ? 'Submitting…' : 'Submit'} <kbd className="border-white/40 bg-white/20 text-white">Ctrl+Enter</kbd>
              </Button>
            ) : null}
          </div>
        </div>
        {progress ? (
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <ProgressBar
              label="Your queries in this campaign"
              value={progress.mineDone}
              max={progress.mineDone + progress.mineRemaining}
              showText={false}
            />
            <ProgressBar
              label="The whole campaign"
              value={progress.campaignDone}
              max={progress.campaignTotal}
              tone="green"
              showText={false}
            />
          </div>
        ) : null}
      </header>

      {assignment.campaign.instructions ? (
        <details className="rounded-lg bg-white px-4 py-2 text-sm shadow-sm ring-1 ring-slate-200">
          <summary className="cursor-pointer font-medium text-slate-800">Instructions for this campaign</summary>
          <p className="mt-1 whitespace-pre-wrap text-slate-700">{assignment.campaign.instructions}</p>
        </details>
      ) : null}
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}
      {lastChange && canChange ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="undo-bar">
          <span>Last change: criterion {lastChange.index + 1}.</span>
          <Button variant="ghost" size="sm" onClick={undoLast} aria-keyshortcuts="u">
            Undo <kbd>u</kbd>
          </Button>
        </div>
      ) : null}
      {!editable && !submitted ? (
        <Notice tone="warning">
          This query is no longer reserved for you (the reservation expired or you gave it back). Your drafts are kept; take it again from{' '}
          <Link href="/audit" className="font-medium underline">
            My audits
          </Link>{' '}
          to continue.
        </Notice>
      ) : null}
      {submitted ? (
        <div
          ref={successRef}
          tabIndex={-1}
          className="space-y-3 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200"
          data-testid="submitted-panel"
        >
          <p className="text-sm text-emerald-900" role="status">
            {justSubmitted ? 'Submitted. Thank you! ' : 'You submitted this query. '}
            {!assignment.campaign.open
              ? 'The campaign is closed.'
              : editing
                ? 'Editing: each change is saved as an amendment and recorded. A criterion a reviewer has decided can no longer change.'
                : 'Your verdicts are shown read-only. Choose Edit to change them until the campaign closes; every change is recorded.'}
          </p>
          {assignment.campaign.open && editable ? (
            <div className="flex flex-wrap items-center gap-3">
              {editing ? (
                <Button variant="secondary" onClick={() => setEditing(false)}>
                  Done editing
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Edit my verdicts
                </Button>
              )}
              <ClaimButton campaignId={assignment.campaign.id} label="Next query" />
              <Link href="/audit" className="text-sm font-medium text-brand-700 hover:underline">
                Back to my audits
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section
          aria-labelledby="conversation-heading"
          className="lg:sticky lg:top-28 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto"
        >
          <h2 id="conversation-heading" className="mb-2 text-sm font-semibold text-slate-900">
            The query
          </h2>
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Conversation messages={assignment.query.conversation} language={assignment.query.language} />
          </div>
        </section>

        <div className="space-y-4">
          <h2 className="sr-only">Criteria</h2>
          {criteria.map((criterion, index) => (
            <CriterionCard
              key={criterion.id}
              ref={(handle) => {
                if (handle) cards.current.set(criterion.id, handle);
                else cards.current.delete(criterion.id);
              }}
              criterion={criterion}
              index={index}
              total={criteria.length}
              active={index === active}
              verdict={verdicts[criterion.id] ?? fromServer(undefined)}
              dimensions={assignment.campaign.dimensions}
              editable={canChange}
              onActivate={() => {
                if (index !== active) {
                  accrue(activeId);
                  setActive(index);
                }
              }}
              onChange={(changes) => change(criterion.id, changes)}
              onResolveConflict={(keep) => resolveConflict(criterion.id, keep)}
            />
          ))}

          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <MissingCriteria ref={missing} assignmentId={assignment.id} initial={assignment.proposals} editable={canChange} />
          </div>

          <fieldset className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" disabled={!canChange}>
            <legend className="sr-only">Completeness of the set</legend>
            <p className="text-sm font-semibold text-slate-900" id="rating-label">
              How complete is this set of criteria for the query?
            </p>
            <div
              className="flex flex-wrap gap-2"
              role="radiogroup"
              aria-labelledby="rating-label"
              aria-describedby={ratingError ? 'rating-error' : undefined}
            >
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className={radioPillClass(rating === value)}>
                  <input
                    type="radio"
                    name="comprehensiveness"
                    value={value}
                    checked={rating === value}
                    onChange={() => {
                      setRating(value);
                      setRatingError(undefined);
                      void saveRating(value, ratingComment);
                    }}
                  />
                  {value} · {COMPREHENSIVENESS_LABELS[value]}
                </label>
              ))}
            </div>
            <FieldErrors id="rating-error" errors={ratingError} />
            <div>
              <label htmlFor="rating-comment" className="mb-1 block text-xs font-medium text-slate-600">
                What is missing or superfluous (optional)
              </label>
              <textarea
                id="rating-comment"
                rows={2}
                className={inputClasses}
                value={ratingComment}
                onChange={(event) => setRatingComment(event.target.value)}
                onBlur={() => void saveRating(rating, ratingComment)}
              />
            </div>
            {!submitted && editable ? (
              <Button onClick={submit} disabled={submitting}>
                {submitting ? 'Submitting…' : 'Submit this query'}
              </Button>
            ) : null}
          </fieldset>
        </div>
      </div>
      <ShortcutSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}
