import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { DomainError, notFound } from '@/lib/errors';
import type { UpdateUserInput } from '@/lib/users/schemas';

const userFields = { id: true, email: true, name: true, role: true, specialties: true, active: true } as const;

/** Changes a user's name, role and specialties. An admin cannot demote themself (no lock-out). */
export async function updateUser({ actorId, input }: { actorId: string; input: UpdateUserInput }) {
  return await prisma.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: input.userId }, select: userFields });
    if (!before) throw notFound('The user');
    if (input.userId === actorId && input.role !== 'ADMIN') {
      throw new DomainError('INVALID', 'You cannot remove your own admin role.');
    }
    const after = await tx.user.update({
      where: { id: input.userId },
      data: { role: input.role, specialties: input.specialties, name: input.name },
      select: userFields,
    });
    await recordEvent(tx, { actorId, action: 'user.update', entityType: 'user', entityId: input.userId, before, after });
    return after;
  });
}

/** Deactivating signs the user out everywhere at once (their sessions are deleted). */
export async function setUserActive({ actorId, userId, active }: { actorId: string; userId: string; active: boolean }) {
  if (userId === actorId && !active) throw new DomainError('INVALID', 'You cannot deactivate your own account.');
  const result = await prisma.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: userFields });
    if (!before) throw notFound('The user');
    const after = await tx.user.update({ where: { id: userId }, data: { active }, select: userFields });
    if (!active) await tx.session.deleteMany({ where: { userId } });
    await recordEvent(tx, {
      actorId,
      action: active ? 'user.activate' : 'user.deactivate',
      entityType: 'user',
      entityId: userId,
      before,
      after,
    });
    return after;
  });
  return result;
}
