'use client';
// A clinician grading one response, keyboard-first like the audit screen (its patterns, not its file): the
// conversation and the response on the left, the query's criteria on the right, one active at a time. Each mark
// autosaves (debounced per criterion, lib/grading/save-grading-mark.ts) with its row version; a mark changed in
// another tab is shown beside theirs, never overwritten. Everything here comes from lib/grading/grader-view.ts.
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { ShortcutSheet } from '@/components/audit/shortcuts';
import { useAutosave } from '@/components/audit/use-autosave';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isTyping } from '@/components/ui/is-typing';
import { keyshortcut, shortcutKey, useShortcutMode } from '@/components/ui/shortcut-mode';
import { Notice } from '@/components/ui/page-header';
import { releaseGradingAction, saveGradingMarkAction, submitGradingAction } from '@/lib/grading/actions';
import type { GradingAssignmentView, OwnGradingMark } from '@/lib/grading/grader-view';

const GRADING_SHORTCUTS: [string, string][] = [
  ['j  or  ↓', 'Next criterion'],
  ['k  or  ↑', 'Previous criterion'],
  ['m', 'Met'],
  ['n', 'Not met'],
  ['1 … 9', 'Level (criteria with levels)'],
  ['x', 'Cannot judge'],
  ['c', 'Comment on the criterion'],
  ['Ctrl + Enter', 'Submit the response'],
  ['Esc', 'Leave a field and return to the criteria'],
  ['?', 'Show or hide this list'],
];

interface MarkState {
  met: boolean | null;
  level: string | null;
  cannotJudge: boolean;
  comment: string;
  rowVersion: number;
  save: 'saved' | 'dirty' | 'error';
  saveError: string | null;
  /** The stored mark when another tab changed it after this one loaded it. */
  conflict: OwnGradingMark | null;
}

const fromStored = (mark: OwnGradingMark | undefined): MarkState => ({
  met: mark?.met ?? null,
  level: mark?.level ?? null,
  cannotJudge: mark?.cannotJudge ?? false,
  comment: mark?.comment ?? '',
  rowVersion: mark?.rowVersion ?? 0,
  save: 'saved',
  saveError: null,
  conflict: null,
});

/** Marked: met or not met (with its level where the criterion has levels), or cannot judge. */
function isMarked(levels: number, mark: Pick<MarkState, 'met' | 'level' | 'cannotJudge'> | undefined): boolean {
  return !!mark && (mark.cannotJudge || (mark.met !== null && (levels === 0 || mark.level !== null)));
}

function describeMark(mark: { met: boolean | null; level: string | null; cannotJudge: boolean }): string {
  if (mark.cannotJudge) return 'cannot judge';
  const met = mark.met === null ? 'not marked' : mark.met ? 'met' : 'not met';
  return mark.level ? `${met} · ${mark.level}` : met;
}

export function GradingScreen({ assignment }: { assignment: GradingAssignmentView }) {
  const router = useRouter();
  const { criteria, editable } = assignment;
  const [marks, setMarks] = useState<Record<number, MarkState>>(() =>
    Object.fromEntries(
      criteria.map((criterion) => [criterion.id, fromStored(assignment.marks.find((m) => m.criterionId === criterion.id))]),
    ),
  );
  // The marks as of the last change, ahead of React's next render (a save queued behind the one in flight reads
  // the row version that one returned: see use-verdict-drafts.ts).
  const marksRef = useRef(marks);
  const [active, setActive] = useState(Math.min(assignment.cursor, Math.max(criteria.length - 1, 0)));
  const activeRef = useRef(active);
  activeRef.current = active;
  const [banner, setBanner] = useState<{ tone: 'error' | 'warning' | 'success'; text: string } | null>(null);
  const [submitted, setSubmitted] = useState(assignment.state === 'SUBMITTED');
  const [help, setHelp] = useState(false);
  const [shortcutMode, setShortcutMode] = useShortcutMode();
  const [announcement, setAnnouncement] = useState('');
  /** A key's hint beside its control, as the shortcut setting has it (none when shortcuts are off). */
  const hint = (key: string) => {
    const keys = keyshortcut(key, shortcutMode);
    return keys ? ` (${keys})` : '';
  };
  const [pending, startTransition] = useTransition();
  const cards = useRef(new Map<number, HTMLElement>());
  const canChange = editable && !submitted;

  const patch = useCallback((id: number, change: Partial<MarkState>) => {
    const all = marksRef.current;
    marksRef.current = { ...all, [id]: { ...(all[id] as MarkState), ...change } };
    setMarks(marksRef.current);
  }, []);

  const save = useCallback(
    async (id: number) => {
      const mark = marksRef.current[id];
      if (!mark || mark.conflict) return;
      const result = await saveGradingMarkAction({
        assignmentId: assignment.id,
        criterionId: id,
        rowVersion: mark.rowVersion,
        met: mark.met,
        level: mark.level,
        cannotJudge: mark.cannotJudge,
        comment: mark.comment || null,
        cursor: activeRef.current,
      }).catch(() => null);
      if (!result) {
        patch(id, { save: 'error', saveError: 'Not saved: the server could not be reached. Change the mark again to retry.' });
        return;
      }
      if (!result.ok) {
        patch(id, { save: 'error', saveError: result.error });
        return;
      }
      if (result.data.status === 'conflict') {
        patch(id, {
          save: 'error',
          saveError: null,
          conflict: result.data.current ?? { ...mark, criterionId: id, rowVersion: 0, comment: null },
        });
        return;
      }
      // Edits made while this save was in flight stay dirty (the autosave saves them next).
      const saved = result.data.mark;
      const now = marksRef.current[id] as MarkState;
      const same =
        now.met === saved.met &&
        now.level === saved.level &&
        now.cannotJudge === saved.cannotJudge &&
        (now.comment || null) === saved.comment;
      patch(id, { rowVersion: saved.rowVersion, save: same ? 'saved' : 'dirty', saveError: null });
    },
    [assignment.id, patch],
  );
  const { schedule, flush } = useAutosave<number>(save, 500);

  const edit = useCallback(
    (id: number, change: Partial<Pick<MarkState, 'met' | 'level' | 'cannotJudge' | 'comment'>>) => {
      if (!canChange) return;
      patch(id, { ...change, save: 'dirty' });
      schedule(id);
      if (!('met' in change || 'level' in change || 'cannotJudge' in change)) return;
      // A screen-reader user hears each mark and the count it leads to, as on the audit screen.
      const index = criteria.findIndex((criterion) => criterion.id === id);
      const next = { ...(marksRef.current[id] as MarkState), ...change };
      const count = criteria.filter((criterion) =>
        isMarked(criterion.levels.length, criterion.id === id ? next : marksRef.current[criterion.id]),
      ).length;
      setAnnouncement(`Criterion ${index + 1}: ${describeMark(next)}. ${count} of ${criteria.length} marked.`);
    },
    [canChange, criteria, patch, schedule],
  );

  const resolve = (id: number, keep: 'mine' | 'theirs') => {
    const conflict = marksRef.current[id]?.conflict;
    if (!conflict) return;
    if (keep === 'mine') {
      patch(id, { rowVersion: conflict.rowVersion, conflict: null, save: 'dirty' });
      schedule(id);
    } else patch(id, { ...fromStored(conflict) });
  };

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.min(Math.max(index, 0), criteria.length - 1);
      setActive(next);
      const id = criteria[next]?.id;
      if (id !== undefined) requestAnimationFrame(() => cards.current.get(id)?.focus());
    },
    [criteria],
  );

  const submit = useCallback(() => {
    if (!canChange) return;
    startTransition(async () => {
      setBanner(null);
      await flush();
      if (Object.values(marksRef.current).some((mark) => mark.conflict)) {
        setBanner({ tone: 'error', text: 'Some marks were changed in another tab. Choose which version to keep on those criteria first.' });
        return;
      }
      const result = await submitGradingAction({ assignmentId: assignment.id });
      if (result.ok) {
        setSubmitted(true);
        setBanner({ tone: 'success', text: result.message ?? 'Submitted. Thank you.' });
        router.refresh();
      } else setBanner({ tone: 'error', text: result.error });
    });
  }, [assignment.id, canChange, flush, router]);

  const release = () =>
    startTransition(async () => {
      await flush();
      const result = await releaseGradingAction({ assignmentId: assignment.id });
      if (result.ok) router.push('/audit');
      else setBanner({ tone: 'error', text: result.error });
    });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        submit();
        return;
      }
      if (isTyping(event.target)) {
        if (event.key === 'Escape') cards.current.get(criteria[activeRef.current]?.id ?? -1)?.focus();
        return;
      }
      // Single keys follow the user's setting: on, only with Alt, or off (WCAG 2.1.4).
      const key = shortcutKey(event, shortcutMode);
      if (key === null) return;
      const criterion = criteria[activeRef.current];
      if (!criterion) return;
      if (key === 'j' || key === 'ArrowDown') moveTo(activeRef.current + 1);
      else if (key === 'k' || key === 'ArrowUp') moveTo(activeRef.current - 1);
      else if (key === 'm') edit(criterion.id, { met: true, cannotJudge: false });
      else if (key === 'n') edit(criterion.id, { met: false, cannotJudge: false });
      else if (key === 'x') edit(criterion.id, { cannotJudge: !marksRef.current[criterion.id]?.cannotJudge });
      else if (/^[1-9]$/.test(key) && criterion.levels[Number(key) - 1])
        edit(criterion.id, { level: criterion.levels[Number(key) - 1]?.label ?? null, cannotJudge: false });
      else if (key === 'c') document.getElementById(`comment-${criterion.id}`)?.focus();
      else if (key === '?') setHelp((open) => !open);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [criteria, edit, moveTo, shortcutMode, submit]);

  const marked = criteria.filter((c) => isMarked(c.levels.length, marks[c.id])).length;

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold text-slate-900">{assignment.campaign.name}</h1>
          <p className="text-sm text-slate-600">
            Grade the response against each criterion.{' '}
            <span data-testid="marked-count">
              {marked} of {criteria.length} marked
            </span>{' '}
            (met or not met, with a level where the criterion has levels; or cannot judge) ·{' '}
            <button type="button" className="text-brand-700 underline" onClick={() => setHelp(true)}>
              keyboard shortcuts{hint('?')}
            </button>
          </p>
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="mark-announcement">
            {announcement}
          </p>
          {assignment.campaign.instructions ? (
            <p className="mt-1 max-w-3xl whitespace-pre-wrap text-sm text-slate-600">
              <span className="font-medium text-slate-700">Instructions: </span>
              {assignment.campaign.instructions}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          {canChange ? (
            <>
              <Button variant="secondary" onClick={release} disabled={pending}>
                Give it back
              </Button>
              <Button onClick={submit} disabled={pending}>
                {pending ? 'Submitting…' : 'Submit (Ctrl+Enter)'}
              </Button>
            </>
          ) : (
            <Badge tone={submitted ? 'green' : 'slate'}>{submitted ? 'Submitted' : 'Read only'}</Badge>
          )}
        </div>
      </header>
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}
      {!editable && !submitted ? (
        <Notice tone="warning">This response is no longer reserved for you. Your marks are kept: take it again from “My audits”.</Notice>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Conversation and response" className="space-y-3">
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">Conversation</h2>
            <ol className="space-y-2">
              {assignment.query.conversation.map((message, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id and never reorder
                <li key={index} className="text-sm">
                  <span className="font-medium capitalize text-slate-700">{message.role}: </span>
                  <span className="whitespace-pre-wrap text-slate-800">{message.content}</span>
                </li>
              ))}
            </ol>
          </div>
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">Response to grade</h2>
            <p className="whitespace-pre-wrap text-sm text-slate-800" data-testid="graded-response">
              {assignment.response.content}
            </p>
          </div>
        </section>
        <section aria-label="Criteria" className="space-y-2">
          {criteria.map((criterion, index) => {
            const mark = marks[criterion.id] as MarkState;
            const isActive = index === active;
            return (
              <article
                key={criterion.id}
                ref={(element) => {
                  if (element) cards.current.set(criterion.id, element);
                  else cards.current.delete(criterion.id);
                }}
                tabIndex={-1}
                aria-label={`Criterion ${index + 1}: ${criterion.title}`}
                aria-current={isActive ? 'true' : undefined}
                onFocus={() => setActive(index)}
                className={`rounded-lg bg-white p-3 shadow-sm ring-1 focus:outline-none ${isActive ? 'ring-2 ring-brand-500' : 'ring-slate-200'}`}
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">
                    {index + 1}. {criterion.title}
                  </h3>
                  <span className="shrink-0 text-xs text-slate-500">
                    {criterion.tier.toLowerCase()} · {criterion.points} pts
                  </span>
                </div>
                {criterion.description ? <p className="mt-1 text-sm text-slate-700">{criterion.description}</p> : null}
                <fieldset className="mt-2 flex flex-wrap items-center gap-2" disabled={!canChange}>
                  <legend className="sr-only">Mark for criterion {index + 1}</legend>
                  {([true, false] as const).map((value) => (
                    <label key={String(value)} className="inline-flex items-center gap-1 text-sm">
                      <input
                        type="radio"
                        name={`met-${criterion.id}`}
                        checked={!mark.cannotJudge && mark.met === value}
                        onChange={() => edit(criterion.id, { met: value, cannotJudge: false })}
                      />
                      {value ? `Met${hint('m')}` : `Not met${hint('n')}`}
                    </label>
                  ))}
                  <label className="inline-flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      checked={mark.cannotJudge}
                      onChange={(event) => edit(criterion.id, { cannotJudge: event.target.checked })}
                    />
                    Cannot judge{hint('x')}
                  </label>
                </fieldset>
                {criterion.levels.length > 0 ? (
                  <fieldset className="mt-2 flex flex-wrap gap-2" disabled={!canChange || mark.cannotJudge}>
                    <legend className="mb-1 text-xs text-slate-500">Level</legend>
                    {criterion.levels.map((level, levelIndex) => (
                      <label key={level.label} title={level.description} className="inline-flex items-center gap-1 text-sm">
                        <input
                          type="radio"
                          name={`level-${criterion.id}`}
                          checked={mark.level === level.label}
                          onChange={() => edit(criterion.id, { level: level.label })}
                        />
                        {level.label}
                        {hint(String(levelIndex + 1))}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                <label htmlFor={`comment-${criterion.id}`} className="mt-2 block text-xs text-slate-500">
                  Comment (optional){hint('c')}
                </label>
                <textarea
                  id={`comment-${criterion.id}`}
                  value={mark.comment}
                  disabled={!canChange}
                  rows={isActive ? 2 : 1}
                  onChange={(event) => edit(criterion.id, { comment: event.target.value })}
                  className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                />
                <p className="mt-1 text-xs text-slate-500" data-testid={`save-state-${criterion.id}`}>
                  {mark.save === 'dirty'
                    ? 'Saving…'
                    : mark.save === 'error'
                      ? (mark.saveError ?? 'Not saved')
                      : mark.rowVersion > 0
                        ? 'Saved'
                        : ''}
                </p>
                {mark.conflict ? (
                  <div role="alert" className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
                    This mark was changed in another tab: there it is “{describeMark(mark.conflict)}”, here “{describeMark(mark)}”. Nothing
                    was overwritten.
                    <span className="mt-1 flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => resolve(criterion.id, 'mine')}>
                        Keep mine
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => resolve(criterion.id, 'theirs')}>
                        Take the other
                      </Button>
                    </span>
                  </div>
                ) : null}
              </article>
            );
          })}
        </section>
      </div>
      <ShortcutSheet
        open={help}
        onClose={() => setHelp(false)}
        shortcuts={GRADING_SHORTCUTS}
        mode={shortcutMode}
        onModeChange={setShortcutMode}
      />
    </div>
  );
}
