// A draft release: a name, the next version number under that name, and its rules. Nothing is copied yet;
// the draft's page previews what freezing would include.
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { invalid } from '@/lib/errors';
import type { CreateReleaseInput } from '@/lib/releases/schemas';

export async function createRelease({ actor, input }: { actor: Pick<SessionUser, 'id'>; input: CreateReleaseInput }) {
  const datasets = await prisma.dataset.count({ where: { id: { in: input.rules.datasetIds } } });
  if (datasets !== input.rules.datasetIds.length)
    throw invalid('A chosen dataset does not exist.', { 'rules.datasetIds': ['Unknown dataset'] });
  return await prisma.$transaction(async (tx) => {
    // Serialise version numbering per name (two admins creating "v" at once get 1 and 2, not a conflict).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`release:${input.name}`}))`;
    const last = await tx.release.aggregate({ where: { name: input.name }, _max: { version: true } });
    const release = await tx.release.create({
      data: {
        name: input.name,
        version: (last._max.version ?? 0) + 1,
        description: input.description ?? null,
        rules: input.rules,
        createdById: actor.id,
      },
      select: { id: true, name: true, version: true },
    });
    await recordEvent(tx, {
      actorId: actor.id,
      action: 'release.create',
      entityType: 'Release',
      entityId: release.id,
      after: { ...release, rules: input.rules },
    });
    return release;
  });
}
