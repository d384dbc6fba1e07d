// Creates a user with a password (there is no public sign-up). Uses better-auth's own adapter and hasher.
import { auth } from '@/lib/auth';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { conflict } from '@/lib/errors';
import type { CreateUserInput } from '@/lib/users/schemas';

export async function createUser({ actorId, input }: { actorId: string | null; input: CreateUserInput }) {
  const context = await auth().$context;
  if (await context.internalAdapter.findUserByEmail(input.email)) {
    throw conflict(`A user with the email ${input.email} already exists.`);
  }
  const hash = await context.password.hash(input.password);
  const user = await context.internalAdapter.createUser(
    { name: input.name, email: input.email, emailVerified: true, role: input.role, specialties: input.specialties, active: true },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  await recordEvent(prisma, {
    actorId,
    action: 'user.create',
    entityType: 'user',
    entityId: user.id,
    after: { email: input.email, name: input.name, role: input.role, specialties: input.specialties },
  });
  return { id: user.id, email: input.email };
}
