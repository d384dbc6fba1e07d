// Analytics end to end: two experts audit the same query (k = 2) and disagree on one criterion; a reviewer
// watches the dashboard at each stage and adjudicates the disagreement through the adjudication screen. At
// every stage the dashboard's concordance, Fleiss' kappa and error table must equal what this test computes
// itself from the verdicts it created (with lib/stats' list forms, not the dashboard's SQL).
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { disconnectDb } from '@/lib/db';
import { fleissKappa, wilsonInterval } from '@/lib/stats';
import { completeNextQuery, createTestCampaign } from './campaign-fixtures';
import { storageStateFor } from './fixtures';

test.use({ storageState: storageStateFor('REVIEWER') });

test.afterAll(async () => {
  await disconnectDb();
});

const pct = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '—');

async function expectDashboard(
  page: Page,
  campaignId: number,
  expected: {
    strict: string;
    interval?: string;
    finalized: string;
    fleiss: string;
    confirmedCorrectness: string;
    preliminaryCorrectness: string;
  },
) {
  await page.goto(`/analytics?campaign=${campaignId}`);
  await expect(page.getByTestId('strict-concordance')).toHaveText(expected.strict);
  if (expected.interval) await expect(page.getByText(`95% CI ${expected.interval}`).first()).toBeVisible();
  await expect(page.getByTestId('finalized')).toHaveText(expected.finalized);
  await expect(page.getByTestId('fleiss-kappa')).toHaveText(expected.fleiss);
  const correctness = page.getByTestId('error-CORRECTNESS');
  await expect(correctness.getByRole('cell').nth(1)).toHaveText(expected.preliminaryCorrectness);
  await expect(page.getByTestId('confirmed-CORRECTNESS')).toHaveText(expected.confirmedCorrectness);
  // The charts' screen-reader tables stay inside the page: nothing scrolls sideways.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
}

test('concordance, kappa and the error table follow the verdicts and the adjudication', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Analytics e2e ${randomUUID().slice(0, 8)}`;
  const campaign = await createTestCampaign({
    name,
    department: 'Nutrition',
    expertEmails: ['expert1@rubric-audit.local', 'expert2@rubric-audit.local'],
    overlapK: 2,
    maxQueries: 1,
  });

  // Stage 1: one expert accepts everything. Nothing is final yet (k = 2): every statistic is undefined.
  const first = await completeNextQuery(campaign.id, 'expert1@rubric-audit.local', () => 5);
  const n = first.criterionIds.length;
  expect(n).toBeGreaterThan(1);
  await expectDashboard(page, campaign.id, {
    strict: '—',
    finalized: '0',
    fleiss: '—',
    preliminaryCorrectness: '0',
    confirmedCorrectness: '0',
  });
  await expect(page.getByText('— because no criterion has a final decision yet').first()).toBeVisible();

  // Stage 2: the second expert rejects one criterion for correctness and accepts the rest.
  const disputed = Math.min(...first.criterionIds);
  await completeNextQuery(
    campaign.id,
    'expert2@rubric-audit.local',
    () => 5,
    (criterionId) =>
      criterionId === disputed
        ? { decision: 'REJECT', dimensions: ['CORRECTNESS'], severity: 'HIGH', comment: 'Contradicts guidance' }
        : { decision: 'ACCEPT' },
  );
  // Independently: n − 1 unanimous accepts, one unresolved; Fleiss over n criteria × 2 verdicts.
  const counts = first.criterionIds.map((id) => (id === disputed ? [1, 1] : [2, 0]));
  const kappaBefore = fleissKappa(counts).kappa;
  const [low2, high2] = wilsonInterval(n - 1, n - 1);
  await expectDashboard(page, campaign.id, {
    strict: pct(1),
    interval: `${pct(low2)}–${pct(high2)}`,
    finalized: String(n - 1),
    fleiss: kappaBefore.toFixed(3),
    preliminaryCorrectness: '1',
    confirmedCorrectness: '0',
  });
  await expect(page.getByText(/1 criterion is unresolved/)).toBeVisible();

  // Stage 3: the reviewer adjudicates it as a rejection confirming the correctness error.
  await adjudicate(page, campaign.id, disputed);
  const [low3, high3] = wilsonInterval(n - 1, n);
  await expectDashboard(page, campaign.id, {
    strict: pct((n - 1) / n),
    interval: `${pct(low3)}–${pct(high3)}`,
    finalized: String(n),
    // Kappa measures the experts' agreement: the adjudication does not change it.
    fleiss: kappaBefore.toFixed(3),
    preliminaryCorrectness: '1',
    confirmedCorrectness: '1',
  });
});

async function adjudicate(page: Page, campaignId: number, criterionId: number) {
  await page.goto(`/adjudication?campaign=${campaignId}`);
  const queue = page.getByRole('table', { name: 'Unresolved disagreements' });
  await expect(queue.getByRole('row')).toHaveCount(2);
  await queue.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/adjudication/${campaignId}/${criterionId}`));
  const form = page.getByRole('form', { name: 'Gold decision' });
  await form.getByRole('button', { name: /Reject/ }).click();
  await form.getByRole('checkbox', { name: /Correctness/ }).check();
  await form.getByLabel('Rationale').fill('Contradicts current guidance; the second expert is right.');
  await form.getByRole('button', { name: 'Save adjudication' }).click();
  await expect(page.getByTestId('adjudication-status')).toContainText('Adjudication saved.');
}
