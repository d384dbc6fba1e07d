// The signed-in user of a request in one SQL statement: the common case of better-auth's getSession, without
// its endpoint machinery. Every page render and server action asks who is calling; through better-auth that
// cost about 6 ms of CPU and two queries per request, the largest single share of an expert's verdict save
// (issue 21). The answer is the same: the session cookie's HMAC signature is checked with the auth secret as
// better-call checks it, the session is read from the database on every request (no cookie cache, so a
// sign-out or deactivation still takes effect on the next request), and anything unusual is handed to
// better-auth unchanged (`delegate`): a session due for its hourly refresh (better-auth extends it and sets
// a new cookie), a missing or expired session (it clears the cookie), a "don't remember me" or cached-session
// cookie. lib/auth/session-lookup.test.ts compares both answers case by case.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-call';
import { auth } from '@/lib/auth';
import { ROLES, type SessionUser } from '@/lib/auth/roles';
import { pgPool } from '@/lib/db';
import { parseTerm } from '@/lib/vocabulary/parse-term';

export type SessionLookup =
  /** A live session that needs no write: its user (active or not; the caller decides). */
  | { kind: 'session'; user: SessionUser }
  /** No session cookie, or one whose signature is wrong: better-auth answers null without a write either. */
  | { kind: 'none' }
  /** Anything else: ask better-auth, which may write (refresh, clean up) and set cookies. */
  | { kind: 'delegate' };

interface AuthSettings {
  secret: string;
  sessionCookie: string;
  /** Cookies whose presence makes better-auth do more than read the session. */
  otherCookies: string[];
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

let settings: Promise<AuthSettings> | undefined;

/** better-auth's own cookie names and session settings, read once from its context. */
function authSettings(): Promise<AuthSettings> {
  settings ??= auth().$context.then((context) => ({
    secret: context.secret,
    sessionCookie: context.authCookies.sessionToken.name,
    otherCookies: [context.authCookies.dontRememberToken.name, context.authCookies.sessionData.name],
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  }));
  return settings;
}

/**
 * better-call's signed cookie: `<value>.<base64 HMAC-SHA256(secret, value)>` (44 characters ending in "=").
 * Returns the value when the signature is right, null otherwise.
 */
export function verifySignedCookie(cookie: string, secret: string): string | null {
  const at = cookie.lastIndexOf('.');
  if (at < 1) return null;
  const value = cookie.slice(0, at);
  const signature = cookie.slice(at + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

interface SessionRow {
  live: boolean;
  due_for_refresh: boolean;
  id: string;
  email: string;
  name: string;
  role: string;
  specialties: string[];
  active: boolean;
}

export async function lookupSession(headers: Headers): Promise<SessionLookup> {
  const cookieHeader = headers.get('cookie');
  if (!cookieHeader) return { kind: 'none' };
  const { secret, sessionCookie, otherCookies, expiresInSeconds, updateAgeSeconds } = await authSettings();
  const cookies = parseCookies(cookieHeader);
  if (otherCookies.some((name) => cookies.has(name))) return { kind: 'delegate' };
  const signed = cookies.get(sessionCookie);
  if (!signed) return { kind: 'none' };
  const token = verifySignedCookie(signed, secret);
  if (token === null) return { kind: 'none' };
  // Times are compared in SQL: the columns are UTC "timestamp without time zone" and the pool's sessions run in UTC.
  // better-auth refreshes a session once expiresAt − expiresIn + updateAge has passed.
  const { rows } = await pgPool().query<SessionRow>(
    `SELECT s.expires_at > now() AS live,
            s.expires_at - make_interval(secs => $2) + make_interval(secs => $3) <= now() AS due_for_refresh,
            u.id, u.email, u.name, u.role::text AS role, u.specialties, u.active
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token = $1`,
    [token, expiresInSeconds, updateAgeSeconds],
  );
  const row = rows[0];
  if (!row?.live || row.due_for_refresh) return { kind: 'delegate' };
  const role = parseTerm(ROLES, row.role);
  if (!role) return { kind: 'delegate' };
  const { id, email, name, specialties, active } = row;
  return { kind: 'session', user: { id, email, name, role, specialties, active } };
}
