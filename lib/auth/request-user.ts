// The signed-in user of the request being served, from its session cookie. Tests swap this one module for
// tools/testing/request-user.ts (a Vitest alias), so the product has no test-only branch.
import 'server-only';
import { headers } from 'next/headers';
import { auth } from '@/lib/auth';
import type { Role, SessionUser } from '@/lib/auth/roles';
import { rethrowOutage } from '@/lib/errors';

export async function requestUser(): Promise<SessionUser | null> {
  // A database outage must not read as "signed out": it becomes the outage notice, not a sign-in redirect.
  const session = await auth()
    .api.getSession({ headers: await headers() })
    .catch(rethrowOutage);
  if (!session?.user.active) return null;
  const { id, email, name, role, specialties, active } = session.user;
  return { id, email, name, role: role as Role, specialties: specialties ?? [], active };
}
