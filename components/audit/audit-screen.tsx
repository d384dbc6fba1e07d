'use client';
// The expert's audit screen for one query: the conversation, then its criteria in this expert's recorded
// order. Keyboard-first (use-audit-shortcuts.ts), drafts autosave per criterion with optimistic concurrency
// (use-verdict-drafts.ts: another tab's change is shown, never overwritten silently), time on each criterion
// is measured while it is the active one and the page is visible (use-time-on-task.ts), and the position is
// remembered (use-assignment-draft.ts) so the expert resumes exactly where they left off. A submitted query is
// read-only until the expert chooses Edit (a stray key press never amends), and the last change can be undone.
// Submitting reports every problem at once, each at its control. For screen readers a polite live region says
// each decision and how many are decided; the sticky header never covers what the browser scrolls to.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { type AuditProgress, AuditProgressBars } from '@/components/audit/audit-progress';
import { CompletenessRating } from '@/components/audit/completeness-rating';
import { type CardHandle, CriterionCard } from '@/components/audit/criterion-card';
import { MissingCriteria, type MissingCriteriaHandle } from '@/components/audit/missing-criteria';
import { ShortcutSheet } from '@/components/audit/shortcuts';
import { SubmittedPanel } from '@/components/audit/submitted-panel';
import { useAssignmentDraft } from '@/components/audit/use-assignment-draft';
import { useAuditShortcuts } from '@/components/audit/use-audit-shortcuts';
import { useTimeOnTask } from '@/components/audit/use-time-on-task';
import { useVerdictDrafts } from '@/components/audit/use-verdict-drafts';
import { type VerdictState, verdictFromServer } from '@/components/audit/verdict-state';
import { DECISION_LABELS } from '@/components/audit/labels';
import { Conversation } from '@/components/criteria/conversation';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { KeyHint } from '@/components/ui/key-hint';
import { Button, kbdOnFillClasses } from '@/components/ui/button';
import { formatTime } from '@/components/ui/format';
import { keyshortcut, useShortcutMode } from '@/components/ui/shortcut-mode';
import { useStickyHeader } from '@/components/ui/use-sticky-header';
import { Notice } from '@/components/ui/page-header';
import { releaseAssignmentAction, submitAssignmentAction } from '@/lib/audit/actions';
import type { ExpertAssignment } from '@/lib/audit/expert-view';

export function AuditScreen({ assignment, progress: initialProgress }: { assignment: ExpertAssignment; progress: AuditProgress | null }) {
  const router = useRouter();
  // Submitting returns the new progress: the screen updates it instead of reloading the whole page.
  const [progress, setProgress] = useState(initialProgress);
  const criteria = assignment.criteria;
  const [active, setActive] = useState(() => Math.min(Math.max(assignment.cursor, 0), Math.max(criteria.length - 1, 0)));
  const [state, setState] = useState(assignment.state);
  const [ratingError, setRatingError] = useState<string[] | undefined>();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [banner, setBanner] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [justSubmitted, setJustSubmitted] = useState(false);
  const [submitting, startSubmit] = useTransition();
  const [editable, setEditable] = useState(assignment.editable);
  // A submitted query changes only after an explicit Edit.
  const [editing, setEditing] = useState(assignment.state !== 'SUBMITTED');
  const canChange = editable && editing;
  const cards = useRef(new Map<number, CardHandle>());
  const missing = useRef<MissingCriteriaHandle>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useStickyHeader(headerRef);
  const [shortcutMode, setShortcutMode] = useShortcutMode();
  const [announcement, setAnnouncement] = useState('');

  const { accrue, takeSeconds } = useTimeOnTask(criteria[active]?.id);
  const onReservationLost = useCallback((text: string) => {
    setEditable(false);
    setBanner({ tone: 'warning', text });
  }, []);
  const drafts = useVerdictDrafts({ assignment, takeSeconds, onReservationLost });
  const { verdicts, verdictsRef, change: changeDraft, lastChange, undoLast, resolveConflict, flush, markSubmitted, showErrors } = drafts;
  // Every change of a decision (key or click) is announced with the count it leads to.
  const change = useCallback(
    (id: number, changes: Partial<VerdictState>) => {
      changeDraft(id, changes);
      if (!('decision' in changes)) return;
      const index = criteria.findIndex((criterion) => criterion.id === id);
      const count = criteria.filter((criterion) =>
        criterion.id === id ? changes.decision : verdictsRef.current[criterion.id]?.decision,
      ).length;
      const decision = changes.decision ? DECISION_LABELS[changes.decision].label : 'No decision';
      setAnnouncement(`Criterion ${index + 1}: ${decision}. ${count} of ${criteria.length} decided.`);
    },
    [changeDraft, criteria, verdictsRef],
  );
  const draft = useAssignmentDraft({ assignment, editable, onProblem: setBanner });
  const { rowVersion, rating, ratingComment, saveCursor, saveRating, settled } = draft;

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.min(Math.max(index, 0), criteria.length - 1);
      accrue();
      setActive(next);
      const id = criteria[next]?.id;
      if (id !== undefined) requestAnimationFrame(() => cards.current.get(id)?.focusCard());
      saveCursor(next);
    },
    [accrue, criteria, saveCursor],
  );
  // Focus the criterion the expert resumes at, once; later moves focus explicitly.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only
  useEffect(() => {
    const id = criteria[active]?.id;
    if (id !== undefined) cards.current.get(id)?.focusCard();
  }, []);

  // Focus goes to the confirmation once it is rendered (the submit buttons it replaces held focus).
  useEffect(() => {
    if (justSubmitted) successRef.current?.focus();
  }, [justSubmitted]);

  const submit = useCallback(() => {
    if (!canChange || state === 'SUBMITTED') return;
    startSubmit(async () => {
      setBanner(null);
      await flush();
      await settled();
      if (Object.values(verdictsRef.current).some((verdict) => verdict.conflict)) {
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
        setJustSubmitted(true);
        // Submitting bumps every verdict's version on the server; follow it so amendments are not stale.
        markSubmitted(result.data.versions);
        if (result.data.progress) setProgress(result.data.progress);
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setRatingError(fieldErrors.comprehensiveness);
      showErrors(fieldErrors);
      setBanner({ tone: 'error', text: result.error });
      const first = criteria.findIndex((criterion) => fieldErrors[`criterion.${criterion.id}`]);
      if (first >= 0) moveTo(first);
      else if (fieldErrors.comprehensiveness) document.querySelector<HTMLInputElement>('input[name="comprehensiveness"]')?.focus();
    });
  }, [
    assignment.id,
    canChange,
    criteria,
    flush,
    markSubmitted,
    moveTo,
    rating,
    ratingComment,
    rowVersion,
    settled,
    showErrors,
    state,
    verdictsRef,
  ]);

  const release = () =>
    startSubmit(async () => {
      await flush();
      const result = await releaseAssignmentAction({ assignmentId: assignment.id });
      if (result.ok) router.push('/audit');
      else setBanner({ tone: 'error', text: result.error });
    });

  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  useAuditShortcuts({
    criteria,
    active,
    canChange,
    shortcutsOpen,
    openShortcuts,
    moveTo,
    submit,
    change,
    verdicts: verdictsRef,
    canUndo: lastChange !== null,
    undoLast,
    cards,
    missing,
    mode: shortcutMode,
  });

  // The conversation does not change while the expert works: the same element, so React skips it on every decision.
  const conversation = useMemo(
    () => <Conversation messages={assignment.query.conversation} language={assignment.query.language} />,
    [assignment.query.conversation, assignment.query.language],
  );
  const decided = useMemo(() => criteria.filter((criterion) => verdicts[criterion.id]?.decision).length, [criteria, verdicts]);
  const submitted = state === 'SUBMITTED';

  return (
    <div className="space-y-4">
      <header
        ref={headerRef}
        className="sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold text-slate-900">{assignment.campaign.name}</h1>
            <p className="text-xs text-slate-500">
              Query {assignment.query.externalId} · {CATEGORY_LABELS[assignment.query.category]}
              {assignment.query.department ? ` · ${assignment.query.department}` : ''} ·{' '}
              <span data-testid="decided-count">
                {decided} of {criteria.length} decided
              </span>
              {!submitted && editable ? ` · reserved for you until ${formatTime(assignment.expiresAt)} (extended while you work)` : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => setShortcutsOpen(true)} aria-keyshortcuts={keyshortcut('?', shortcutMode)}>
              <KeyHint keys="?" /> Shortcuts
            </Button>
            {!submitted && editable ? (
              <Button variant="secondary" size="sm" onClick={release} disabled={submitting}>
                Give back
              </Button>
            ) : null}
            {!submitted && editable ? (
              <Button size="sm" onClick={submit} disabled={submitting} aria-keyshortcuts="Control+Enter">
                {submitting ? 'Submitting…' : 'Submit'} <KeyHint keys="Ctrl+Enter" className={kbdOnFillClasses} />
              </Button>
            ) : null}
          </div>
        </div>
        {progress ? <AuditProgressBars progress={progress} /> : null}
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="decision-announcement">
          {announcement}
        </p>
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
          <Button variant="ghost" size="sm" onClick={undoLast} aria-keyshortcuts={keyshortcut('u', shortcutMode)}>
            Undo <KeyHint keys={keyshortcut('u', shortcutMode)} />
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
        <SubmittedPanel
          ref={successRef}
          campaign={assignment.campaign}
          justSubmitted={justSubmitted}
          editable={editable}
          editing={editing}
          onEditing={setEditing}
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section
          aria-labelledby="conversation-heading"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on wide screens the query scrolls on its own, by keyboard too
          tabIndex={0}
          className="lg:sticky lg:top-28 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto"
        >
          <h2 id="conversation-heading" className="mb-2 text-sm font-semibold text-slate-900">
            The query
          </h2>
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">{conversation}</div>
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
              verdict={verdicts[criterion.id] ?? verdictFromServer(undefined)}
              dimensions={assignment.campaign.dimensions}
              editable={canChange}
              onActivate={() => {
                if (index !== active) {
                  accrue();
                  setActive(index);
                }
              }}
              onChange={(changes) => change(criterion.id, changes)}
              onResolveConflict={(keep) => resolveConflict(criterion.id, keep)}
              shortcutMode={shortcutMode}
            />
          ))}

          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <MissingCriteria
              ref={missing}
              assignmentId={assignment.id}
              initial={assignment.proposals}
              editable={canChange}
              shortcutMode={shortcutMode}
            />
          </div>

          <CompletenessRating
            rating={rating}
            comment={ratingComment}
            errors={ratingError}
            disabled={!canChange}
            onRate={(value) => {
              draft.setRating(value);
              setRatingError(undefined);
              void saveRating(value, ratingComment);
            }}
            onCommentChange={draft.setRatingComment}
            onCommentDone={() => void saveRating(rating, ratingComment)}
          >
            {!submitted && editable ? (
              <Button onClick={submit} disabled={submitting}>
                {submitting ? 'Submitting…' : 'Submit this query'}
              </Button>
            ) : null}
          </CompletenessRating>
        </div>
      </div>
      <ShortcutSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} mode={shortcutMode} onModeChange={setShortcutMode} />
    </div>
  );
}
