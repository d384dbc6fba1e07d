import { expect, test } from '@playwright/test';
import { ROLE_LABELS, ROLES, SECTIONS, sectionsFor } from '@/lib/auth/roles';
import { alertIn } from './expect-alert';
import { demoUser, signIn, storageStateFor } from './fixtures';

test.describe('sign-in and the shell', () => {
  for (const role of ROLES) {
    test(`${role.toLowerCase()} signs in and sees exactly their navigation`, async ({ page }) => {
      const user = demoUser(role);
      await signIn(page, user.email, user.password);
      await expect(page.getByTestId('current-role')).toHaveText(ROLE_LABELS[role]);
      const nav = page.getByRole('navigation', { name: 'Main', exact: true });
      const expected = sectionsFor(role).map((section) => SECTIONS[section].label);
      await expect(nav.getByRole('link')).toHaveText(expected);
      // Every offered section opens without an error page.
      for (const section of sectionsFor(role)) {
        const response = await page.goto(SECTIONS[section].href);
        expect(response?.status(), SECTIONS[section].href).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
    });
  }

  test('a wrong password gets a clear message and no session', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(demoUser('ADMIN').email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alertIn(page)).toHaveText('Wrong email or password.');
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('signing out ends the session on the server', async ({ page, context }) => {
    const user = demoUser('REVIEWER');
    await signIn(page, user.email, user.password);
    const cookies = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // Replaying the old cookie does not bring the session back.
    await context.addCookies(cookies);
    await page.goto('/datasets');
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe('the server refuses non-admins the admin page', () => {
  for (const role of ['EXPERT', 'REVIEWER'] as const) {
    test.describe(role, () => {
      test.use({ storageState: storageStateFor(role) });
      test(`${role.toLowerCase()} gets 403 on a direct URL`, async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
        const response = await page.goto('/admin');
        expect(response?.status()).toBe(403);
        await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
        await expect(page.getByText('admin@rubric-audit.local')).toHaveCount(0);
      });
    });
  }
});
