'use server';
// Sign-in and sign-out. These are the only actions open to anonymous visitors.
import { APIError } from 'better-auth/api';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { auth } from '@/lib/auth';
import { consumeAttempt } from '@/lib/auth/throttle';
import { env } from '@/lib/env';
import { isDatabaseUnavailable } from '@/lib/errors';

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
  const requestHeaders = await headers();
  const ip = requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() || 'local';
  try {
    // Per address and per account, so neither one client nor a spread-out attack can guess freely.
    const limit = env().SIGN_IN_ATTEMPTS_PER_MINUTE;
    const accountLimit = env().SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE ?? limit;
    const waitIp = await consumeAttempt(`sign-in:ip:${ip}`, limit * 2, 60);
    const waitAccount = await consumeAttempt(`sign-in:account:${email}`, accountLimit, 60);
    const wait = Math.max(waitIp, waitAccount);
    if (wait > 0) return { error: `Too many sign-in attempts. Try again in ${wait} seconds.`, email };
    await auth().api.signInEmail({ body: { email, password }, headers: requestHeaders });
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === 'ACCOUNT_INACTIVE') return { error: 'This account is deactivated. Ask an admin to reactivate it.', email };
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
