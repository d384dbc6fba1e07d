'use client';
// Single-key shortcuts can be turned off or made to need Alt (WCAG 2.1.4: a speech-input user's words, or a key
// pressed while a button has focus, must not act by accident). The choice is this browser's, kept in localStorage;
// the audit screen's cheat sheet offers it.
import { useCallback, useSyncExternalStore } from 'react';

export const SHORTCUT_MODES = ['single', 'alt', 'off'] as const;
export type ShortcutMode = (typeof SHORTCUT_MODES)[number];

export const SHORTCUT_MODE_LABELS: Record<ShortcutMode, string> = {
  single: 'On: single keys',
  alt: 'Only with Alt held',
  off: 'Off',
};

const STORAGE_KEY = 'rubric-audit.shortcut-mode';
const listeners = new Set<() => void>();

function read(): ShortcutMode {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return SHORTCUT_MODES.find((mode) => mode === stored) ?? 'single';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored mode (single keys until the user chooses otherwise) and its setter. */
export function useShortcutMode(): [ShortcutMode, (mode: ShortcutMode) => void] {
  const mode = useSyncExternalStore(subscribe, read, () => 'single' as const);
  const setMode = useCallback((next: ShortcutMode) => {
    window.localStorage.setItem(STORAGE_KEY, next);
    for (const listener of listeners) listener();
  }, []);
  return [mode, setMode];
}

/**
 * The shortcut a key press stands for under the mode, or null when it is none: in "alt" mode the key is read
 * from its physical code, since Alt changes the character on some layouts (Alt+j types ∆ on a Mac).
 */
export function shortcutKey(event: KeyboardEvent, mode: ShortcutMode): string | null {
  if (mode === 'off' || event.ctrlKey || event.metaKey) return null;
  if (mode === 'single') return event.altKey ? null : event.key;
  if (!event.altKey) return null;
  const { code } = event;
  if (code.startsWith('Key')) return code.slice(3).toLowerCase();
  if (code.startsWith('Digit')) return code.slice(5);
  if (code === 'Slash' && event.shiftKey) return '?';
  return event.key;
}

/** How a shortcut key is written for the mode (aria-keyshortcuts syntax), or undefined when shortcuts are off. */
export function keyshortcut(key: string, mode: ShortcutMode): string | undefined {
  if (mode === 'off') return undefined;
  return mode === 'alt' ? `Alt+${key}` : key;
}
