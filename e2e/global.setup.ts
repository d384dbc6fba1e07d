import { test as setup } from '@playwright/test';
import { DEMO_USERS } from '@/lib/seed/demo-users';
import { signIn, storageStateFor } from './fixtures';

for (const user of DEMO_USERS) {
  const index = DEMO_USERS.filter((candidate) => candidate.role === user.role).indexOf(user);
  setup(`sign in as ${user.email}`, async ({ page }) => {
    await signIn(page, user.email, user.password);
    await page.context().storageState({ path: storageStateFor(user.role, index) });
  });
}
