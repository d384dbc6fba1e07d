// First-start demo content: users (and, once importing exists, the demo dataset through the real import).
import { DEMO_USERS, seedDemoUsers } from '@/lib/seed/demo-users';

export async function seedDemo({ log }: { log: (line: string) => void }): Promise<boolean> {
  const users = await seedDemoUsers();
  if (users.length === 0) return false;
  log('Created demo users (local-only passwords, shown once; also listed in README.md):');
  for (const user of DEMO_USERS) log(`  ${user.role.padEnd(8)} ${user.email.padEnd(30)} ${user.password}`);
  return true;
}
