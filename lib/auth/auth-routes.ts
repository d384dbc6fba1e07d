// Which of better-auth's endpoints this app uses, and what the others get. Over HTTP only the listed routes are
// served (app/api/auth/[...all]/route.ts answers everything else itself); names, emails and images are changed
// by an admin in user management (lib/users, with an AuditEvent), so better-auth's self-service endpoints that
// write a user are refused everywhere, by path and by hook (lib/auth.ts), for HTTP and server calls alike.

/** The HTTP surface: method and path below /api/auth. */
export const AUTH_HTTP_ROUTES: readonly { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'POST', path: '/change-password' },
  { method: 'GET', path: '/ok' },
];

/** Endpoints that check a password: each counts against the per-account and per-address limits. */
export const PASSWORD_PATHS: readonly string[] = ['/sign-in/email', '/change-password', '/verify-password', '/delete-user'];

/** better-auth 1.7's endpoints that create, change or delete a user (or the proof behind one): never served. */
export const USER_WRITE_PATHS: readonly string[] = [
  '/update-user',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/sign-up/email',
  '/sign-in/social',
  '/callback/:id',
  '/link-social',
  '/unlink-account',
  '/verify-email',
  '/send-verification-email',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/:token',
  '/update-session',
  '/set-password',
];

/** The rest of better-auth 1.7's endpoints: reviewed, not needed by the app, so not served over HTTP either. */
export const UNUSED_PATHS: readonly string[] = [
  '/verify-password',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/list-accounts',
  '/get-access-token',
  '/refresh-token',
  '/account-info',
  '/error',
];

export const MANAGED_BY_ADMIN =
  'Names, email addresses and profile pictures are changed by an admin in user management, not through the sign-in service.';

/** The response for a request outside AUTH_HTTP_ROUTES, or null when it may go to better-auth. */
export function refuseAuthRequest(method: string, path: string): Response | null {
  if (AUTH_HTTP_ROUTES.some((route) => route.method === method && route.path === path)) return null;
  const userWrite = USER_WRITE_PATHS.some((pattern) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(path));
  return userWrite
    ? Response.json({ code: 'MANAGED_BY_ADMIN', message: MANAGED_BY_ADMIN }, { status: 403 })
    : Response.json({ code: 'NOT_FOUND', message: 'No such sign-in endpoint.' }, { status: 404 });
}
