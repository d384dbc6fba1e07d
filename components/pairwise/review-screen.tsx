'use client';
// A reviewer's screen for one pair: the query, responses A and B side by side (in this reviewer's recorded
// order; no sources), then two steps. First the blind preference (1–5) and optional key differences; saving
// it is what makes the server send the judge's verdict (lib/pairwise/review-view.ts), and it cannot change
// afterwards. Then the judge's adaptive criteria with their choices and evidence: a mark on each (1 agree,
// 2 disagree, 3 not relevant; the mark stays on the criterion, j/k move, as on the audit screen), saved as a
// draft as it is made so it survives a failed submit or giving the pair back; the overall verdict right or
// wrong (y/n) with a comment (c), and Ctrl+Enter to submit. "?" lists the keys.
import type { Category } from '@/lib/vocabulary/enums';
import { formatTime } from '@/components/ui/format';
import { radioPillClass } from '@/components/ui/choice-cards';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { ShortcutSheet } from '@/components/audit/shortcuts';
import { Conversation } from '@/components/criteria/conversation';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { ClaimPairButton } from '@/components/pairwise/claim-pair-button';
import {
  KEY_DIFFERENCE_LABELS,
  MARK_OPTIONS,
  PREFERENCE_OPTIONS,
  judgeScoreLabel,
  preferenceLabel,
  WEIGHT_CLASS_LABELS,
} from '@/components/pairwise/labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldErrors, inputClasses } from '@/components/ui/field';
import { isTyping } from '@/components/ui/is-typing';
import { Notice } from '@/components/ui/page-header';
import { giveBackPairAction, saveDraftMarkAction, savePreferenceAction, submitReviewAction } from '@/lib/pairwise/actions';
import type { ReviewView } from '@/lib/pairwise/review-view';
import { KEY_DIFFERENCES, type KeyDifference, type ReviewerMarkValue } from '@/lib/pairwise/schemas';

const PAIRWISE_SHORTCUTS: [string, string][] = [
  ['1 · 2 · 3 · 4 · 5', 'Before the reveal: A much better · A better · Tie · B better · B much better'],
  ['d', 'Mark key differences'],
  ['Ctrl + Enter', 'Save the preference (shows the judge) · then submit the review'],
  ['j  or  ↓', 'Next criterion of the judge'],
  ['k  or  ↑', 'Previous criterion'],
  ['1 · 2 · 3', 'After the reveal: Agree · Disagree · Not relevant (the mark stays on this criterion; j moves on)'],
  ['y · n', 'The judge’s overall verdict is right · wrong'],
  ['c', 'Comment'],
  ['Esc', 'Leave a field'],
  ['?', 'Show or hide this list'],
];

function choiceText(choice: string): string {
  return choice === 'TIE' ? 'Tie' : `${choice} better`;
}

/** Seconds of visible time since the last call (capped), for the time spent on the pair. */
function useVisibleSeconds() {
  const since = useRef(Date.now());
  const pending = useRef(0);
  useEffect(() => {
    const onVisibility = () => {
      const now = Date.now();
      if (document.visibilityState === 'hidden') pending.current += now - since.current;
      since.current = now;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  return useCallback(() => {
    const now = Date.now();
    const ms = pending.current + (document.visibilityState === 'visible' ? now - since.current : 0);
    since.current = now;
    pending.current = 0;
    return Math.min(3600, Math.floor(ms / 1000));
  }, []);
}

export function ReviewScreen({ review }: { review: ReviewView }) {
  const router = useRouter();
  const takeSeconds = useVisibleSeconds();
  const rowVersion = useRef(review.rowVersion);
  const [preference, setPreference] = useState<number | null>(review.preference);
  const [aspects, setAspects] = useState<KeyDifference[]>(review.keyDifferences.aspects);
  const [note, setNote] = useState(review.keyDifferences.note ?? '');
  const [marks, setMarks] = useState<Record<number, ReviewerMarkValue>>(() =>
    Object.fromEntries(review.marks.map((mark) => [mark.criterionId, mark.mark])),
  );
  const [verdictCorrect, setVerdictCorrect] = useState<boolean | null>(review.verdictCorrect);
  const [comment, setComment] = useState(review.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [banner, setBanner] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [active, setActive] = useState(0);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const criterionRefs = useRef(new Map<number, HTMLElement>());
  const judge = review.judge;
  const criteria = judge?.criteria ?? [];
  const submitted = review.state === 'SUBMITTED';
  const revealed = judge !== null;
  const editable = review.editable && !submitted;

  const focusCriterion = useCallback(
    (index: number) => {
      const next = Math.min(Math.max(index, 0), Math.max(criteria.length - 1, 0));
      setActive(next);
      const id = criteria[next]?.id;
      if (id !== undefined) requestAnimationFrame(() => criterionRefs.current.get(id)?.focus());
    },
    [criteria],
  );

  const savePreference = useCallback(() => {
    if (!editable || revealed) return;
    if (preference === null) {
      setErrors({ preference: ['Choose which response is better first (keys 1–5).'] });
      return;
    }
    startTransition(async () => {
      setBanner(null);
      const result = await savePreferenceAction({
        judgmentId: review.id,
        rowVersion: rowVersion.current,
        preference,
        keyDifferences: { aspects, note: note.trim() || null },
        secondsDelta: takeSeconds(),
      });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setBanner({ tone: 'error', text: result.error });
        return;
      }
      rowVersion.current = result.data.rowVersion;
      setErrors({});
      // The judge's verdict is only sent now, with the page's next server render.
      router.refresh();
    });
  }, [aspects, editable, note, preference, review.id, revealed, router, takeSeconds]);

  const submit = useCallback(() => {
    if (!editable || !revealed) return;
    const missing = criteria.filter((criterion) => !marks[criterion.id]);
    const local: Record<string, string[]> = {};
    for (const criterion of missing) local[`criterion.${criterion.id}`] = ['Mark this criterion: agree, disagree or not relevant'];
    if (verdictCorrect === null) local.verdictCorrect = ['Say whether the judge’s overall verdict is right'];
    if (verdictCorrect === false && !comment.trim()) local.comment = ['Say why the judge’s verdict is wrong'];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setBanner({ tone: 'error', text: 'Please complete the highlighted fields.' });
      const first = criteria.findIndex((criterion) => local[`criterion.${criterion.id}`]);
      if (first >= 0) focusCriterion(first);
      return;
    }
    startTransition(async () => {
      setBanner(null);
      const result = await submitReviewAction({
        judgmentId: review.id,
        rowVersion: rowVersion.current,
        marks: criteria.map((criterion) => ({ criterionId: criterion.id, mark: marks[criterion.id] ?? 'AGREE' })),
        verdictCorrect: verdictCorrect ?? true,
        comment: comment.trim() || null,
        secondsDelta: takeSeconds(),
      });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setBanner({ tone: 'error', text: result.error });
        return;
      }
      setErrors({});
      router.refresh();
    });
  }, [comment, criteria, editable, focusCriterion, marks, review.id, revealed, router, takeSeconds, verdictCorrect]);

  const giveBack = () =>
    startTransition(async () => {
      const result = await giveBackPairAction({ judgmentId: review.id });
      if (result.ok) router.push('/pairwise');
      else setBanner({ tone: 'error', text: result.error });
    });

  const mark = useCallback(
    (id: number, value: ReviewerMarkValue) => {
      setMarks((current) => ({ ...current, [id]: value }));
      setErrors((current) => {
        const { [`criterion.${id}`]: _gone, ...rest } = current;
        return rest;
      });
      // Kept on the server at once: a failed submit, a reload or giving the pair back loses no mark.
      void saveDraftMarkAction({ judgmentId: review.id, criterionId: id, mark: value }).then((result) => {
        if (!result.ok) setBanner({ tone: 'error', text: `Your mark was not saved: ${result.error}` });
      });
    },
    [review.id],
  );

  // ── keyboard ──
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (revealed) submit();
        else savePreference();
        return;
      }
      if (shortcutsOpen) return;
      if (event.key === 'Escape' && isTyping(event.target)) {
        (event.target as HTMLElement).blur();
        return;
      }
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === '?') {
        event.preventDefault();
        setShortcutsOpen(true);
        return;
      }
      if (!editable) return;
      if (!revealed) {
        const index = ['1', '2', '3', '4', '5'].indexOf(event.key);
        if (index >= 0) {
          event.preventDefault();
          setPreference(PREFERENCE_OPTIONS[index]?.[0] ?? null);
          setErrors({});
        } else if (event.key === 'd') {
          event.preventDefault();
          document.querySelector<HTMLInputElement>('input[name="keyDifferences"]')?.focus();
        }
        return;
      }
      const id = criteria[active]?.id;
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          event.preventDefault();
          focusCriterion(active + 1);
          return;
        case 'k':
        case 'ArrowUp':
          event.preventDefault();
          focusCriterion(active - 1);
          return;
        case '1':
        case '2':
        case '3': {
          const value = MARK_OPTIONS[Number(event.key) - 1]?.[0];
          if (id === undefined || !value) return;
          event.preventDefault();
          mark(id, value);
          return;
        }
        case 'y':
        case 'n':
          event.preventDefault();
          setVerdictCorrect(event.key === 'y');
          if (event.key === 'n') requestAnimationFrame(() => document.getElementById('review-comment')?.focus());
          return;
        case 'c':
          event.preventDefault();
          document.getElementById('review-comment')?.focus();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, criteria, editable, focusCriterion, mark, revealed, savePreference, shortcutsOpen, submit]);

  // Right after the reveal, bring the judge's first criterion into view and focus, ready for 1/2/3.
  const wasRevealed = useRef(revealed);
  useEffect(() => {
    if (revealed && !wasRevealed.current && editable) focusCriterion(0);
    wasRevealed.current = revealed;
  }, [editable, focusCriterion, revealed]);

  const marked = criteria.filter((criterion) => marks[criterion.id]).length;

  return (
    <div className="space-y-4">
      <header className="sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold text-slate-900">Pairwise review · run {review.runId}</h1>
            <p className="text-xs text-slate-500">
              Query {review.query.externalId} · {CATEGORY_LABELS[review.query.category as Category] ?? review.query.category}
              {review.query.department ? ` · ${review.query.department}` : ''} ·{' '}
              <span data-testid="review-step">
                {submitted
                  ? 'Submitted'
                  : revealed
                    ? `Step 2 of 2: audit the judge (${marked} of ${criteria.length} criteria marked)`
                    : 'Step 1 of 2: your preference, blind'}
              </span>
              {editable ? ` · reserved for you until ${formatTime(review.expiresAt)}` : ''}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => setShortcutsOpen(true)} aria-keyshortcuts="?">
              <kbd>?</kbd> Shortcuts
            </Button>
            {editable ? (
              <Button variant="secondary" size="sm" onClick={giveBack} disabled={pending}>
                Give back
              </Button>
            ) : null}
          </div>
        </div>
      </header>

      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}
      {!editable && !submitted ? (
        <Notice tone="warning">
          This pair is no longer reserved for you (the reservation expired or you gave it back). Take the next pair from{' '}
          <Link href="/pairwise" className="font-medium underline">
            the queue
          </Link>
          .
        </Notice>
      ) : null}
      {submitted ? (
        <div className="space-y-3 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="submitted-panel">
          <p className="text-sm text-emerald-900" role="status">
            You submitted your review of this pair. Thank you!
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <ClaimPairButton runId={review.runId} label="Next pair" />
            <Link href="/pairwise" className="text-sm font-medium text-brand-700 hover:underline">
              Back to the queue
            </Link>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="query-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="query-heading" className="mb-2 text-sm font-semibold text-slate-900">
          The query
        </h2>
        <Conversation messages={review.query.conversation} language={review.query.language} />
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        {review.responses.map((response) => (
          <section
            key={response.label}
            aria-labelledby={`response-${response.label}`}
            className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={`response-${response.label}`} className="mb-2 text-sm font-semibold text-slate-900">
              Response {response.label}
            </h2>
            <div
              className="max-h-[28rem] overflow-y-auto text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900"
              lang={review.query.language}
              data-testid={`response-${response.label}`}
            >
              {response.content}
            </div>
          </section>
        ))}
      </div>

      <fieldset
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        disabled={!editable || revealed}
        aria-describedby={errors.preference ? 'preference-error' : undefined}
      >
        <legend className="sr-only">Your preference</legend>
        <p className="text-sm font-semibold text-slate-900" id="preference-label">
          Which response is better? {revealed ? <span className="font-normal text-slate-500">(saved; it cannot change now)</span> : null}
        </p>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-labelledby="preference-label">
          {PREFERENCE_OPTIONS.map(([value, label], index) => (
            <label key={value} className={radioPillClass(preference === value)}>
              <input
                type="radio"
                name="preference"
                value={value}
                checked={preference === value}
                onChange={() => {
                  setPreference(value);
                  setErrors({});
                }}
              />
              {label} <kbd>{index + 1}</kbd>
            </label>
          ))}
        </div>
        <FieldErrors id="preference-error" errors={errors.preference} />
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-600">Key differences (optional)</legend>
          <div className="flex flex-wrap gap-2">
            {KEY_DIFFERENCES.map((aspect) => (
              <label key={aspect} className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm ring-1 ring-slate-200">
                <input
                  type="checkbox"
                  name="keyDifferences"
                  value={aspect}
                  checked={aspects.includes(aspect)}
                  onChange={(event) =>
                    setAspects((current) =>
                      event.target.checked ? [...current, aspect] : current.filter((candidate) => candidate !== aspect),
                    )
                  }
                />
                {KEY_DIFFERENCE_LABELS[aspect]}
              </label>
            ))}
          </div>
          <label htmlFor="difference-note" className="mt-2 mb-1 block text-xs font-medium text-slate-600">
            What differs (optional)
          </label>
          <textarea id="difference-note" rows={2} className={inputClasses} value={note} onChange={(event) => setNote(event.target.value)} />
        </fieldset>
        {!revealed && editable ? (
          <Button onClick={savePreference} disabled={pending} aria-keyshortcuts="Control+Enter">
            {pending ? 'Saving…' : 'Save my preference and show the judge'}{' '}
            <kbd className="border-white/40 bg-white/20 text-white">Ctrl+Enter</kbd>
          </Button>
        ) : null}
        {!revealed ? (
          <p className="text-xs text-slate-500">
            The judge’s verdict is shown only after your own preference is saved, and it cannot change then.
          </p>
        ) : null}
      </fieldset>

      {judge ? (
        <section aria-labelledby="judge-heading" className="space-y-3">
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 id="judge-heading" className="text-sm font-semibold text-slate-900">
              The judge’s verdict
            </h2>
            <p className="mt-1 text-sm text-slate-700" data-testid="judge-verdict">
              {judge.winner === null ? 'No verdict' : judge.score === null ? choiceText(judge.winner) : judgeScoreLabel(judge.score)}
              {judge.score !== null && judge.score !== 0
                ? ` (weighted score ${Math.abs(judge.score).toFixed(2)} of 2 towards ${judge.score > 0 ? 'A' : 'B'})`
                : ''}
              {judge.vetoed ? (
                <>
                  {' '}
                  <Badge tone="red">Decided by a hard flaw</Badge>
                </>
              ) : null}
            </p>
            <p className="mt-1 text-xs text-slate-500">Your preference: {preferenceLabel(preference)}</p>
          </div>
          <ol className="space-y-3">
            {criteria.map((criterion, index) => {
              const error = errors[`criterion.${criterion.id}`];
              return (
                <li
                  key={criterion.id}
                  ref={(element) => {
                    if (element) criterionRefs.current.set(criterion.id, element);
                    else criterionRefs.current.delete(criterion.id);
                  }}
                  tabIndex={-1}
                  onFocus={() => setActive(index)}
                  aria-label={`Criterion ${index + 1} of ${criteria.length}: ${criterion.title}`}
                  className={`rounded-lg bg-white p-4 shadow-sm ring-1 outline-none ${
                    index === active && revealed && editable ? 'ring-2 ring-brand-500' : error ? 'ring-red-400' : 'ring-slate-200'
                  }`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="text-sm font-semibold text-slate-900">
                      {index + 1}. {criterion.title}
                    </h3>
                    <div className="flex flex-wrap gap-1">
                      <Badge>{WEIGHT_CLASS_LABELS[criterion.weightClass] ?? criterion.weightClass}</Badge>
                      {criterion.hardFlaw ? <Badge tone="red">Hard flaw</Badge> : null}
                      <Badge tone="blue">Judge: {judgeScoreLabel(criterion.score)}</Badge>
                    </div>
                  </div>
                  {criterion.description ? <p className="mt-1 text-sm text-slate-600">{criterion.description}</p> : null}
                  {criterion.evidence ? (
                    <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm whitespace-pre-wrap text-slate-700">
                      {criterion.evidence}
                    </blockquote>
                  ) : null}
                  <div
                    className="mt-3 flex flex-wrap gap-2"
                    role="radiogroup"
                    aria-label={`Your mark on ${criterion.title}`}
                    aria-describedby={error ? `criterion-${criterion.id}-error` : undefined}
                  >
                    {MARK_OPTIONS.map(([value, label], keyIndex) => (
                      <label key={value} className={radioPillClass(marks[criterion.id] === value, true)}>
                        <input
                          type="radio"
                          name={`mark-${criterion.id}`}
                          value={value}
                          disabled={!editable}
                          checked={marks[criterion.id] === value}
                          onChange={() => mark(criterion.id, value)}
                        />
                        {label} <kbd>{keyIndex + 1}</kbd>
                      </label>
                    ))}
                  </div>
                  <FieldErrors id={`criterion-${criterion.id}-error`} errors={error} />
                </li>
              );
            })}
          </ol>
          <fieldset className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" disabled={!editable}>
            <legend className="sr-only">The judge’s overall verdict</legend>
            <p className="text-sm font-semibold text-slate-900" id="verdict-label">
              Is the judge’s overall verdict right?
            </p>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-labelledby="verdict-label">
              {(
                [
                  [true, 'Right', 'y'],
                  [false, 'Wrong', 'n'],
                ] as const
              ).map(([value, label, key]) => (
                <label key={label} className={radioPillClass(verdictCorrect === value)}>
                  <input
                    type="radio"
                    name="verdictCorrect"
                    checked={verdictCorrect === value}
                    onChange={() => {
                      setVerdictCorrect(value);
                      setErrors(({ verdictCorrect: _gone, ...rest }) => rest);
                    }}
                  />
                  {label} <kbd>{key}</kbd>
                </label>
              ))}
            </div>
            <FieldErrors id="verdict-error" errors={errors.verdictCorrect} />
            <div>
              <label htmlFor="review-comment" className="mb-1 block text-xs font-medium text-slate-600">
                Comment {verdictCorrect === false ? '(required: why is the verdict wrong?)' : '(optional)'}
              </label>
              <textarea
                id="review-comment"
                rows={3}
                className={inputClasses}
                value={comment}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? 'comment-error' : undefined}
                onChange={(event) => setComment(event.target.value)}
              />
              <FieldErrors id="comment-error" errors={errors.comment} />
            </div>
            {editable ? (
              <Button onClick={submit} disabled={pending} aria-keyshortcuts="Control+Enter">
                {pending ? 'Submitting…' : 'Submit the review'} <kbd className="border-white/40 bg-white/20 text-white">Ctrl+Enter</kbd>
              </Button>
            ) : null}
          </fieldset>
        </section>
      ) : null}
      <ShortcutSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} shortcuts={PAIRWISE_SHORTCUTS} />
    </div>
  );
}
