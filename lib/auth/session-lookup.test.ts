// The one-statement session lookup against better-auth's getSession, case by case on the real database: where
// it answers by itself it must answer what better-auth answers, and everything that makes better-auth write
// (refresh, clean-up) or read other cookies must be handed to it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/auth/[...all]/route';
import { auth } from '@/lib/auth';
import { lookupSession, verifySignedCookie } from '@/lib/auth/session-lookup';
import { prisma } from '@/lib/db';
import { createUser } from '@/lib/users/create-user';

const PASSWORD = 'session-lookup-pass';
const COOKIE = 'better-auth.session_token';
let email: string;
let userId: string;
let cookie: string;

/** Signs in through the app's own auth route and returns the session cookie as a browser would send it. */
async function signIn(): Promise<string> {
  const response = await POST(
    new Request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
  expect(response.status).toBe(200);
  const line = response.headers.getSetCookie().find((each) => each.startsWith(`${COOKIE}=`));
  if (!line) throw new Error('no session cookie');
  return line.split(';')[0] as string;
}

const tokenOf = (sessionCookie: string) => decodeURIComponent(sessionCookie.slice(COOKIE.length + 1)).split('.')[0] as string;

async function both(cookieHeader: string | null) {
  // A host, as every request has: better-auth resolves its base URL from it.
  const headers = new Headers({ host: 'localhost:3000', ...(cookieHeader === null ? {} : { cookie: cookieHeader }) });
  const fast = await lookupSession(headers);
  const slow = await auth().api.getSession({ headers });
  return { fast, slow };
}

beforeAll(async () => {
  email = `lookup-${randomUUID()}@example.org`;
  const created = await createUser({
    actorId: null,
    input: { name: 'Lookup Expert', email, password: PASSWORD, role: 'EXPERT', specialties: ['Cardiology', 'Ünïcode'] },
  });
  userId = created.id;
  cookie = await signIn();
});

describe('lookupSession', () => {
  it('a live session: the same user as better-auth, with no write', async () => {
    const before = await prisma.session.findFirstOrThrow({ where: { userId }, select: { expiresAt: true, updatedAt: true } });
    const { fast, slow } = await both(cookie);
    expect(fast.kind).toBe('session');
    if (fast.kind !== 'session' || !slow) throw new Error('no session');
    expect(fast.user).toEqual({
      id: slow.user.id,
      email: slow.user.email,
      name: slow.user.name,
      role: slow.user.role,
      specialties: slow.user.specialties,
      active: slow.user.active,
    });
    expect(fast.user).toMatchObject({ id: userId, role: 'EXPERT', specialties: ['Cardiology', 'Ünïcode'], active: true });
    const after = await prisma.session.findFirstOrThrow({ where: { userId }, select: { expiresAt: true, updatedAt: true } });
    expect(after).toEqual(before);
  });

  it('among other cookies, and percent-encoded as browsers may send it', async () => {
    const [name, value] = [COOKIE, cookie.slice(COOKIE.length + 1)];
    const encoded = `${name}=${encodeURIComponent(decodeURIComponent(value))}`;
    const { fast } = await both(`theme=dark; ${encoded}; other=1`);
    expect(fast).toMatchObject({ kind: 'session', user: { id: userId } });
  });

  it('no cookie, a forged signature, a changed token or a cookie without signature: nobody, as for better-auth', async () => {
    const token = tokenOf(cookie);
    const signature = decodeURIComponent(cookie.slice(COOKIE.length + 1)).split('.')[1] as string;
    const otherToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      null,
      'theme=dark',
      `${COOKIE}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      `${COOKIE}=${encodeURIComponent(`${otherToken}.${signature}`)}`,
      `${COOKIE}=${token}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${signature.slice(0, -2)}==`)}`,
    ];
    for (const header of forged) {
      const { fast, slow } = await both(header);
      expect(fast, String(header)).toEqual({ kind: 'none' });
      expect(slow, String(header)).toBeNull();
    }
  });

  it('verifySignedCookie accepts exactly the HMAC of the value under the secret', async () => {
    const value = decodeURIComponent(cookie.slice(COOKIE.length + 1));
    const { secret } = await auth().$context;
    expect(verifySignedCookie(value, secret)).toBe(tokenOf(cookie));
    expect(verifySignedCookie(value, `${secret}x`)).toBeNull();
    expect(verifySignedCookie('.abc', secret)).toBeNull();
    expect(verifySignedCookie('no-dot', secret)).toBeNull();
  });

  it('a deactivated user is returned inactive (the caller refuses), as better-auth returns them', async () => {
    await prisma.user.update({ where: { id: userId }, data: { active: false } });
    try {
      const { fast, slow } = await both(cookie);
      expect(fast).toMatchObject({ kind: 'session', user: { id: userId, active: false } });
      expect(slow?.user.active).toBe(false);
    } finally {
      await prisma.user.update({ where: { id: userId }, data: { active: true } });
    }
  });

  it('hands to better-auth a session due for its refresh, which better-auth then extends', async () => {
    const fresh = await signIn();
    const token = tokenOf(fresh);
    // Signed in two hours ago: past the hourly update age.
    const twoHoursAgo = new Date(Date.now() + 10 * 3_600_000);
    await prisma.session.update({ where: { token }, data: { expiresAt: twoHoursAgo } });
    const { fast, slow } = await both(fresh);
    expect(fast).toEqual({ kind: 'delegate' });
    expect(slow?.user.id).toBe(userId);
    const refreshed = await prisma.session.findUniqueOrThrow({ where: { token }, select: { expiresAt: true } });
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(twoHoursAgo.getTime() + 3_600_000);
    // Refreshed, it is answered here again.
    expect((await both(fresh)).fast.kind).toBe('session');
  });

  it('hands to better-auth an expired session and an unknown token, which both answer nobody', async () => {
    const expiredCookie = await signIn();
    await prisma.session.update({ where: { token: tokenOf(expiredCookie) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await both(expiredCookie);
    expect(expired.fast).toEqual({ kind: 'delegate' });
    expect(expired.slow).toBeNull();

    const goneCookie = await signIn();
    await prisma.session.delete({ where: { token: tokenOf(goneCookie) } });
    const gone = await both(goneCookie);
    expect(gone.fast).toEqual({ kind: 'delegate' });
    expect(gone.slow).toBeNull();
  });

  it('hands to better-auth a request that also carries its "don’t remember me" or cached-session cookie', async () => {
    for (const extra of ['better-auth.dont_remember=x', 'better-auth.session_data=x']) {
      const { fast, slow } = await both(`${cookie}; ${extra}`);
      expect(fast, extra).toEqual({ kind: 'delegate' });
      expect(slow === null || slow.user.id === userId, extra).toBe(true);
    }
  });
});
