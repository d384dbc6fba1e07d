'use client';
// The one hook every form uses to call an action: pending state, the field errors and the form-level notice
// it answers with, and focus on the first field in error after a refusal. Two ways in, one way out:
// `formAction` for a <form action> backed by a FormData action (React resets uncontrolled fields after every
// form action, so what the user typed, except passwords, is kept in `values` and a refusal loses nothing), and
// `submit(call)` for forms that build their input (or upload) themselves. Field errors are tied to their
// inputs by the field components (components/ui/field.tsx), the notice to the form by `formProps` + FormNotice.
import { useActionState, useCallback, useId, useRef, useState, useTransition } from 'react';
import { useFocusFirstError } from '@/components/ui/use-focus-first-error';
import type { ActionResult } from '@/lib/auth/action';

export type FieldErrorMap = Record<string, string[]>;
export interface FormNoticeState {
  tone: 'error' | 'success' | 'warning';
  text: string;
}

export interface SubmitOptions<T> {
  /** What to say on success; by default the action's own message, if any. */
  success?: string | ((data: T, message: string | undefined) => string | null) | null;
  /** Field errors keyed as the form's fields are (e.g. without a schema's prefix). */
  mapErrors?: (fieldErrors: FieldErrorMap) => FieldErrorMap;
  onSuccess?: (data: T) => void;
  onError?: (result: Extract<ActionResult<T>, { ok: false }>) => void;
}

function keptValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !/password/i.test(key) && !key.startsWith('$ACTION')) values[key] = value;
  }
  return values;
}

export function useActionForm<T = unknown>({
  action,
  clearOnSuccess = false,
  ...formOptions
}: { action?: (formData: FormData) => Promise<ActionResult<T>>; clearOnSuccess?: boolean } & SubmitOptions<T> = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const noticeId = `${useId()}-notice`;
  const focusFirstError = useFocusFirstError(formRef);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const [running, startTransition] = useTransition();

  const fail = useCallback(
    (fieldErrors: FieldErrorMap, text: string) => {
      setErrors(fieldErrors);
      setNotice({ tone: 'error', text });
      focusFirstError();
    },
    [focusFirstError],
  );
  const settle = useCallback(
    <R>(result: ActionResult<R>, options: SubmitOptions<R>) => {
      if (!result.ok) {
        fail(options.mapErrors ? options.mapErrors(result.fieldErrors ?? {}) : (result.fieldErrors ?? {}), result.error);
        options.onError?.(result);
        return;
      }
      setErrors({});
      const text =
        options.success === undefined
          ? (result.message ?? null)
          : typeof options.success === 'function'
            ? options.success(result.data, result.message)
            : options.success;
      setNotice(text ? { tone: 'success', text } : null);
      options.onSuccess?.(result.data);
    },
    [fail],
  );

  /** Runs an action the form calls itself; `call` returns null when it stopped before calling (it said why). */
  const submit = useCallback(
    <R>(call: () => Promise<ActionResult<R> | null>, options: SubmitOptions<R> = {}) =>
      startTransition(async () => {
        setNotice(null);
        const result = await call();
        if (result) settle(result, options);
      }),
    [settle],
  );

  const [values, formAction, submitting] = useActionState<Record<string, string>, FormData>(async (_previous, formData) => {
    if (!action) return {};
    const result = await action(formData);
    settle(result, formOptions);
    return result.ok && clearOnSuccess ? {} : keptValues(formData);
  }, {});

  const hasError = notice?.tone === 'error';
  return {
    formRef,
    formAction,
    /** Spread on the <form>: the focus target after a refusal, and its error notice as its description. */
    formProps: { ref: formRef, ...(hasError ? { 'aria-describedby': noticeId } : {}) },
    pending: running || submitting,
    values,
    errors,
    setErrors,
    notice: notice ? { ...notice, id: noticeId } : null,
    setNotice,
    submit,
    fail,
  };
}
