'use server';
// Sign-in and sign-out. These are the only actions open to anonymous visitors.
import { APIError } from 'better-auth/api';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from '@/lib/zod';
import { auth } from '@/lib/auth';
import { isDatabaseUnavailable } from '@/lib/errors';
import { authHeaders } from '@/lib/http/client-address';

export interface SignInState {
  error?: string;
  email?: string;
}

const signInSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(128),
  next: z.string().optional(),
});

/** Only same-site paths: an open redirect would let a link send a freshly signed-in user anywhere. */
function safeNext(next: string | undefined): string {
  return next && /^\/(?!\/)[\w\-/?=&%.]*$/.test(next) ? next : '/';
}

export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = signInSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { error: 'Enter your email and password.' };
  const { email, password, next } = parsed.data;
  if (!email || !password) return { error: 'Enter your email and password.', email };
  try {
    // Limited per account and per client address in better-auth's hook (lib/auth.ts), as the HTTP route is.
    await auth().api.signInEmail({ body: { email, password }, headers: authHeaders(await headers()) });
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === 'TOO_MANY_ATTEMPTS') return { error: error.message, email };
      if (code === 'ACCOUNT_INACTIVE') return { error: 'This account is deactivated. Ask an admin to reactivate it.', email };
      // A failure on our side is not a wrong password: it goes to the error page and the log.
      if (error.statusCode >= 500) throw error;
      return { error: 'Wrong email or password.', email };
    }
    if (isDatabaseUnavailable(error)) return { error: 'The database is unreachable right now. Try again shortly.', email };
    throw error;
  }
  redirect(safeNext(next));
}

export async function signOutAction(): Promise<void> {
  await auth().api.signOut({ headers: await headers() });
  redirect('/sign-in');
}
