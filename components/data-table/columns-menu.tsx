'use client';
// The "Columns" disclosure: one checkbox per hideable column. Escape or a click outside closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';

export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

export function ColumnsMenu({ choices }: { choices: ColumnChoice[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hidden = choices.filter((choice) => !choice.visible).length;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Escape closes the menu only, not a dialog or drawer around it.
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    rootRef.current?.addEventListener('keydown', onKey);
    const root = rootRef.current;
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      root?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={buttonClasses('secondary', 'sm')}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-slate-500" fill="currentColor">
          <path d="M2 3h3v10H2zM6.5 3h3v10h-3zM11 3h3v10h-3z" />
        </svg>
        Columns
        {hidden ? <span className="text-xs font-normal text-slate-500">({hidden} hidden)</span> : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 w-56 rounded-md bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
      >
        <fieldset>
          <legend className="px-2 pt-1 pb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Visible columns</legend>
          {choices.map((choice) => (
            <label
              key={choice.id}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 accent-brand-600"
                checked={choice.visible}
                onChange={(event) => choice.toggle(event.target.checked)}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
