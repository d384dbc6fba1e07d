'use client';
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/page-header';
import { type SignInState, signInAction } from '@/lib/auth/actions';

export function SignInForm({ next }: { next?: string | undefined }) {
  const [state, formAction, pending] = useActionState<SignInState, FormData>(signInAction, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.error ? <Notice tone="error">{state.error}</Notice> : null}
      <TextField label="Email" name="email" type="email" autoComplete="username" required defaultValue={state.email ?? ''} autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
