// Sign-in hardening against the real database: repeated failed sign-ins are throttled (better-auth's HTTP
// endpoint answers 429; the sign-in form's server action says how long to wait), and the session cookie is
// httpOnly and SameSite=Lax always, Secure with the __Secure- prefix when the app is served over HTTPS.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db';
import { DEMO_USERS, seedDemoUsers } from '@/lib/seed/demo-users';

const requestHeaders = { current: new Headers() };
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));

const admin = DEMO_USERS.find((user) => user.role === 'ADMIN') as (typeof DEMO_USERS)[number];
const reviewer = DEMO_USERS.find((user) => user.role === 'REVIEWER') as (typeof DEMO_USERS)[number];
const expert = DEMO_USERS.find((user) => user.role === 'EXPERT') as (typeof DEMO_USERS)[number];
const LIMIT = 10; // SIGN_IN_ATTEMPTS_PER_MINUTE's default

beforeAll(async () => {
  await seedDemoUsers();
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

describe('sign-in rate limiting', () => {
  it('the HTTP sign-in endpoint answers 429 after the per-minute limit, counted in the database', async () => {
    const { auth } = await import('@/lib/auth');
    const attempt = () =>
      auth().handler(
        new Request('http://localhost:3000/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', origin: 'http://localhost:3000' },
          body: JSON.stringify({ email: reviewer.email, password: 'not-the-password' }),
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await attempt()).status);
    expect(statuses.slice(0, LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    const limited = await attempt();
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect(await prisma.rateLimit.count({ where: { key: { contains: 'sign-in' } } })).toBeGreaterThan(0);
  });

  it('the sign-in form says how long to wait, per address and per account, even for the right password', async () => {
    const { signInAction } = await import('@/lib/auth/actions');
    requestHeaders.current = new Headers({ 'x-forwarded-for': '198.51.100.1' });
    const messages: (string | undefined)[] = [];
    for (let i = 0; i < LIMIT; i += 1) messages.push((await signInAction({}, form(expert.email, 'wrong-password'))).error);
    expect(new Set(messages)).toEqual(new Set(['Wrong email or password.']));
    const blocked = await signInAction({}, form(expert.email, 'wrong-password'));
    expect(blocked.error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    // From another address the account is still locked for the rest of the minute; the right password does not
    // get through (and does not reveal that it was right).
    requestHeaders.current = new Headers({ 'x-forwarded-for': '198.51.100.2' });
    const rightPassword = await signInAction({}, form(expert.email, expert.password));
    expect(rightPassword.error).toMatch(/^Too many sign-in attempts/);
    expect(await prisma.session.count({ where: { user: { email: expert.email } } })).toBe(0);
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
