import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { consumeAttempt } from '@/lib/auth/throttle';
import { prisma } from '@/lib/db';
import { seedDemoUsers } from '@/lib/seed/demo-users';
import { createUserAction, setUserActiveAction, updateUserAction } from '@/lib/users/actions';

async function admin(): Promise<SessionUser> {
  await seedDemoUsers();
  const row = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  return { id: row.id, email: row.email, name: row.name, role: 'ADMIN', specialties: [], active: true };
}

describe('user administration', () => {
  it('creates a user with a hashed password, normalized email and specialties, and logs it', async () => {
    const actor = await admin();
    const result = await runAsUser(actor, () =>
      createUserAction({
        name: ' Dr. Lee ',
        email: 'Dr.Lee@Example.ORG',
        password: 'correct-horse',
        role: 'EXPERT',
        specialties: 'Cardiology, cardiology , Nephrology',
      }),
    );
    expect(result).toMatchObject({ ok: true, data: { email: 'dr.lee@example.org' } });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: 'dr.lee@example.org' } });
    expect(user).toMatchObject({ name: 'Dr. Lee', role: 'EXPERT', specialties: ['Cardiology', 'cardiology', 'Nephrology'], active: true });
    const account = await prisma.account.findFirstOrThrow({ where: { userId: user.id } });
    expect('password' in account).toBe(false); // secrets are omitted by the app's default client
    const { authPrisma } = await import('@/lib/db');
    const secret = await authPrisma.account.findFirstOrThrow({ where: { userId: user.id } });
    expect(secret.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(secret.password).not.toContain('correct-horse');
    const event = await prisma.auditEvent.findFirstOrThrow({ where: { entityType: 'user', entityId: user.id } });
    expect(event).toMatchObject({ action: 'user.create', actorId: actor.id });
  });

  it('reports every invalid field, and refuses duplicate emails', async () => {
    const actor = await admin();
    const invalid = await runAsUser(actor, () =>
      createUserAction({ name: '', email: 'not-an-email', password: 'x', role: 'ROOT' as never }),
    );
    expect(invalid.ok).toBe(false);
    if (invalid.ok) return;
    expect(Object.keys(invalid.fieldErrors ?? {}).sort()).toEqual(['email', 'name', 'password', 'role']);
    const duplicate = await runAsUser(actor, () =>
      createUserAction({ name: 'Twin', email: 'expert1@rubric-audit.local', password: 'long-enough', role: 'EXPERT' }),
    );
    expect(duplicate).toMatchObject({ ok: false, code: 'CONFLICT' });
  });

  it('deactivation deletes the sessions; an admin cannot lock themself out', async () => {
    const actor = await admin();
    const expert = await prisma.user.findFirstOrThrow({ where: { role: 'EXPERT' } });
    await prisma.session.create({ data: { id: 's1', token: 'tok-1', userId: expert.id, expiresAt: new Date(Date.now() + 3600_000) } });
    const off = await runAsUser(actor, () => setUserActiveAction({ userId: expert.id, active: false }));
    expect(off).toMatchObject({ ok: true, data: { active: false } });
    expect(await prisma.session.count({ where: { userId: expert.id } })).toBe(0);
    expect(await runAsUser(actor, () => setUserActiveAction({ userId: actor.id, active: 'false' }))).toMatchObject({
      ok: false,
      code: 'INVALID',
    });
    expect(
      await runAsUser(actor, () => updateUserAction({ userId: actor.id, name: 'Ada', role: 'EXPERT', specialties: [] })),
    ).toMatchObject({
      ok: false,
      code: 'INVALID',
    });
    const events = await prisma.auditEvent.findMany({ where: { entityId: expert.id }, orderBy: { id: 'asc' } });
    expect(events.map((event) => event.action)).toEqual(['user.deactivate']);
    expect(events[0]?.before).toMatchObject({ active: true });
    expect(events[0]?.after).toMatchObject({ active: false });
  });

  it('the audit trail refuses updates and deletes', async () => {
    const actor = await admin();
    await runAsUser(actor, () => createUserAction({ name: 'Log', email: 'log@example.org', password: 'long-enough', role: 'EXPERT' }));
    await expect(prisma.auditEvent.updateMany({ data: { action: 'tampered' } })).rejects.toThrow(/append-only/);
    await expect(prisma.auditEvent.deleteMany({})).rejects.toThrow(/append-only/);
  });
});

describe('sign-in throttle', () => {
  it('allows max attempts per window, then says how long to wait; concurrent attempts are counted exactly', async () => {
    const results = await Promise.all(Array.from({ length: 9 }, () => consumeAttempt('test:key', 5, 60)));
    expect(results.filter((wait) => wait === 0)).toHaveLength(5);
    expect(results.filter((wait) => wait > 0 && wait <= 60)).toHaveLength(4);
    expect(await consumeAttempt('test:other', 5, 60)).toBe(0);
  });

  it('never asks to wait longer than the window, even when a concurrent request opened it a moment "later"', async () => {
    // What Promise.all above can produce by chance: the stored window starts after this request read its clock.
    await prisma.$executeRaw`INSERT INTO rate_limits (id, key, count, last_request) VALUES ('t-late', 'test:late', 5, ${Date.now() + 800})`;
    expect(await consumeAttempt('test:late', 5, 60)).toBe(60);
  });
});
