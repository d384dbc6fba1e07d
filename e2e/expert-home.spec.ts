// The expert's home, on a campaign of this spec's own: both progress figures name what they count (the
// expert's queries, the whole campaign's verdicts), and once the campaign is closed it says what the expert
// did, never that something "remains".
import { expect, test } from '@playwright/test';
import { closeCampaign } from '@/lib/audit/close-campaign';
import { disconnectDb, prisma } from '@/lib/db';
import { createUser } from '@/lib/users/create-user';
import { completeNextQuery, createTestCampaign, userByEmail } from './campaign-fixtures';
import { signIn } from './fixtures';
import { importOwnDataset } from './own-dataset';

const STAMP = Date.now();
const EXPERT = { email: `home-${STAMP}@rubric-audit.local`, name: 'Dr. Home Expert', password: 'home-password-123' };
const CAMPAIGN = `Home campaign ${STAMP}`;

test.afterAll(async () => {
  await disconnectDb();
});

test('the home names its units, and a closed campaign says what was done, not what remains', async ({ page }) => {
  const department = `Home ${STAMP}`;
  const datasetId = await importOwnDataset(`E2E home ${STAMP}`, [
    { id: `home-${STAMP}-1`, department, criteria: ['h1', 'h2'] },
    { id: `home-${STAMP}-2`, department, criteria: ['h1', 'h2'] },
  ]);
  await createUser({
    actorId: null,
    input: { email: EXPERT.email, name: EXPERT.name, role: 'EXPERT', password: EXPERT.password, specialties: [] },
  });
  const campaign = await createTestCampaign({ name: CAMPAIGN, department, expertEmails: [EXPERT.email], maxQueries: 2, datasetId });
  await completeNextQuery(campaign.id, EXPERT.email, () => 10);

  await signIn(page, EXPERT.email, EXPERT.password);
  await page.goto('/audit');
  const card = page.getByRole('article', { name: CAMPAIGN });
  await expect(card.getByTestId('mine-counts')).toHaveText('1 done · 1 remaining');
  await expect(card).toContainText('1 / 2 queries (50%)');
  await expect(card).toContainText('Whole campaign (all experts), in verdicts');
  await expect(card).toContainText('2 / 4 verdicts (50%)');

  const admin = await userByEmail('admin@rubric-audit.local');
  await closeCampaign({ actorId: admin.id, campaignId: campaign.id });
  await page.reload();
  await expect(card.getByTestId('mine-counts')).toHaveText('1 query submitted · the campaign is closed');
  await expect(card).not.toContainText('remaining');
  await expect(card.getByRole('button', { name: /Start auditing|Next query/ })).toHaveCount(0);
  expect(await prisma.assignment.count({ where: { campaignId: campaign.id, state: 'SUBMITTED' } })).toBe(1);
});
