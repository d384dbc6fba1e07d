// Users cannot edit their own profile through better-auth (issue 16, finding 4): update-user, change-email,
// delete-user and the other self-service user writes are refused over HTTP (the app's route handler), by
// better-auth's own router (disabledPaths) and from server code (the before hook). Names change only through the
// admin's user management, which records an AuditEvent and refuses control characters and any profile picture.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/auth/[...all]/route';
import { auth } from '@/lib/auth';
import { AUTH_HTTP_ROUTES, UNUSED_PATHS, USER_WRITE_PATHS } from '@/lib/auth/auth-routes';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { SOCKET_ADDRESS_HEADER, installSocketAddressTap } from '@/lib/http/socket-address';
import { DEMO_USERS, seedDemoUsers } from '@/lib/seed/demo-users';
import { createUserAction, updateUserAction } from '@/lib/users/actions';

const expert = DEMO_USERS.find((user) => user.email === 'expert3@rubric-audit.local') as (typeof DEMO_USERS)[number];
const ORIGIN = 'http://localhost:3000';
let cookie: string;

const headersFor = (extra: Record<string, string> = {}) =>
  new Headers({
    'content-type': 'application/json',
    origin: ORIGIN,
    host: 'localhost:3000',
    [SOCKET_ADDRESS_HEADER]: '192.0.2.30',
    ...extra,
  });
const post = (path: string, body: unknown, withCookie = true) =>
  POST(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: 'POST',
      headers: headersFor(withCookie ? { cookie } : {}),
      body: JSON.stringify(body),
    }),
  );

beforeAll(async () => {
  await seedDemoUsers();
  installSocketAddressTap();
  const signedIn = await post('/sign-in/email', { email: expert.email, password: expert.password }, false);
  expect(signedIn.status).toBe(200);
  cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
});

describe('self-service profile edits', () => {
  it('POST /api/auth/update-user is refused for a signed-in expert: no impersonating name, no javascript: image', async () => {
    const before = await prisma.user.findUniqueOrThrow({ where: { email: expert.email } });
    for (const body of [{ name: 'Ada Admin <img src=x onerror=alert(1)>' }, { image: 'javascript:alert(document.cookie)' }]) {
      const response = await post('/update-user', body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'MANAGED_BY_ADMIN', message: expect.stringMatching(/admin/) });
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { email: expert.email } })).toEqual(before);
  });

  it('every better-auth endpoint that writes a user is refused over HTTP, with or without a trailing slash', async () => {
    for (const path of ['/update-user', '/update-user/', '/change-email', '/delete-user', '/sign-up/email', '/reset-password/some-token']) {
      const response = await post(path, { name: 'x', newEmail: 'me@evil.example', email: 'me@evil.example', password: 'long-password' });
      expect(response.status, path).toBe(403);
    }
    // Endpoints the app does not use are not served at all.
    for (const path of ['/list-sessions', '/revoke-other-sessions', '/verify-password', '/UPDATE-USER']) {
      expect((await post(path, {})).status, path).toBe(404);
    }
    expect(await prisma.user.count({ where: { email: expert.email } })).toBe(1);
    expect(await prisma.user.count({ where: { email: 'me@evil.example' } })).toBe(0);
  });

  it("better-auth's own router and its server API refuse them too (defence in depth)", async () => {
    const direct = await auth().handler(
      new Request(`${ORIGIN}/api/auth/update-user`, { method: 'POST', headers: headersFor({ cookie }), body: '{"name":"Mallory"}' }),
    );
    expect(direct.status).toBe(404);
    await expect(auth().api.updateUser({ body: { name: 'Mallory' }, headers: headersFor({ cookie }) })).rejects.toMatchObject({
      statusCode: 403,
      body: { code: 'MANAGED_BY_ADMIN' },
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { email: expert.email } })).name).toBe(expert.name);
  });
});

it('every endpoint better-auth has is classified: served, refused as a user write, or unused (an upgrade adding one fails here)', () => {
  const known = new Set([...AUTH_HTTP_ROUTES.map((route) => route.path), ...USER_WRITE_PATHS, ...UNUSED_PATHS]);
  const endpoints = Object.values(auth().api as unknown as Record<string, { path?: string }>).map((endpoint) => endpoint.path);
  expect(endpoints.length).toBeGreaterThan(20);
  expect(endpoints.filter((path) => path && !known.has(path))).toEqual([]);
});

describe("the admin's user management", () => {
  let admin: SessionUser;
  beforeAll(async () => {
    const row = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
    admin = { id: row.id, email: row.email, name: row.name, role: 'ADMIN', specialties: [], active: true };
  });

  it('renames a user and records an AuditEvent with the names before and after', async () => {
    const target = await prisma.user.findUniqueOrThrow({ where: { email: expert.email } });
    const result = await runAsUser(admin, () =>
      updateUserAction({ userId: target.id, name: 'Dr. Amara Osei-Mensah', role: 'EXPERT', specialties: target.specialties }),
    );
    expect(result).toMatchObject({ ok: true });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).name).toBe('Dr. Amara Osei-Mensah');
    const event = await prisma.auditEvent.findFirstOrThrow({
      where: { entityId: target.id, action: 'user.update' },
      orderBy: { id: 'desc' },
    });
    expect(event).toMatchObject({
      actorId: admin.id,
      before: expect.objectContaining({ name: target.name }),
      after: expect.objectContaining({ name: 'Dr. Amara Osei-Mensah' }),
    });
  });

  it('refuses a profile picture (any value) and a name with control characters, on create and on edit', async () => {
    const target = await prisma.user.findUniqueOrThrow({ where: { email: expert.email } });
    const edit = { userId: target.id, name: 'Fine name', role: 'EXPERT' as const, specialties: [] };
    const image = await runAsUser(admin, () => updateUserAction({ ...edit, image: 'javascript:alert(1)' } as never));
    expect(image).toMatchObject({ ok: false, code: 'INVALID', fieldErrors: { image: [expect.stringMatching(/not used/)] } });
    const newline = await runAsUser(admin, () => updateUserAction({ ...edit, name: 'Ada Admin\r\nReviewer' }));
    expect(newline).toMatchObject({ ok: false, code: 'INVALID', fieldErrors: { name: [expect.stringMatching(/one line/)] } });
    const created = await runAsUser(admin, () =>
      createUserAction({
        name: 'New',
        email: 'new-user@rubric-audit.local',
        password: 'long-enough-password',
        role: 'EXPERT',
        image: 'https://evil.example/x.png',
      } as never),
    );
    expect(created).toMatchObject({ ok: false, code: 'INVALID', fieldErrors: { image: expect.any(Array) } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).image).toBeNull();
    expect(await prisma.user.count({ where: { email: 'new-user@rubric-audit.local' } })).toBe(0);
  });
});
