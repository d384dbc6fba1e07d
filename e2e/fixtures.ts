// Shared e2e helpers: demo accounts, signing in through the real form, and per-role stored sessions.
import { type Page, expect } from '@playwright/test';
import type { Role } from '@/lib/auth/roles';
import { DEMO_USERS, type DemoUser } from '@/lib/seed/demo-users';

export const AUTH_DIR = 'e2e/.auth';

export function demoUser(role: Role, index = 0): DemoUser {
  const user = DEMO_USERS.filter((candidate) => candidate.role === role)[index];
  if (!user) throw new Error(`no demo ${role} #${index}`);
  return user;
}

/** A stored signed-in session for a demo user (made once by global.setup.ts). */
export function storageStateFor(role: Role, index = 0): string {
  return `${AUTH_DIR}/${role.toLowerCase()}-${index}.json`;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toContainText(email);
}
