'use client';
// A reviewer's screen for one pair: the query, responses A and B side by side (in this reviewer's recorded
// order; no sources), then two steps. First the blind preference (1–5) and optional key differences; saving
// it is what makes the server send the judge's verdict (lib/pairwise/review-view.ts), and it cannot change
// afterwards. Then the judge's adaptive criteria with their choices and evidence: a mark on each (1 agree,
// 2 disagree, 3 not relevant; the mark stays on the criterion, j/k move, as on the audit screen), saved as a
// draft as it is made so it survives a failed submit or giving the pair back; the overall verdict right or
// wrong (y/n) with a comment (c), and Ctrl+Enter to submit. "?" lists the keys. State and saves are in
// use-review-drafts.ts, the keys in use-review-shortcuts.ts.
import { scrollableProps } from '@/components/ui/scroll-region';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ShortcutSheet } from '@/components/audit/shortcuts';
import { Conversation } from '@/components/criteria/conversation';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { ClaimPairButton } from '@/components/pairwise/claim-pair-button';
import { JudgeAudit } from '@/components/pairwise/judge-audit';
import { PreferenceStep } from '@/components/pairwise/preference-step';
import { useReviewDrafts } from '@/components/pairwise/use-review-drafts';
import { useReviewShortcuts } from '@/components/pairwise/use-review-shortcuts';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/components/ui/format';
import { Notice } from '@/components/ui/page-header';
import { useShortcutMode } from '@/components/ui/shortcut-mode';
import type { ReviewView } from '@/lib/pairwise/review-view';

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

export function ReviewScreen({ review }: { review: ReviewView }) {
  const [active, setActive] = useState(0);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const criterionRefs = useRef(new Map<number, HTMLElement>());
  const judge = review.judge;
  const criteria = judge?.criteria;
  const submitted = review.state === 'SUBMITTED';

  const focusCriterion = useCallback(
    (index: number) => {
      const next = Math.min(Math.max(index, 0), Math.max((criteria?.length ?? 0) - 1, 0));
      setActive(next);
      const id = criteria?.[next]?.id;
      if (id !== undefined) requestAnimationFrame(() => criterionRefs.current.get(id)?.focus());
    },
    [criteria],
  );
  const drafts = useReviewDrafts({ review, focusCriterion });
  const { banner, pending, editable, revealed, marks, giveBack } = drafts;
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const [shortcutMode, setShortcutMode] = useShortcutMode();
  useReviewShortcuts({ ...drafts, active, shortcutsOpen, openShortcuts, focusCriterion, mode: shortcutMode });

  // Right after the reveal, bring the judge's first criterion into view and focus, ready for 1/2/3.
  const wasRevealed = useRef(revealed);
  useEffect(() => {
    if (revealed && !wasRevealed.current && editable) focusCriterion(0);
    wasRevealed.current = revealed;
  }, [editable, focusCriterion, revealed]);

  const marked = drafts.criteria.filter((criterion) => marks[criterion.id]).length;

  return (
    <div className="space-y-4">
      <header className="sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold text-slate-900">Pairwise review · run {review.runId}</h1>
            <p className="text-xs text-slate-500">
              Query {review.query.externalId} · {CATEGORY_LABELS[review.query.category]}
              {review.query.department ? ` · ${review.query.department}` : ''} ·{' '}
              <span data-testid="review-step">
                {submitted
                  ? 'Submitted'
                  : revealed
                    ? `Step 2 of 2: audit the judge (${marked} of ${drafts.criteria.length} criteria marked)`
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
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="review-announcement">
          {drafts.announcement}
        </p>
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
              {...scrollableProps(`Response ${response.label} text`)}
              className="max-h-[28rem] overflow-y-auto text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900"
              lang={review.query.language}
              data-testid={`response-${response.label}`}
            >
              {response.content}
            </div>
          </section>
        ))}
      </div>

      <PreferenceStep drafts={drafts} />
      {judge ? <JudgeAudit judge={judge} drafts={drafts} active={active} onActivate={setActive} criterionRefs={criterionRefs} /> : null}
      <ShortcutSheet
        open={shortcutsOpen}
        onClose={() => setShortcutsOpen(false)}
        shortcuts={PAIRWISE_SHORTCUTS}
        mode={shortcutMode}
        onModeChange={setShortcutMode}
      />
    </div>
  );
}
