// Labelled form controls whose errors and hints are tied to the control with aria-describedby.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Notice } from '@/components/ui/page-header';
import type { FormNoticeState } from '@/components/ui/use-action-form';

export const inputClasses =
  'block w-full rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-red-500';

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700" role="alert">
      {errors.join(' ')}
    </p>
  );
}

/** The attributes that tie a control to its error message (rendered by FieldErrors with the same id). */
export function errorAttributes(errorId: string, errors: string[] | undefined) {
  return errors?.length ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

const INLINE_TONES = { error: 'text-red-700', success: 'text-emerald-700', warning: 'text-amber-800' };

/**
 * A form's own notice (useActionForm's `notice`): an error is an alert, and the form's description through
 * `formProps`. Boxed by default; `inline` is a line of text for small forms.
 */
export function FormNotice({
  notice,
  className,
  inline = false,
  children,
}: {
  notice: (FormNoticeState & { id: string }) | null;
  className?: string;
  inline?: boolean;
  /** More to say with the notice, e.g. problems not tied to one field. */
  children?: ReactNode;
}) {
  if (!notice) return null;
  if (inline)
    return (
      <p
        id={notice.id}
        role={notice.tone === 'error' ? 'alert' : 'status'}
        className={`text-sm ${INLINE_TONES[notice.tone]} ${className ?? ''}`}
      >
        {notice.text}
        {children}
      </p>
    );
  const body = (
    <Notice id={notice.id} tone={notice.tone}>
      {notice.text}
      {children}
    </Notice>
  );
  return className ? <div className={className}>{body}</div> : body;
}

interface FieldProps {
  label: string;
  name: string;
  errors?: string[] | undefined;
  hint?: ReactNode;
  className?: string;
}

/** The attributes every control needs, and the label/hint/error frame around it. */
function Field({
  label,
  name,
  id,
  errors,
  hint,
  className = '',
  control,
}: FieldProps & {
  id?: string | undefined;
  control: (a11y: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}) {
  const controlId = id ?? name;
  const describedBy = [errors?.length ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({
        id: controlId,
        name,
        className: inputClasses,
        ...(errors?.length ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${name}-error`} errors={errors} />
    </div>
  );
}

export function TextField({ label, name, errors, hint, className, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <Field {...{ label, name, errors, hint, className, id: props.id }} control={(a11y) => <input {...props} {...a11y} />} />;
}

export function SelectField({
  label,
  name,
  errors,
  hint,
  className,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      {...{ label, name, errors, hint, className, id: props.id }}
      control={(a11y) => (
        <select {...props} {...a11y}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({
  label,
  name,
  errors,
  hint,
  className,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field {...{ label, name, errors, hint, className, id: props.id }} control={(a11y) => <textarea {...props} {...a11y} />} />;
}
