'use client';
// The keyboard cheat sheet ("?") of the audit screen, and of the pairwise review and grading with their own
// lists. Where the screen honours it, the sheet also holds the shortcut setting (components/ui/shortcut-mode.ts).
import { useEffect, useRef } from 'react';
import { SHORTCUT_MODE_LABELS, SHORTCUT_MODES, type ShortcutMode } from '@/components/ui/shortcut-mode';

export const SHORTCUTS: [string, string][] = [
  ['j  or  ↓', 'Next criterion'],
  ['k  or  ↑', 'Previous criterion'],
  ['1 · 2 · 3 · 4', 'Accept · Minor revision · Major revision · Reject'],
  ['e', 'Edit the text (opens a revision)'],
  ['c', 'Comment on the criterion'],
  ['n', 'Propose a missing criterion'],
  ['r', 'Rate the completeness of the set (then ← → to choose)'],
  ['Ctrl + Enter', 'Submit the query'],
  ['Esc', 'Leave a field and return to the criteria'],
  ['?', 'Show or hide this list'],
];

export function ShortcutSheet({
  open,
  onClose,
  shortcuts = SHORTCUTS,
  mode,
  onModeChange,
}: {
  open: boolean;
  onClose: () => void;
  /** [keys, what they do]; the audit screen's by default. */
  shortcuts?: readonly (readonly [string, string])[];
  /** The single-key shortcut setting, on screens that honour it. */
  mode?: ShortcutMode;
  onModeChange?: (mode: ShortcutMode) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40 dark:backdrop:bg-black/60"
    >
      <div className="p-5">
        <h2 id="shortcuts-title" className="text-base font-semibold text-slate-900">
          Keyboard shortcuts
        </h2>
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {shortcuts.map(([keys, action]) => (
            <div key={keys} className="flex justify-between gap-4 py-1.5">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd className="text-right text-slate-700">{action}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-slate-600">Shortcuts pause while you type in a field; Esc brings them back.</p>
        {mode && onModeChange ? (
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-slate-900">Single-key shortcuts</legend>
            <p id="shortcut-mode-hint" className="text-xs text-slate-600">
              Keys act even while a button has focus. Turn them off, or make each one need Alt (Alt+1 then does what 1 does); Ctrl+Enter and
              Esc always work. Kept in this browser.
            </p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {SHORTCUT_MODES.map((option) => (
                <label key={option} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    type="radio"
                    name="shortcut-mode"
                    value={option}
                    checked={mode === option}
                    aria-describedby="shortcut-mode-hint"
                    onChange={() => onModeChange(option)}
                  />
                  {SHORTCUT_MODE_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <form method="dialog" className="mt-4 text-right">
          <button type="submit" className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
            Close
          </button>
        </form>
      </div>
    </dialog>
  );
}
