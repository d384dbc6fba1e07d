// The seeded demo's admin (as a session user) and its dataset, which many integration tests start from.
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';

export async function seedDemoAdmin(): Promise<{ admin: SessionUser; datasetId: number }> {
  await seedDemo({ log: () => {} });
  const row = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const admin: SessionUser = { id: row.id, email: row.email, name: row.name, role: 'ADMIN', specialties: [], active: true };
  return { admin, datasetId: (await prisma.dataset.findFirstOrThrow()).id };
}
