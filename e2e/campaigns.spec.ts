// Campaign administration: an admin creates a campaign through the form (preview, a rejected submit that
// keeps the input, success), watches its dashboard move as an expert works (the expert's work is made
// through the domain functions, not the expert screens), downloads a chart's CSV and closes the campaign.
// Reviewers may watch but not create; experts may do neither. Each test uses its own department of the demo
// dataset and a unique campaign name, so tests never take each other's criteria.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { disconnectDb, prisma } from '@/lib/db';
import { completeNextQuery, createTestCampaign, demoDatasetId } from './campaign-fixtures';
import { storageStateFor } from './fixtures';

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

test.afterAll(async () => {
  await disconnectDb();
});

test.describe('admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('at 1280 px the preview table shows every column, the last one included, without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/audit/campaigns/new');
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Dataset').selectOption(String(await demoDatasetId()));
    // Every category and tier of the demo dataset: the widest the table gets.
    await form.getByRole('radio', { name: /^All/ }).check();
    await form.getByRole('button', { name: 'Preview' }).click();
    const strata = form.getByRole('table', { name: 'Criteria by category and tier' });
    await expect(strata.getByRole('row', { name: /^Total/ })).toBeVisible();
    await expect(strata.getByRole('columnheader', { name: '% of eligible' })).toBeVisible();
    const fits = await strata.evaluate((table) => {
      const box = table.parentElement as HTMLElement;
      const header = table.querySelector('thead tr')?.lastElementChild as HTMLElement;
      return {
        overflow: box.scrollWidth - box.clientWidth,
        right: header.getBoundingClientRect().right - box.getBoundingClientRect().right,
      };
    });
    expect(fits.overflow).toBeLessThanOrEqual(0);
    expect(fits.right).toBeLessThanOrEqual(0);
  });

  test('creates a campaign through the form, watches it progress, downloads a chart as CSV and closes it', async ({ page }) => {
    const name = unique('E2E dermatology audit');
    const datasetId = await demoDatasetId();
    await page.goto('/audit/campaigns/new');
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Dataset').selectOption(String(datasetId));
    await form.getByLabel('Department', { exact: true }).fill('Dermatology');
    await form.getByLabel('Max queries (optional)').fill('2');

    // The preview counts what the selection takes, per category × tier.
    const expected = await prisma.$queryRaw<{ criteria: number }[]>`
      SELECT count(*)::int AS criteria FROM criteria c JOIN queries q ON q.id = c.query_id
      WHERE c.dataset_id = ${datasetId} AND c.status = 'PENDING' AND q.department = 'Dermatology'
        AND q.id IN (SELECT DISTINCT query_id FROM criteria c2 JOIN queries q2 ON q2.id = c2.query_id
                     WHERE c2.dataset_id = ${datasetId} AND c2.status = 'PENDING' AND q2.department = 'Dermatology'
                     ORDER BY query_id LIMIT 2)`;
    const criteria = expected[0]?.criteria ?? 0;
    expect(criteria).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect(form.getByTestId('preview-queries')).toHaveText('2');
    await expect(form.getByTestId('preview-criteria')).toHaveText(String(criteria));
    const strata = form.getByRole('table', { name: 'Criteria by category and tier' });
    await expect(strata.getByRole('row', { name: /^Total/ })).toContainText(String(criteria));

    // Two experts cannot give three independent verdicts per criterion: refused at the experts, input kept.
    await form.getByRole('checkbox', { name: /Dr\. Elena Marsh/ }).check();
    await form.getByRole('checkbox', { name: /Dr\. Kenji Sato/ }).check();
    await expect(form.getByLabel('Verdicts per criterion (k)')).toHaveValue('3');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    const expertsError = form.getByText('Choose at least as many experts as verdicts wanted per criterion (k)');
    await expect(expertsError).toBeVisible();
    await expect(form.getByRole('group', { name: 'Experts' })).toHaveAttribute('aria-describedby', /expertIds-error/);
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(form.getByLabel('Department', { exact: true })).toHaveValue('Dermatology');
    await expect(form.getByRole('checkbox', { name: /Dr\. Elena Marsh/ })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: /Dr\. Kenji Sato/ })).toBeChecked();

    await form.getByLabel('Verdicts per criterion (k)').fill('2');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page).toHaveURL(/\/audit\/campaigns\/\d+$/);
    const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('campaign-status')).toHaveText('Open');
    await expect(page.getByTestId('campaign-k')).toHaveText('2');
    await expect(page.getByTestId('overall-percent')).toHaveText('0%');
    const overall = page.getByRole('progressbar', { name: /^Overall progress/ });
    await expect(overall).toHaveAttribute('aria-valuenow', '0');
    await expect(overall).toHaveAttribute('aria-valuemax', String(criteria * 2));
    const experts = page.getByRole('table', { name: 'Progress per expert' });
    await expect(experts.getByRole('row')).toHaveCount(3);
    await expect(experts).toContainText('Dr. Elena Marsh');
    await expect(experts).toContainText('Dr. Kenji Sato');

    // Elena judges one query (its first criterion in 1 s, under the 4 s threshold) and submits.
    const done = await completeNextQuery(campaignId, 'expert1@rubric-audit.local', (index) => (index === 0 ? 1 : 5));
    const judged = done.criterionTitles.length;
    await page.reload();
    await expect(overall).toHaveAttribute('aria-valuenow', String(judged));
    await expect(page.getByTestId('overall-verdicts')).toContainText(`${judged} of ${criteria * 2} verdicts`);
    await expect(page.getByTestId('overall-percent')).toHaveText(`${Math.floor((100 * judged) / (criteria * 2))}%`);
    const elena = page.getByTestId('expert-row-expert1@rubric-audit.local');
    await expect(elena.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.min(judged, Math.ceil(criteria))));
    await expect(elena.getByRole('cell').nth(2)).toHaveText('1');
    await expect(elena.getByRole('cell').nth(3)).toHaveText(String(judged));
    await expect(page.getByTestId('expert-row-expert2@rubric-audit.local').getByRole('cell').nth(3)).toHaveText('0');
    await expect(page.getByTestId('fast-flags')).toHaveText('1');
    const fast = page.getByRole('table', { name: 'Fast decisions' });
    await expect(fast.getByRole('row', { name: new RegExp(escapeRegExp(done.criterionTitles[0] ?? '')) })).toContainText('1 s');
    // The throughput chart's numbers are in its hidden table; the histogram's are downloadable.
    await expect(page.getByRole('table', { name: 'Verdicts submitted per hour' })).toContainText(String(judged));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV: Time per query' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Time spent,From (s),To (s),Queries submitted');
    expect(csv).toContain('< 1 min,0,60,1');

    // Closing asks first, then ends the campaign.
    await page.getByRole('button', { name: 'Close campaign' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('campaign-status')).toHaveText('Open');
    await page.getByRole('button', { name: 'Close campaign' }).click();
    await page.getByRole('button', { name: 'Yes, close it' }).click();
    await expect(page.getByTestId('campaign-status')).toHaveText('Closed');
    await expect(page.getByRole('button', { name: 'Close campaign' })).toHaveCount(0);
  });

  test('an unknown campaign is not found', async ({ page }) => {
    const response = await page.goto('/audit/campaigns/987654');
    expect(response?.status()).toBe(404);
  });
});

test.describe('reviewer', () => {
  test.use({ storageState: storageStateFor('REVIEWER') });

  test('watches a campaign, sees names as text, cannot close it or create one', async ({ page }) => {
    const name = unique('E2E <img src=x onerror="window.__pwned=1"> psychiatry');
    const created = await createTestCampaign({ name, department: 'Psychiatry', expertEmails: ['expert3@rubric-audit.local'] });
    await page.goto(`/audit/campaigns/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Progress per expert' })).toContainText('Dr. Amara Osei');
    await expect(page.getByRole('button', { name: 'Close campaign' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const response = await page.goto('/audit/campaigns/new');
    expect(response?.status()).toBe(403);
  });
});

test.describe('expert', () => {
  test.use({ storageState: storageStateFor('EXPERT') });

  test('gets 403 on the campaign form and on campaign pages', async ({ page }) => {
    expect((await page.goto('/audit/campaigns/new'))?.status()).toBe(403);
    expect((await page.goto('/audit/campaigns/1'))?.status()).toBe(403);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
