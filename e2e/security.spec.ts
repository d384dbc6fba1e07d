// Security headers, cookies and sessions, hostile URL parameters and stored-XSS rendering, against `next start`.
// Data of its own: a dataset imported here (department Toxicology), sessions made here.
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@/lib/auth/roles';
import { ROLES } from '@/lib/auth/roles';
import { ROUTE_POLICY } from '@/lib/auth/route-policy';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/auth';
import { disconnectDb, prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/socket-address';
import { HOSTILE_TEXT, URL_CASES } from '@/tools/fixtures/hostile-inputs';
import { alertIn } from './expect-alert';
import { demoUser, signIn, storageStateFor } from './fixtures';

const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cross-origin-opener-policy': 'same-origin',
};

test.describe('security headers', () => {
  test('pages get a per-request nonce CSP without unsafe-inline scripts, and the static headers', async ({ request }) => {
    const first = await request.get('/sign-in');
    const second = await request.get('/sign-in');
    expect(first.status()).toBe(200);
    const csp = first.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()['content-security-policy']).not.toContain(nonce);
    for (const directive of [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // Next.js puts the nonce on its own scripts; every <script> in the page carries it.
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers()).toMatchObject(STATIC_HEADERS);
    expect(first.headers()['x-powered-by']).toBeUndefined();
    // Plain HTTP: no HSTS (browsers ignore it there). Behind a TLS-terminating proxy: HSTS.
    expect(first.headers()['strict-transport-security']).toBeUndefined();
    const https = await request.get('/sign-in', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  test('API routes get a CSP that allows nothing, and the static headers', async ({ request }) => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/imports', 401],
      ['/api/auth/get-session', 200],
    ] as const) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(status);
      expect(response.headers()['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(response.headers(), url).toMatchObject(STATIC_HEADERS);
    }
    // The API bypasses proxy.ts (uploads stream); next.config.js gives it HSTS behind TLS.
    for (const url of ['/api/health', '/api/imports', '/api/imports/1']) {
      const https = await request.get(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers()['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
      expect((await request.get(url)).headers()['strict-transport-security'], url).toBeUndefined();
    }
  });
});

test.describe('Flight answers', () => {
  // Server actions and client navigations answer with Flight data, not documents: proxy.ts (the document CSP)
  // skips them (issue 21: it cost each about 4 ms of CPU), next.config.js still gives them the static headers and
  // HSTS behind TLS. The same page fetched as a document still gets its nonce CSP.
  test('a server action and a client navigation get the static headers and HSTS behind TLS, and no document CSP', async ({ request }) => {
    const answers = {
      action: (headers: Record<string, string>) =>
        request.post('/sign-in', {
          headers: { 'next-action': '00'.repeat(21), accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', ...headers },
          data: '[]',
          maxRedirects: 0,
        }),
      navigation: (headers: Record<string, string>) => request.get('/sign-in', { headers: { rsc: '1', ...headers }, maxRedirects: 0 }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const plain = await answer({});
      expect(plain.status(), name).toBeLessThan(500);
      expect(plain.headers(), name).toMatchObject(STATIC_HEADERS);
      expect(plain.headers()['content-security-policy'], name).toBeUndefined();
      expect(plain.headers()['strict-transport-security'], name).toBeUndefined();
      const https = await answer({ 'x-forwarded-proto': 'https' });
      expect(https.headers()['strict-transport-security'], name).toBe('max-age=63072000; includeSubDomains');
    }
    const page = await request.get('/sign-in');
    expect(page.headers()['content-security-policy']).toMatch(/'nonce-[^']+'/);
  });
});

/** Records CSP violations and uncaught errors in the page (the listener is installed before any page script). */
async function watchViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error on ${new URL(page.url()).pathname}: ${error.message}`));
  await page.exposeFunction('__reportCsp', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCsp: (text: string) => void }).__reportCsp(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  return problems;
}

const pagesFor = (role: Role) =>
  ROUTE_POLICY.filter((policy) => policy.kind === 'page' && policy.roles !== 'public' && policy.roles.includes(role)).map(
    (policy) => policy.sample ?? policy.route,
  );

for (const role of ROLES) {
  test.describe(`${role.toLowerCase()}: the CSP breaks nothing`, () => {
    test.use({ storageState: storageStateFor(role) });
    test(`no CSP violation or script error on any of the ${role.toLowerCase()}'s pages`, async ({ page }) => {
      test.setTimeout(180_000);
      const problems = await watchViolations(page);
      const visited: string[] = [];
      for (const url of pagesFor(role)) {
        const response = await page.goto(url);
        expect([200, 404], url).toContain(response?.status());
        await page.waitForLoadState('networkidle');
        visited.push(url);
      }
      expect(visited.length).toBeGreaterThan(3);
      expect(problems).toEqual([]);
    });
  });
}

test('the sign-in page works under the CSP (anonymous)', async ({ page }) => {
  const problems = await watchViolations(page);
  const user = demoUser('REVIEWER', 1);
  await signIn(page, user.email, user.password);
  expect(problems).toEqual([]);
});

test.describe('cookies and sessions', () => {
  test('the session cookie is httpOnly and SameSite=Lax (not Secure over plain HTTP); sessions last 12 hours', async ({
    page,
    context,
  }) => {
    const user = demoUser('EXPERT', 1);
    await signIn(page, user.email, user.password);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    for (const cookie of cookies) expect(cookie.httpOnly, cookie.name).toBe(true);
    const token = decodeURIComponent(session?.value ?? '').split('.')[0] ?? '';
    const row = await prisma.session.findUniqueOrThrow({ where: { token } });
    const lifetime = (row.expiresAt.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(SESSION_MAX_AGE_SECONDS - 120);
    expect(lifetime).toBeLessThanOrEqual(SESSION_MAX_AGE_SECONDS);
    // The cookie itself is not readable from page scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');
  });

  test('an expired session is refused: pages send to sign-in, the API answers 401', async ({ page, context }) => {
    const user = demoUser('ADMIN');
    await signIn(page, user.email, user.password);
    expect((await page.request.get('/api/imports')).status()).toBe(200);
    const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('session_token'));
    const token = decodeURIComponent(session?.value ?? '').split('.')[0] ?? '';
    const expired = await prisma.session.updateMany({ where: { token }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(expired.count).toBe(1);
    await page.goto('/datasets');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.request.get('/api/imports')).status()).toBe(401);
  });
});

test('repeated failed sign-ins are throttled with a clear message on the form', async ({ page }) => {
  // scripts/e2e.ts allows 12 attempts per account per minute (the address limit is lifted for the suite).
  const LIMIT = 12;
  const email = `throttled-${Date.now()}@rubric-audit.local`;
  const messages: string[] = [];
  for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
    // A fresh form each time: no stale alert to mistake for this attempt's answer, no reset racing the typing.
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(`wrong-password-${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alertIn(page)).toHaveText(attempt < LIMIT ? 'Wrong email or password.' : /Too many sign-in attempts/);
    messages.push((await alertIn(page).textContent()) ?? '');
  }
  expect(messages.at(-1)).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
});

/** An expert account of this test's own, so locking it out disturbs no other test. */
async function freshAccount(password: string): Promise<string> {
  const id = randomUUID();
  const email = `probe-${id}@rubric-audit.local`;
  await prisma.user.create({
    data: {
      id,
      email,
      name: 'Probe account',
      emailVerified: true,
      role: 'EXPERT',
      accounts: { create: { id: randomUUID(), providerId: 'credential', accountId: id, password: await hashPassword(password) } },
    },
  });
  return email;
}

test.describe('better-auth over HTTP (issue 16)', () => {
  // What a client can forge: X-Forwarded-For and the app's own address headers.
  const forged = (i: number) => ({
    'x-forwarded-for': `203.0.113.${i + 1}`,
    [SOCKET_ADDRESS_HEADER]: '198.51.100.99',
    [CLIENT_ADDRESS_HEADER]: '198.51.100.98',
  });

  test('POST /api/auth/sign-in/email with a new X-Forwarded-For each time is throttled per account, right password included', async ({
    request,
    baseURL,
  }) => {
    const LIMIT = 12; // scripts/e2e.ts: SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE
    const password = 'the-right-password';
    const email = await freshAccount(password);
    const attempt = (i: number, guess: string) =>
      request.post('/api/auth/sign-in/email', { data: { email, password: guess }, headers: { origin: baseURL ?? '', ...forged(i) } });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await attempt(i, `wrong-${i}`)).status());
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
    const right = await attempt(99, password);
    expect(right.status()).toBe(429);
    expect(Number(right.headers()['x-retry-after'])).toBeGreaterThan(0);
    expect(await prisma.session.count({ where: { user: { email } } })).toBe(0);
  });

  test("under next start the address recorded is the socket's, whatever the client forged", async ({ request, baseURL }) => {
    const password = 'the-right-password';
    const email = await freshAccount(password);
    const response = await request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { origin: baseURL ?? '', ...forged(0) },
    });
    expect(response.status()).toBe(200);
    const session = await prisma.session.findFirstOrThrow({ where: { user: { email } } });
    expect(['127.0.0.1', '::1']).toContain(session.ipAddress);
  });

  test.describe('as an expert', () => {
    test.use({ storageState: storageStateFor('EXPERT') });
    test('POST /api/auth/update-user is refused: names and pictures are changed by an admin', async ({ page, baseURL }) => {
      const expert = demoUser('EXPERT');
      for (const data of [{ name: 'Ada Admin' }, { image: 'javascript:alert(1)' }]) {
        const response = await page.request.post('/api/auth/update-user', { data, headers: { origin: baseURL ?? '' } });
        expect(response.status()).toBe(403);
      }
      const row = await prisma.user.findUniqueOrThrow({ where: { email: expert.email } });
      expect(row).toMatchObject({ name: expert.name, image: null });
    });
  });
});

test.describe('hostile URL parameters', () => {
  for (const role of ['ADMIN', 'EXPERT', 'REVIEWER'] as const) {
    const cases = URL_CASES.filter((entry) => entry.role === role);
    test.describe(role.toLowerCase(), () => {
      test.use({ storageState: storageStateFor(role) });
      test(`${cases.length} hostile URLs: the expected status, no server error, nothing rendered as HTML`, async ({ page }) => {
        test.setTimeout(120_000);
        const dialogs: string[] = [];
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        for (const entry of cases) {
          if (entry.url.startsWith('/api/')) {
            const response = await page.request.get(entry.url);
            expect(response.status(), entry.name).toBe(entry.status);
            if (entry.error) expect(((await response.json()) as { error: string }).error, entry.name).toMatch(entry.error);
            continue;
          }
          const response = await page.goto(entry.url);
          expect(response?.status(), entry.name).toBe(entry.status);
          const html = (await response?.text()) ?? '';
          expect(html, entry.name).not.toContain(HOSTILE_TEXT.script);
          expect(html, entry.name).not.toContain(HOSTILE_TEXT.imgOnerror);
          await expect(page.locator('img[src="x"]'), entry.name).toHaveCount(0);
        }
        expect(dialogs).toEqual([]);
      });
    });
  }
});

test.describe('stored hostile text', () => {
  test.use({ storageState: storageStateFor('ADMIN') });
  test('a <script>/<img onerror> criterion and query render as text: no dialog, no injected element', async ({ page }) => {
    const payload = `${HOSTILE_TEXT.script}${HOSTILE_TEXT.imgOnerror}${HOSTILE_TEXT.svgOnload}`;
    const datasetName = `Security e2e ${HOSTILE_TEXT.imgOnerror}`;
    const record = {
      id: 'xss-1',
      category: 'CLINICAL_CARE',
      department: 'Toxicology',
      conversation: [{ role: 'user', content: `Question ${payload}` }],
      criteria: [
        {
          id: 'c1',
          title: `Title ${payload}`,
          description: `Description ${payload}`,
          tier: 'ESSENTIAL',
          points: 5,
          tags: [payload.slice(0, 150)],
        },
      ],
    };
    const summary = await importFile({ source: bufferSource('xss.jsonl', JSON.stringify(record)), datasetName });
    expect(summary.ok).toBe(true);
    const criterion = await prisma.criterion.findFirstOrThrow({
      where: { key: 'c1', query: { externalId: 'xss-1', dataset: { name: datasetName } } },
      select: { id: true },
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/datasets');
    await expect(page.getByText(datasetName).first()).toBeVisible();
    await page.goto(`/criteria?dataset=${summary.datasetId}&open=${criterion.id}`);
    await expect(page.getByText(`Title ${payload}`).first()).toBeVisible();
    await expect(page.getByText(`Description ${payload}`).first()).toBeVisible();
    await expect(page.getByText(`Question ${payload}`).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('svg[onload]')).toHaveCount(0);
    const injectedScripts = await page
      .locator('script')
      .evaluateAll(
        (nodes) => nodes.filter((node) => node.textContent?.includes('alert("xss")') && !node.textContent.includes('self.__next_f')).length,
      );
    expect(injectedScripts).toBe(0);
    expect(dialogs).toEqual([]);
  });
});

test.afterAll(async () => {
  await disconnectDb();
});
