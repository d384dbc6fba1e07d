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
  /** Field errors keyed as the form's fields are (e.g. without a schema's prefix), or merged with the current ones. */
  mapErrors?: (fieldErrors: FieldErrorMap, current: FieldErrorMap) => FieldErrorMap;
  /** The errors a success leaves (a partial check clears only its own); none by default. */
  keepErrors?: (current: FieldErrorMap) => FieldErrorMap;
  /** False for a side check (a preview) that reports next to itself: the form's notice and focus stay. */
  notice?: boolean;
  onSuccess?: (data: T) => void;
  onError?: (result: Extract<ActionResult<T>, { ok: false }>) => void;
}

/**
 * Options for a side check that validates one nested part of the form (a campaign's selection): its errors come
 * back relative to that part and are shown under `prefix.`; a success clears only those.
 */
export function nestedPartErrors(prefix: string): Pick<SubmitOptions<unknown>, 'mapErrors' | 'keepErrors'> {
  return {
    mapErrors: (fieldErrors, current) => ({
      ...current,
      ...Object.fromEntries(Object.entries(fieldErrors).map(([key, value]) => [`${prefix}.${key}`, value])),
    }),
    keepErrors: (current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(prefix))),
  };
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
  focusError,
  ...formOptions
}: {
  action?: (formData: FormData) => Promise<ActionResult<T>>;
  clearOnSuccess?: boolean;
  /** Where focus goes after a refusal, for forms whose first error is not the first invalid control. */
  focusError?: (errors: FieldErrorMap) => void;
} & SubmitOptions<T> = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const noticeId = `${useId()}-notice`;
  const focusFirstInvalid = useFocusFirstError(formRef);
  const focusErrorRef = useRef(focusError);
  focusErrorRef.current = focusError;
  const focusFirstError = useCallback(
    (errors: FieldErrorMap) => {
      const focus = focusErrorRef.current;
      if (focus) requestAnimationFrame(() => focus(errors));
      else focusFirstInvalid();
    },
    [focusFirstInvalid],
  );
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const [running, startTransition] = useTransition();

  const fail = useCallback(
    (fieldErrors: FieldErrorMap, text: string) => {
      setErrors(fieldErrors);
      setNotice({ tone: 'error', text });
      focusFirstError(fieldErrors);
    },
    [focusFirstError],
  );
  const settle = useCallback(
    <R>(result: ActionResult<R>, options: SubmitOptions<R>) => {
      const { mapErrors, keepErrors, notice: report = true } = options;
      if (!result.ok) {
        const fieldErrors = result.fieldErrors ?? {};
        setErrors((current) => (mapErrors ? mapErrors(fieldErrors, current) : fieldErrors));
        if (report) {
          setNotice({ tone: 'error', text: result.error });
          focusFirstError(fieldErrors);
        }
        options.onError?.(result);
        return;
      }
      setErrors((current) => (keepErrors ? keepErrors(current) : {}));
      const text =
        options.success === undefined
          ? (result.message ?? null)
          : typeof options.success === 'function'
            ? options.success(result.data, result.message)
            : options.success;
      if (report) setNotice(text ? { tone: 'success', text } : null);
      options.onSuccess?.(result.data);
    },
    [focusFirstError],
  );

  /** Runs an action the form calls itself; `call` returns null when it stopped before calling (it said why). */
  const submit = useCallback(
    <R>(call: () => Promise<ActionResult<R> | null>, options: SubmitOptions<R> = {}) =>
      startTransition(async () => {
        if (options.notice !== false) setNotice(null);
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
