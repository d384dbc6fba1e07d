// Demo accounts, created on the first start of an empty database. Local-only passwords, printed once
// and listed in the README; change or deactivate these accounts on any shared machine.
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';

export interface DemoUser {
  name: string;
  email: string;
  password: string;
  role: Role;
  specialties: string[];
}

export const DEMO_USERS: DemoUser[] = [
  { name: 'Ada Admin', email: 'admin@rubric-audit.local', password: 'admin-demo-pass', role: 'ADMIN', specialties: [] },
  {
    name: 'Rui Reviewer',
    email: 'reviewer@rubric-audit.local',
    password: 'reviewer-demo-pass',
    role: 'REVIEWER',
    specialties: ['General Medicine'],
  },
  {
    name: 'Rosa Reviewer',
    email: 'reviewer2@rubric-audit.local',
    password: 'reviewer2-demo-pass',
    role: 'REVIEWER',
    specialties: ['Obstetrics'],
  },
  {
    name: 'Dr. Elena Marsh',
    email: 'expert1@rubric-audit.local',
    password: 'expert1-demo-pass',
    role: 'EXPERT',
    specialties: ['Cardiology', 'General Medicine'],
  },
  {
    name: 'Dr. Kenji Sato',
    email: 'expert2@rubric-audit.local',
    password: 'expert2-demo-pass',
    role: 'EXPERT',
    specialties: ['Pediatrics'],
  },
  {
    name: 'Dr. Amara Osei',
    email: 'expert3@rubric-audit.local',
    password: 'expert3-demo-pass',
    role: 'EXPERT',
    specialties: ['Endocrinology', 'Nutrition'],
  },
];

/** Creates the demo users when there are no users at all; returns the ones created. */
export async function seedDemoUsers(): Promise<DemoUser[]> {
  if ((await prisma.user.count()) > 0) return [];
  const rows = await Promise.all(DEMO_USERS.map(async (user) => ({ user, id: randomUUID(), hash: await hashPassword(user.password) })));
  await prisma.$transaction(
    rows.map(({ user, id, hash }) =>
      prisma.user.create({
        data: {
          id,
          name: user.name,
          email: user.email,
          emailVerified: true,
          role: user.role,
          specialties: user.specialties,
          accounts: { create: { id: randomUUID(), providerId: 'credential', accountId: id, password: hash } },
        },
      }),
    ),
  );
  return DEMO_USERS;
}
