'use client';
// useActionState for forms backed by a defineAction server action. React resets uncontrolled fields after
// every form action; this keeps what the user typed (except passwords) so a rejected submit loses nothing.
import { useActionState } from 'react';
import type { ActionResult } from '@/lib/auth/action';

export interface ActionFormState<T> {
  result: ActionResult<T> | null;
  values: Record<string, string>;
}

function keptValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !/password/i.test(key) && !key.startsWith('$ACTION')) values[key] = value;
  }
  return values;
}

export function useActionForm<T>(
  action: (formData: FormData) => Promise<ActionResult<T>>,
  { clearOnSuccess = false, onSuccess }: { clearOnSuccess?: boolean; onSuccess?: (data: T) => void } = {},
) {
  const [state, formAction, pending] = useActionState<ActionFormState<T>, FormData>(
    async (_previous, formData) => {
      const result = await action(formData);
      if (result.ok) onSuccess?.(result.data);
      return { result, values: result.ok && clearOnSuccess ? {} : keptValues(formData) };
    },
    { result: null, values: {} },
  );
  const fieldErrors = state.result && !state.result.ok ? state.result.fieldErrors : undefined;
  return { result: state.result, values: state.values, fieldErrors, formAction, pending };
}
