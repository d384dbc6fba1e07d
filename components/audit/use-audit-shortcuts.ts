'use client';
// The audit screen's keyboard: j/k or arrows move between criteria, 1-4 decide the active one, e edits its
// text, c comments, n proposes a missing criterion, u undoes, r goes to the completeness rating (where 1-5
// rate), Esc leaves a field, Ctrl+Enter submits and ? lists the keys. Keys typed into a field stay there; the
// single keys follow the user's setting (components/ui/shortcut-mode.ts: on, only with Alt, or off).
import { type RefObject, useEffect } from 'react';
import type { CardHandle } from '@/components/audit/criterion-card';
import type { MissingCriteriaHandle } from '@/components/audit/missing-criteria';
import { decisionChange, type VerdictState } from '@/components/audit/verdict-state';
import { isTyping } from '@/components/ui/is-typing';
import { type ShortcutMode, shortcutKey } from '@/components/ui/shortcut-mode';
import type { ExpertCriterion } from '@/lib/audit/expert-view';
import { DECISIONS } from '@/lib/vocabulary/enums';

const RATING = 'input[name="comprehensiveness"]';

export function useAuditShortcuts({
  criteria,
  active,
  canChange,
  shortcutsOpen,
  openShortcuts,
  moveTo,
  submit,
  change,
  verdicts,
  canUndo,
  undoLast,
  cards,
  missing,
  mode,
}: {
  criteria: ExpertCriterion[];
  active: number;
  canChange: boolean;
  shortcutsOpen: boolean;
  openShortcuts: () => void;
  moveTo: (index: number) => void;
  submit: () => void;
  change: (id: number, change: Partial<VerdictState>) => void;
  verdicts: RefObject<Record<number, VerdictState>>;
  canUndo: boolean;
  undoLast: () => void;
  cards: RefObject<Map<number, CardHandle>>;
  missing: RefObject<MissingCriteriaHandle | null>;
  mode: ShortcutMode;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        submit();
        return;
      }
      if (shortcutsOpen) return;
      const target = event.target;
      const typing = isTyping(target);
      const id = criteria[active]?.id;
      if (event.key === 'Escape' && target instanceof HTMLElement && (typing || target instanceof HTMLInputElement)) {
        event.preventDefault();
        target.blur();
        if (id !== undefined) cards.current.get(id)?.focusCard();
        return;
      }
      if (typing) return;
      const key = shortcutKey(event, mode);
      if (key === null) return;
      const inRadio = target instanceof HTMLInputElement && target.type === 'radio';
      // In the completeness rating (r), 1-5 choose the rating instead of a criterion's decision.
      if (inRadio && target.name === 'comprehensiveness' && /^[1-5]$/.test(key)) {
        event.preventDefault();
        if (!canChange) return;
        document.querySelector<HTMLInputElement>(`${RATING}[value="${key}"]`)?.click();
        document.querySelector<HTMLInputElement>(`${RATING}[value="${key}"]`)?.focus();
        return;
      }
      switch (key) {
        case 'j':
        case 'ArrowDown':
          if (key === 'ArrowDown' && inRadio) return;
          event.preventDefault();
          moveTo(active + 1);
          return;
        case 'k':
        case 'ArrowUp':
          if (key === 'ArrowUp' && inRadio) return;
          event.preventDefault();
          moveTo(active - 1);
          return;
        case '1':
        case '2':
        case '3':
        case '4': {
          const decision = DECISIONS[Number(key) - 1];
          const criterion = criteria[active];
          if (!canChange || id === undefined || !decision || !criterion) return;
          event.preventDefault();
          change(id, decisionChange(verdicts.current[id], criterion, decision));
          // A rejection or revision needs a dimension: go there next.
          if (decision !== 'ACCEPT') requestAnimationFrame(() => cards.current.get(id)?.focusDimensions());
          return;
        }
        case 'e': {
          if (!canChange || id === undefined) return;
          event.preventDefault();
          const verdict = verdicts.current[id];
          const criterion = criteria[active];
          if (verdict?.decision !== 'REVISE_MINOR' && verdict?.decision !== 'REVISE_MAJOR' && criterion)
            change(id, decisionChange(verdict, criterion, 'REVISE_MINOR'));
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
          if (!canChange || !canUndo) return;
          event.preventDefault();
          undoLast();
          return;
        case 'r': {
          // Focuses the rating (the chosen value, else the first) without choosing one; 1-5 then choose.
          if (!canChange) return;
          event.preventDefault();
          const radios = document.querySelectorAll<HTMLInputElement>(RATING);
          const chosen = [...radios].find((radio) => radio.checked) ?? radios[0];
          chosen?.focus();
          return;
        }
        case '?':
          event.preventDefault();
          openShortcuts();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [
    active,
    canChange,
    canUndo,
    cards,
    change,
    criteria,
    missing,
    mode,
    moveTo,
    openShortcuts,
    shortcutsOpen,
    submit,
    undoLast,
    verdicts,
  ]);
}
