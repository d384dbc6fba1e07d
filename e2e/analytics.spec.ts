// Analytics end to end: two experts audit the same two queries (k = 2) and disagree on one criterion; a reviewer
// watches the dashboard at each stage and adjudicates the disagreement through the adjudication screen. At
// every stage the dashboard's concordance (its interval with the query as the cluster, the design effect beside
// it and the plain Wilson interval labelled as secondary), Krippendorff's alpha,
// Fleiss' kappa and error table must equal what this test computes itself from the verdicts it created (with
// lib/stats' list forms, not the dashboard's SQL).
import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { disconnectDb } from '@/lib/db';
import { clusterWilsonInterval, fleissKappa, krippendorffAlpha, wilsonInterval } from '@/lib/stats';
import { completeNextQuery, createTestCampaign } from './campaign-fixtures';
import { storageStateFor } from './fixtures';

test.use({ storageState: storageStateFor('REVIEWER') });

test.afterAll(async () => {
  await disconnectDb();
});

const pct = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '—');

/** The interval line as the dashboard should print it, computed here from per-query counts. */
function intervalLine(clusters: { successes: number; trials: number }[]): string {
  const clustered = clusterWilsonInterval(clusters);
  const [low, high] = wilsonInterval(
    clusters.reduce((sum, c) => sum + c.successes, 0),
    clusters.reduce((sum, c) => sum + c.trials, 0),
  );
  const queries = `${clusters.length} ${clusters.length === 1 ? 'query' : 'queries'}`;
  return `95% CI ${pct(clustered.lower)}–${pct(clustered.upper)} (design effect ${clustered.designEffect.toFixed(2)} over ${queries}; plain Wilson ${pct(low)}–${pct(high)})`;
}

async function expectDashboard(
  page: Page,
  campaignId: number,
  expected: {
    strict: string;
    interval?: string;
    finalized: string;
    alpha: string;
    /** Shown beside alpha once it is defined. */
    fleiss?: string;
    confirmedCorrectness: string;
    preliminaryCorrectness: string;
  },
) {
  await page.goto(`/analytics?campaign=${campaignId}`);
  await expect(page.getByTestId('strict-concordance')).toHaveText(expected.strict);
  if (expected.interval) await expect(page.getByTestId('strict-interval')).toHaveText(expected.interval);
  await expect(page.getByTestId('finalized')).toHaveText(expected.finalized);
  await expect(page.getByTestId('krippendorff-alpha')).toHaveText(expected.alpha);
  if (expected.fleiss) await expect(page.getByTestId('fleiss-kappa')).toHaveText(expected.fleiss);
  await expect(page.getByTestId('multiplicity-note')).toBeVisible();
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
    maxQueries: 2,
  });

  // Stage 1: one expert accepts everything. Nothing is final yet (k = 2): every statistic is undefined.
  const first = await completeNextQuery(campaign.id, 'expert1@rubric-audit.local', () => 5);
  const other = await completeNextQuery(campaign.id, 'expert1@rubric-audit.local', () => 5);
  const all = [...first.criterionIds, ...other.criterionIds];
  const [n1, n2] = [first.criterionIds.length, other.criterionIds.length];
  const n = all.length;
  expect(n1).toBeGreaterThan(1);
  expect(n2).toBeGreaterThan(0);
  await expectDashboard(page, campaign.id, {
    strict: '—',
    finalized: '0',
    alpha: '—',
    preliminaryCorrectness: '0',
    confirmedCorrectness: '0',
  });
  await expect(page.getByText('— because no criterion has a final decision yet').first()).toBeVisible();

  // Stage 2: the second expert rejects one criterion for correctness and accepts the rest.
  const disputed = Math.min(...first.criterionIds);
  const secondExpert = (criterionId: number) =>
    criterionId === disputed
      ? { decision: 'REJECT', dimensions: ['CORRECTNESS'], severity: 'HIGH', comment: 'Contradicts guidance' }
      : { decision: 'ACCEPT' };
  await completeNextQuery(campaign.id, 'expert2@rubric-audit.local', () => 5, secondExpert);
  await completeNextQuery(campaign.id, 'expert2@rubric-audit.local', () => 5, secondExpert);
  // Independently: n − 1 unanimous accepts, one unresolved; Fleiss over n criteria × 2 verdicts.
  const counts = all.map((id) => (id === disputed ? [1, 1] : [2, 0]));
  const kappaBefore = fleissKappa(counts).kappa;
  const alphaBefore = krippendorffAlpha(
    [all.map(() => 'ACCEPT'), all.map((id) => (id === disputed ? 'REJECT' : 'ACCEPT'))],
    'nominal',
  ).toFixed(3);
  // Two queries, two clusters; every final decision is an accept, so no variance to inflate (design effect 1).
  await expectDashboard(page, campaign.id, {
    strict: pct(1),
    interval: intervalLine([
      { successes: n1 - 1, trials: n1 - 1 },
      { successes: n2, trials: n2 },
    ]),
    finalized: String(n - 1),
    alpha: alphaBefore,
    fleiss: kappaBefore.toFixed(3),
    preliminaryCorrectness: '1',
    confirmedCorrectness: '0',
  });
  await expect(page.getByText(/1 criterion is unresolved/)).toBeVisible();
  // The undecided criterion is not dropped: the bounds say where concordance lands either way.
  await expect(page.getByTestId('strict-bounds')).toHaveText(
    `Bounds: ${pct((n - 1) / n)}–${pct(1)} if the 1 undecided all fail / all pass`,
  );

  // Stage 3: the reviewer adjudicates it as a rejection confirming the correctness error.
  await adjudicate(page, campaign.id, disputed);
  // The one rejection sits in the first query: the clusters differ, and the design effect says by how much.
  const clusters = [
    { successes: n1 - 1, trials: n1 },
    { successes: n2, trials: n2 },
  ];
  expect(clusterWilsonInterval(clusters).designEffect).toBeGreaterThanOrEqual(1);
  await expectDashboard(page, campaign.id, {
    strict: pct((n - 1) / n),
    interval: intervalLine(clusters),
    finalized: String(n),
    // Alpha and kappa measure the experts' agreement: the adjudication does not change them.
    alpha: alphaBefore,
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
