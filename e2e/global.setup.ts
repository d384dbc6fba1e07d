import { test as setup } from '@playwright/test';
import { disconnectDb } from '@/lib/db';
import { DEMO_USERS } from '@/lib/seed/demo-users';
import { ensureRoleMatrixCampaign } from './campaign-fixtures';
import { signIn, storageStateFor } from './fixtures';

for (const user of DEMO_USERS) {
  const index = DEMO_USERS.filter((candidate) => candidate.role === user.role).indexOf(user);
  setup(`sign in as ${user.email}`, async ({ page }) => {
    await signIn(page, user.email, user.password);
    await page.context().storageState({ path: storageStateFor(user.role, index) });
  });
}

setup('a campaign for the route role matrix', async () => {
  await ensureRoleMatrixCampaign();
  await disconnectDb();
});
