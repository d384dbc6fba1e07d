// Sign-in hardening against the real database. Every path that checks a password (the sign-in form's server
// action, better-auth's HTTP sign-in and password change) counts against one limit per account and one per
// client address; the address is the socket's (or the Nth from the right of X-Forwarded-For with
// TRUSTED_PROXY_HOPS=N), so a client rotating X-Forwarded-For gains nothing. The session cookie is httpOnly and
// SameSite=Lax always, Secure with the __Secure- prefix when the app is served over HTTPS.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/auth/[...all]/route';
import { prisma } from '@/lib/db';
import { SOCKET_ADDRESS_HEADER, installSocketAddressTap } from '@/lib/http/socket-address';
import { DEMO_USERS, seedDemoUsers } from '@/lib/seed/demo-users';

const requestHeaders = { current: new Headers() };
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));

const byEmail = (email: string) => DEMO_USERS.find((user) => user.email === email) as (typeof DEMO_USERS)[number];
const admin = DEMO_USERS.find((user) => user.role === 'ADMIN') as (typeof DEMO_USERS)[number];
const reviewer = DEMO_USERS.find((user) => user.role === 'REVIEWER') as (typeof DEMO_USERS)[number];
const expert = DEMO_USERS.find((user) => user.role === 'EXPERT') as (typeof DEMO_USERS)[number];
const LIMIT = 10; // SIGN_IN_ATTEMPTS_PER_MINUTE's default

beforeAll(async () => {
  await seedDemoUsers();
  // What instrumentation.ts does in the server: from here on the socket-address header is believed.
  installSocketAddressTap();
});

beforeEach(async () => {
  await prisma.rateLimit.deleteMany();
});

afterEach(() => {
  delete process.env.APP_URL;
});

const form = (email: string, password: string) => {
  const data = new FormData();
  data.set('email', email);
  data.set('password', password);
  return data;
};

/** A request to the app's own /api/auth route handler, from `socket` (as the socket tap would tag it). */
function authRequest(
  path: string,
  body: unknown,
  { socket, forwardedFor, cookie }: { socket: string; forwardedFor?: string; cookie?: string },
) {
  const headers = new Headers({ 'content-type': 'application/json', origin: 'http://localhost:3000', [SOCKET_ADDRESS_HEADER]: socket });
  if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
  if (cookie) headers.set('cookie', cookie);
  return POST(new Request(`http://localhost:3000/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
}
const rotatingAddress = (i: number) => `203.0.113.${i + 1}`;
/** Moves every sign-in bucket's window a minute into the past, as if the minute had passed. */
const letTheWindowPass = () => prisma.$executeRaw`UPDATE rate_limits SET last_request = last_request - 61000`;

describe('sign-in rate limiting', () => {
  it('the HTTP route, with a new X-Forwarded-For on every try, answers 429 after the limit and stays locked for the right password', async () => {
    const attempt = (i: number, password: string) =>
      authRequest('/sign-in/email', { email: reviewer.email, password }, { socket: '192.0.2.10', forwardedFor: rotatingAddress(i) });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await attempt(i, 'not-the-password')).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    const right = await attempt(99, reviewer.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect(((await right.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(await prisma.session.count({ where: { user: { email: reviewer.email } } })).toBe(0);
    await letTheWindowPass();
    expect((await attempt(100, reviewer.password)).status).toBe(200);
    expect(await prisma.session.count({ where: { user: { email: reviewer.email } } })).toBe(1);
  });

  it('the sign-in form says how long to wait, per account, even for the right password from another address', async () => {
    const { signInAction } = await import('@/lib/auth/actions');
    requestHeaders.current = new Headers({ host: 'localhost:3000', [SOCKET_ADDRESS_HEADER]: '198.51.100.1' });
    const messages: (string | undefined)[] = [];
    for (let i = 0; i < LIMIT; i += 1) messages.push((await signInAction({}, form(expert.email, 'wrong-password'))).error);
    expect(new Set(messages)).toEqual(new Set(['Wrong email or password.']));
    const blocked = await signInAction({}, form(expert.email, 'wrong-password'));
    expect(blocked.error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    // From another address the account is still locked for the rest of the minute; the right password does not
    // get through (and does not reveal that it was right).
    requestHeaders.current = new Headers({ host: 'localhost:3000', [SOCKET_ADDRESS_HEADER]: '198.51.100.2' });
    const rightPassword = await signInAction({}, form(expert.email, expert.password));
    expect(rightPassword.error).toMatch(/^Too many sign-in attempts/);
    expect(await prisma.session.count({ where: { user: { email: expert.email } } })).toBe(0);
  });

  it('the form sprayed across accounts with a rotating X-Forwarded-For is limited per (socket) address', async () => {
    const { signInAction } = await import('@/lib/auth/actions');
    const ADDRESS_LIMIT = LIMIT * 2;
    const errors: (string | undefined)[] = [];
    for (let i = 0; i <= ADDRESS_LIMIT; i += 1) {
      requestHeaders.current = new Headers({
        host: 'localhost:3000',
        [SOCKET_ADDRESS_HEADER]: '198.51.100.7',
        'x-forwarded-for': rotatingAddress(i),
      });
      errors.push((await signInAction({}, form(`spray-${i}@rubric-audit.local`, 'guess'))).error);
    }
    expect(errors.slice(0, ADDRESS_LIMIT).every((error) => error === 'Wrong email or password.')).toBe(true);
    expect(errors.at(-1)).toMatch(/^Too many sign-in attempts/);
    // Another client (another socket address) is not affected.
    requestHeaders.current = new Headers({
      host: 'localhost:3000',
      [SOCKET_ADDRESS_HEADER]: '198.51.100.8',
      'x-forwarded-for': rotatingAddress(0),
    });
    expect((await signInAction({}, form('spray-other@rubric-audit.local', 'guess'))).error).toBe('Wrong email or password.');
  });

  it('changing the password over HTTP counts against the same per-account limit', async () => {
    const target = byEmail('expert2@rubric-audit.local');
    const signedIn = await authRequest('/sign-in/email', { email: target.email, password: target.password }, { socket: '192.0.2.20' });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) {
      const response = await authRequest(
        '/change-password',
        { currentPassword: `wrong-${i}`, newPassword: 'a-brand-new-password' },
        { socket: '192.0.2.20', forwardedFor: rotatingAddress(i), cookie },
      );
      statuses.push(response.status);
    }
    // The sign-in was the account's first attempt of the minute.
    expect(statuses).toEqual([...Array(LIMIT - 1).fill(400), 429]);
  });
});

describe('session cookie attributes', () => {
  async function signInCookies(appUrl?: string): Promise<string[]> {
    vi.resetModules();
    delete (globalThis as { __rubricAuditAuth?: unknown }).__rubricAuditAuth;
    if (appUrl) process.env.APP_URL = appUrl;
    const { auth } = await import('@/lib/auth');
    const { headers } = await auth().api.signInEmail({
      body: { email: admin.email, password: admin.password },
      headers: new Headers({ 'x-forwarded-for': '192.0.2.9', host: 'localhost:3000' }),
      returnHeaders: true,
    });
    delete (globalThis as { __rubricAuditAuth?: unknown }).__rubricAuditAuth;
    return headers.getSetCookie();
  }

  it('over HTTP: httpOnly, SameSite=Lax, the 12-hour lifetime, no Secure flag', async () => {
    const session = (await signInCookies()).find((cookie) => cookie.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Max-Age=43200/);
    expect(session).not.toMatch(/; Secure/i);
  });

  it('over HTTPS (APP_URL https://…): Secure and the __Secure- prefix as well', async () => {
    const session = (await signInCookies('https://audit.example.org')).find((cookie) =>
      cookie.startsWith('__Secure-better-auth.session_token='),
    );
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });
});
