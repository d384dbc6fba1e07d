'use client';
import { Button } from '@/components/ui/button';
import { FormNotice, SelectField, TextField } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { createUserAction } from '@/lib/users/actions';

export function CreateUserForm() {
  const {
    formProps,
    formAction,
    values,
    errors: fieldErrors,
    notice,
    pending,
  } = useActionForm({
    action: createUserAction,
    clearOnSuccess: true,
  });
  return (
    <form {...formProps} action={formAction} className="grid gap-3 sm:grid-cols-2" noValidate aria-label="Create user">
      <FormNotice notice={notice} className="sm:col-span-2" />
      <TextField label="Name" name="name" defaultValue={values.name} errors={fieldErrors.name} required />
      <TextField label="Email" name="email" type="email" defaultValue={values.email} errors={fieldErrors.email} required />
      <TextField
        label="Initial password"
        name="password"
        type="password"
        autoComplete="new-password"
        errors={fieldErrors.password}
        hint="At least 8 characters; share it privately."
        required
      />
      <SelectField label="Role" name="role" key={values.role ?? 'EXPERT'} defaultValue={values.role ?? 'EXPERT'} errors={fieldErrors.role}>
        <option value="EXPERT">Expert</option>
        <option value="REVIEWER">Reviewer</option>
        <option value="ADMIN">Admin</option>
      </SelectField>
      <TextField
        label="Specialties"
        name="specialties"
        className="sm:col-span-2"
        defaultValue={values.specialties}
        errors={fieldErrors.specialties}
        hint="Comma-separated, matched to query departments (e.g. Cardiology, Pediatrics)."
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create user'}
        </Button>
      </div>
    </form>
  );
}
