// The signed-in user of the request being served, from its session cookie. Tests swap this one module for
// tools/testing/request-user.ts (a Vitest alias), so the product has no test-only branch.
import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { auth } from '@/lib/auth';
import type { Role, SessionUser } from '@/lib/auth/roles';
import { lookupSession } from '@/lib/auth/session-lookup';
import { rethrowOutage } from '@/lib/errors';

/** Once per request: a page's layout and the page itself both ask (React's cache lasts one server render). */
export const requestUser = cache(async (): Promise<SessionUser | null> => {
  const requestHeaders = await headers();
  // A database outage must not read as "signed out": it becomes the outage notice, not a sign-in redirect.
  const found = await lookupSession(requestHeaders).catch(rethrowOutage);
  if (found.kind === 'none') return null;
  if (found.kind === 'session') return found.user.active ? found.user : null;
  const session = await auth().api.getSession({ headers: requestHeaders }).catch(rethrowOutage);
  if (!session?.user.active) return null;
  const { id, email, name, role, specialties, active } = session.user;
  return { id, email, name, role: role as Role, specialties: specialties ?? [], active };
});
