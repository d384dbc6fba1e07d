import type { Role } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';

export async function listUsers() {
  const users = await prisma.user.findMany({
    orderBy: [{ active: 'desc' }, { role: 'asc' }, { name: 'asc' }],
    select: { id: true, name: true, email: true, role: true, specialties: true, active: true },
  });
  return users.map((user) => ({ ...user, role: user.role as Role }));
}
