'use client';
// The sign-in form. The action redirects on success; a refusal comes back as the form's notice, with the email kept.
import { Button } from '@/components/ui/button';
import { FormNotice, TextField } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/auth/action';
import { signInAction } from '@/lib/auth/actions';

async function signIn(formData: FormData): Promise<ActionResult<null>> {
  const state = await signInAction({}, formData);
  return state?.error ? { ok: false, code: 'ERROR', error: state.error } : { ok: true, data: null };
}

export function SignInForm({ next }: { next?: string | undefined }) {
  const { formProps, formAction, values, notice, pending } = useActionForm({ action: signIn });
  return (
    <form {...formProps} action={formAction} className="space-y-4" noValidate>
      <FormNotice notice={notice} />
      <TextField label="Email" name="email" type="email" autoComplete="username" required defaultValue={values.email ?? ''} autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
