'use client';
// The pairwise review's keyboard. Before the reveal: 1-5 choose the preference, d goes to the key differences.
// After it: j/k move between the judge's criteria, 1-3 mark the active one (the mark stays; j moves on), y/n say
// whether the judge's overall verdict is right, c comments. Ctrl+Enter saves the step, Esc leaves a field, ?
// lists the keys. Keys typed into a field stay there. Single keys follow the user's setting
// (components/ui/shortcut-mode.ts: on, only with Alt, or off).
import { useEffect } from 'react';
import { MARK_OPTIONS, PREFERENCE_OPTIONS } from '@/components/pairwise/labels';
import { isTyping } from '@/components/ui/is-typing';
import { type ShortcutMode, shortcutKey } from '@/components/ui/shortcut-mode';
import type { ReviewerMarkValue } from '@/lib/pairwise/schemas';

export function useReviewShortcuts({
  criteria,
  active,
  editable,
  revealed,
  shortcutsOpen,
  openShortcuts,
  focusCriterion,
  savePreference,
  submit,
  choosePreference,
  mark,
  setVerdictCorrect,
  mode,
}: {
  criteria: { id: number }[];
  active: number;
  editable: boolean;
  revealed: boolean;
  shortcutsOpen: boolean;
  openShortcuts: () => void;
  focusCriterion: (index: number) => void;
  savePreference: () => void;
  submit: () => void;
  choosePreference: (value: number | null) => void;
  mark: (id: number, value: ReviewerMarkValue) => void;
  setVerdictCorrect: (value: boolean) => void;
  mode: ShortcutMode;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (revealed) submit();
        else savePreference();
        return;
      }
      if (shortcutsOpen) return;
      const target = event.target;
      if (event.key === 'Escape' && isTyping(target) && target instanceof HTMLElement) {
        target.blur();
        return;
      }
      if (isTyping(target)) return;
      const key = shortcutKey(event, mode);
      if (key === null) return;
      if (key === '?') {
        event.preventDefault();
        openShortcuts();
        return;
      }
      if (!editable) return;
      if (!revealed) {
        const index = ['1', '2', '3', '4', '5'].indexOf(key);
        if (index >= 0) {
          event.preventDefault();
          choosePreference(PREFERENCE_OPTIONS[index]?.[0] ?? null);
        } else if (key === 'd') {
          event.preventDefault();
          document.querySelector<HTMLInputElement>('input[name="keyDifferences"]')?.focus();
        }
        return;
      }
      const id = criteria[active]?.id;
      switch (key) {
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
          const value = MARK_OPTIONS[Number(key) - 1]?.[0];
          if (id === undefined || !value) return;
          event.preventDefault();
          mark(id, value);
          return;
        }
        case 'y':
        case 'n':
          event.preventDefault();
          setVerdictCorrect(key === 'y');
          if (key === 'n') requestAnimationFrame(() => document.getElementById('review-comment')?.focus());
          return;
        case 'c':
          event.preventDefault();
          document.getElementById('review-comment')?.focus();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [
    active,
    choosePreference,
    criteria,
    editable,
    focusCriterion,
    mark,
    mode,
    openShortcuts,
    revealed,
    savePreference,
    setVerdictCorrect,
    shortcutsOpen,
    submit,
  ]);
}
