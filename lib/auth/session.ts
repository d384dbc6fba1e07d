// Who is asking. Every page and every server action goes through here; nothing trusts the client.
import 'server-only';
import { forbidden, redirect } from 'next/navigation';
import { canAccess, type Section, type SessionUser } from '@/lib/auth/roles';
import { requestUser } from '@/lib/auth/request-user';

export async function getCurrentUser(): Promise<SessionUser | null> {
  return await requestUser();
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
