import { expect, test } from '@playwright/test';
import { alertIn } from './expect-alert';
import { signIn, storageStateFor } from './fixtures';

test.describe('user administration', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('admin creates a user, changes role and specialties, deactivates and reactivates them', async ({ page, browser }) => {
    const email = `dr.new.${Date.now()}@example.org`;
    await page.goto('/admin');
    const form = page.getByRole('form', { name: 'Create user' });
    await form.getByLabel('Name', { exact: true }).fill('Dr. New Person');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Initial password').fill('short');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('At least 8 characters', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Initial password')).toHaveAttribute('aria-invalid', 'true');
    // A rejected submit keeps what was typed.
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Dr. New Person');
    await expect(form.getByLabel('Email')).toHaveValue(email);

    await form.getByLabel('Initial password').fill('a-long-password');
    await form.getByLabel('Role').selectOption('EXPERT');
    await form.getByLabel('Specialties').fill('Nephrology');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByRole('status')).toHaveText(`Created ${email}.`);

    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Nephrology');
    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${email}` });
    await editor.getByLabel('Role').selectOption('REVIEWER');
    await editor.getByLabel('Specialties (comma-separated)').fill('Nephrology, Urology');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Reviewer');
    await expect(row).toContainText('Nephrology, Urology');

    // The new user signs in and has reviewer navigation.
    const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const otherPage = await other.newPage();
    await signIn(otherPage, email, 'a-long-password');
    await expect(otherPage.getByTestId('current-role')).toHaveText('Reviewer');

    // Deactivation signs them out everywhere and blocks sign-in.
    await row.getByRole('button', { name: `Deactivate ${email}` }).click();
    await expect(row).toContainText('Deactivated');
    await otherPage.goto('/datasets');
    await expect(otherPage).toHaveURL(/\/sign-in$/);
    await otherPage.getByLabel('Email').fill(email);
    await otherPage.getByLabel('Password').fill('a-long-password');
    await otherPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(alertIn(otherPage)).toContainText('deactivated');

    await row.getByRole('button', { name: `Reactivate ${email}` }).click();
    await expect(row).toContainText('Active');
    await signIn(otherPage, email, 'a-long-password');
    await other.close();
  });

  test('a duplicate email is refused with a clear message', async ({ page }) => {
    await page.goto('/admin');
    const form = page.getByRole('form', { name: 'Create user' });
    await form.getByLabel('Name', { exact: true }).fill('Duplicate');
    await form.getByLabel('Email').fill('expert1@rubric-audit.local');
    await form.getByLabel('Initial password').fill('a-long-password');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByRole('alert')).toHaveText('A user with the email expert1@rubric-audit.local already exists.');
  });
});
