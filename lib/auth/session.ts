// Who is asking. Every page and every server action goes through here; nothing trusts the client.
import { AsyncLocalStorage } from 'node:async_hooks';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { auth } from '@/lib/auth';
import { canAccess, type Role, type Section, type SessionUser } from '@/lib/auth/roles';
import { rethrowOutage } from '@/lib/errors';

// Integration tests call server actions directly, outside a request; they name the user here instead of
// through a cookie. Only honoured under Vitest, so no request can ever reach it.
const testUser = new AsyncLocalStorage<SessionUser | null>();

export function runAsUser<T>(user: SessionUser | null, fn: () => Promise<T>): Promise<T> {
  if (!process.env.VITEST) throw new Error('runAsUser is for tests only');
  return testUser.run(user, fn);
}

export async function getCurrentUser(): Promise<SessionUser | null> {
  if (process.env.VITEST) {
    const user = testUser.getStore();
    if (user !== undefined) return user;
  }
  // A database outage must not read as "signed out": it becomes the outage notice, not a sign-in redirect.
  const session = await auth()
    .api.getSession({ headers: await headers() })
    .catch(rethrowOutage);
  if (!session?.user.active) return null;
  const { id, email, name, role, specialties, active } = session.user;
  return { id, email, name, role: role as Role, specialties: specialties ?? [], active };
}

/** For pages: sends anonymous visitors to sign in and answers 403 to roles without access. */
export async function requireSection(section: Section): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  if (!canAccess(user.role, section)) forbidden();
  return user;
}

export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  return user;
}
