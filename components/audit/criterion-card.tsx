'use client';
// One criterion under audit: what it says, and the expert's verdict on it. The active card (moved with j/k)
// takes the keyboard shortcuts; everything also works by mouse and by Tab.
import { CriterionBadges, LevelTable } from '@/components/criteria/criterion-badges';
import { forwardRef, type Ref, useImperativeHandle, useRef } from 'react';
import { KeyHint } from '@/components/ui/key-hint';
import { kbdOnFillClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { keyshortcut, type ShortcutMode } from '@/components/ui/shortcut-mode';
import { DECISION_KEYS, DECISION_LABELS, DIMENSION_LABELS, SEVERITY_LABELS, WEIGHT_DIRECTION_LABELS } from '@/components/audit/labels';
import { RevisionEditor } from '@/components/audit/revision-editor';
import { decisionChange, originalText, type VerdictState } from '@/components/audit/verdict-state';
import type { ExpertCriterion } from '@/lib/audit/expert-view';
import { type Decision, type Dimension, SEVERITIES, WEIGHT_DIRECTIONS } from '@/lib/vocabulary/enums';
import { parseTerm } from '@/lib/vocabulary/parse-term';

export interface CardHandle {
  focusCard: () => void;
  focusDimensions: () => void;
  focusComment: () => void;
  focusEditor: () => void;
}

interface Props {
  criterion: ExpertCriterion;
  index: number;
  total: number;
  active: boolean;
  verdict: VerdictState;
  dimensions: Dimension[];
  editable: boolean;
  onActivate: () => void;
  onChange: (patch: Partial<VerdictState>) => void;
  onResolveConflict: (keep: 'mine' | 'theirs') => void;
  shortcutMode: ShortcutMode;
}

const SAVE_TEXT: Record<VerdictState['save'], string> = {
  idle: '',
  dirty: 'Unsaved…',
  saving: 'Saving…',
  saved: 'Saved',
  conflict: 'Changed elsewhere',
  error: 'Not saved',
};

export const CriterionCard = forwardRef(function CriterionCard(
  { criterion, index, total, active, verdict, dimensions, editable, onActivate, onChange, onResolveConflict, shortcutMode }: Props,
  ref: Ref<CardHandle>,
) {
  const cardRef = useRef<HTMLElement>(null);
  const dimensionsRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({
    focusCard: () => cardRef.current?.focus({ preventScroll: false }),
    focusDimensions: () => dimensionsRef.current?.focus(),
    focusComment: () => commentRef.current?.focus(),
    focusEditor: () => editorRef.current?.focus(),
  }));
  const id = `criterion-${criterion.id}`;
  const revising = verdict.decision === 'REVISE_MINOR' || verdict.decision === 'REVISE_MAJOR';
  const needsDimensions = verdict.decision !== null && verdict.decision !== 'ACCEPT';

  const setDecision = (decision: Decision) => onChange(decisionChange(verdict, criterion, decision));
  const toggleDimension = (dimension: Dimension, on: boolean) => {
    const next = on ? [...new Set([...verdict.dimensions, dimension])] : verdict.dimensions.filter((d) => d !== dimension);
    onChange({ dimensions: next, ...(next.includes('WEIGHT') ? {} : { weightDirection: null }) });
  };

  return (
    <article
      ref={cardRef}
      id={id}
      tabIndex={-1}
      aria-label={`Criterion ${index + 1} of ${total}: ${criterion.title}`}
      aria-current={active ? 'true' : undefined}
      data-active={active || undefined}
      onFocus={onActivate}
      onMouseDown={onActivate}
      className={`scroll-mt-3 rounded-lg bg-white p-4 shadow-sm ring-1 transition ${
        active ? 'ring-2 ring-brand-500' : verdict.errors.length ? 'ring-red-300' : 'ring-slate-200'
      }`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="mb-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            <span className="tabular-nums">
              {index + 1}/{total}
            </span>
            <CriterionBadges tier={criterion.tier} points={criterion.points} redLine={criterion.redLine} tags={criterion.tags} />
          </p>
          <h3 className="text-base font-semibold text-slate-900">{criterion.title}</h3>
        </div>
        <span
          className={`text-xs ${verdict.save === 'error' || verdict.save === 'conflict' ? 'text-red-700' : 'text-slate-500'}`}
          aria-live="polite"
        >
          {SAVE_TEXT[verdict.save]}
        </span>
      </header>
      {criterion.description && criterion.description.trim() !== criterion.title.trim() ? (
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{criterion.description}</p>
      ) : null}
      <LevelTable levels={criterion.levels} />
      {criterion.evidence.length ? (
        <ul className="mt-2 space-y-0.5 text-xs text-slate-500">
          {criterion.evidence.map((item) => (
            <li key={`${item.source}-${item.citation ?? ''}`}>
              Evidence: {item.source}
              {item.citation ? ` — ${item.citation}` : ''}
            </li>
          ))}
        </ul>
      ) : null}

      {verdict.conflict ? (
        <div role="alert" className="mt-3 space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <p>
            This verdict was changed in another tab or window (version {verdict.conflict.rowVersion}). That version says:{' '}
            <strong>{verdict.conflict.decision ? DECISION_LABELS[verdict.conflict.decision].label : 'no decision'}</strong>
            {verdict.conflict.comment ? ` — “${verdict.conflict.comment}”` : ''}. Yours is still on screen.
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              className="rounded bg-white px-2 py-1 ring-1 ring-amber-300 hover:bg-amber-100"
              onClick={() => onResolveConflict('mine')}
            >
              Keep mine
            </button>
            <button
              type="button"
              className="rounded bg-white px-2 py-1 ring-1 ring-amber-300 hover:bg-amber-100"
              onClick={() => onResolveConflict('theirs')}
            >
              Use that version
            </button>
          </div>
        </div>
      ) : null}

      <fieldset className="mt-4" disabled={!editable}>
        <legend className="sr-only">Decision</legend>
        <div className="flex flex-wrap gap-2">
          {DECISION_KEYS.map((decision) => {
            const { label, key, active: activeClass } = DECISION_LABELS[decision];
            const chosen = verdict.decision === decision;
            const shortcut = keyshortcut(key, shortcutMode);
            return (
              <button
                key={decision}
                type="button"
                aria-pressed={chosen}
                aria-keyshortcuts={shortcut}
                onClick={() => setDecision(decision)}
                className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ${
                  chosen ? activeClass : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                <KeyHint keys={shortcut} className={chosen ? kbdOnFillClasses : ''} />
                {label}
              </button>
            );
          })}
        </div>
      </fieldset>

      {needsDimensions ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <fieldset disabled={!editable}>
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Error dimensions</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {dimensions.map((dimension, position) => (
                <label key={dimension} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    ref={position === 0 ? dimensionsRef : undefined}
                    type="checkbox"
                    checked={verdict.dimensions.includes(dimension)}
                    onChange={(event) => toggleDimension(dimension, event.target.checked)}
                  />
                  {DIMENSION_LABELS[dimension] ?? dimension}
                </label>
              ))}
            </div>
            {verdict.dimensions.includes('WEIGHT') ? (
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1" role="radiogroup" aria-label="Weight direction">
                {WEIGHT_DIRECTIONS.map((direction) => (
                  <label key={direction} className="inline-flex items-center gap-1.5 text-sm">
                    <input
                      type="radio"
                      name={`${id}-weight`}
                      checked={verdict.weightDirection === direction}
                      onChange={() => onChange({ weightDirection: direction })}
                    />
                    {WEIGHT_DIRECTION_LABELS[direction]}
                  </label>
                ))}
              </div>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor={`${id}-severity`} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-600">
              Severity
            </label>
            <select
              id={`${id}-severity`}
              className={inputClasses}
              disabled={!editable}
              value={verdict.severity ?? ''}
              onChange={(event) => onChange({ severity: parseTerm(SEVERITIES, event.target.value) })}
            >
              <option value="">Not rated</option>
              {Object.entries(SEVERITY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}

      {revising && verdict.revision ? (
        <div className="mt-3">
          <RevisionEditor
            ref={editorRef}
            idPrefix={id}
            original={originalText(criterion)}
            value={verdict.revision}
            disabled={!editable}
            onChange={(revision) => onChange({ revision })}
          />
        </div>
      ) : null}

      <div className="mt-3">
        <label htmlFor={`${id}-comment`} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-600">
          Comment
        </label>
        <textarea
          ref={commentRef}
          id={`${id}-comment`}
          rows={2}
          className={inputClasses}
          disabled={!editable}
          value={verdict.comment}
          placeholder="Why, and what would fix it (optional for an accept)"
          onChange={(event) => onChange({ comment: event.target.value })}
        />
      </div>

      {verdict.errors.length || verdict.saveError ? (
        <ul role="alert" className="mt-2 list-inside list-disc text-sm text-red-700">
          {verdict.errors.map((error) => (
            <li key={error}>{error[0]?.toUpperCase() + error.slice(1)}</li>
          ))}
          {verdict.saveError ? <li>{verdict.saveError}</li> : null}
        </ul>
      ) : null}
    </article>
  );
});
