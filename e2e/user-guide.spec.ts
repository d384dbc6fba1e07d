// The user guide (docs/user-guide.md) checked against the app: signs in as each demo role, visits the pages the
// guide describes, asserts what the guide says is on them, and takes the guide's screenshots (docs/images/, also
// used by the README). `npm run test:e2e -- e2e/user-guide.spec.ts` rewrites the PNGs; under `npm test` (CI=1)
// they go to the test's output instead, so a test run never changes the checkout.
import fs from 'node:fs';
import path from 'node:path';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { disconnectDb, prisma } from '@/lib/db';
import { DEMO_USERS } from '@/lib/seed/demo-users';
import { completeNextQuery, createTestCampaign, demoDatasetId } from './campaign-fixtures';
import { demoUser, storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });
// One size for every picture: small files, and the same layout on every machine. Charts do not animate.
const VIEWPORT = { width: 1280, height: 800 };
test.use({ viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: 'reduce' });

const CAMPAIGN = 'Pediatrics rubric audit';
// Pediatrics is no other spec's department, so the queries claimed here are this spec's alone.
const DEPARTMENT = 'Pediatrics';
const EXPERTS = [demoUser('EXPERT', 0), demoUser('EXPERT', 1)] as const;
let campaignId = 0;

/** Saves the page as docs/images/<name>.png (outside CI) and attaches it to the test's report. */
async function picture(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  // A PNG's IHDR chunk holds width and height at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
  const target = process.env.CI ? test.info().outputPath(`${name}.png`) : path.join('docs', 'images', `${name}.png`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, png);
  await test.info().attach(name, { path: target, contentType: 'image/png' });
}

/** Scrolls the page so that `target` sits `margin` pixels below the top of the window. */
async function scrollToTop(target: Locator, margin: number): Promise<void> {
  await target.evaluate((element, offset) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -offset);
  }, margin);
}

/** Final decisions as the guide defines them, counted from the submitted verdicts and adjudications (k = 2). */
async function verdictOutcomes(campaign: number): Promise<{ unanimous: number; adjudicated: number; unresolved: number }> {
  const [row] = await prisma.$queryRaw<{ unanimous: number; adjudicated: number; unresolved: number }[]>`
    WITH v AS (
      SELECT criterion_id, count(*) AS n, count(DISTINCT decision) AS kinds FROM verdicts
      WHERE campaign_id = ${campaign} AND submitted_at IS NOT NULL GROUP BY criterion_id)
    SELECT count(*) FILTER (WHERE v.n = 2 AND v.kinds = 1)::int AS unanimous,
           count(*) FILTER (WHERE v.n = 2 AND v.kinds = 2 AND a.id IS NOT NULL)::int AS adjudicated,
           count(*) FILTER (WHERE v.n = 2 AND v.kinds = 2 AND a.id IS NULL)::int AS unresolved
    FROM v LEFT JOIN adjudications a ON a.campaign_id = ${campaign} AND a.criterion_id = v.criterion_id`;
  return row ?? { unanimous: 0, adjudicated: 0, unresolved: 0 };
}

test.beforeAll(async () => {
  // k = 2 over four Pediatrics queries. Both experts audit three of them, disagreeing on a few criteria,
  // so the reviewer has a queue and the dashboard has figures; the fourth is left for the expert's screen.
  const campaign = await createTestCampaign({
    name: CAMPAIGN,
    department: DEPARTMENT,
    expertEmails: EXPERTS.map((expert) => expert.email),
    overlapK: 2,
    maxQueries: 4,
  });
  campaignId = campaign.id;
  const seconds = (index: number) => 12 + ((index * 17) % 50);
  for (let round = 0; round < 3; round++) {
    await completeNextQuery(campaignId, EXPERTS[0].email, seconds, (criterionId) =>
      criterionId % 9 === 0 ? { decision: 'REJECT', dimensions: ['CORRECTNESS'], comment: 'Wrong for this age.' } : { decision: 'ACCEPT' },
    );
    await completeNextQuery(campaignId, EXPERTS[1].email, seconds, (criterionId) => {
      if (criterionId % 9 === 0) return { decision: 'REJECT', dimensions: ['CORRECTNESS'], comment: 'Not for a toddler.' };
      if (criterionId % 4 === 1) {
        return { decision: 'REVISE_MINOR', dimensions: ['WEIGHT'], weightDirection: 'OVER', comment: 'Too many points for this.' };
      }
      return { decision: 'ACCEPT' };
    });
  }
});

test.afterAll(async () => {
  await disconnectDb();
});

test('the README lists every demo account the seed creates, with its role, password and specialties', () => {
  const lines = fs.readFileSync('README.md', 'utf8').split('\n');
  for (const user of DEMO_USERS) {
    const row = lines.find((line) => line.includes(`| ${user.email} `));
    expect(row, user.email).toBeDefined();
    expect(row).toContain(`| ${ROLE_LABELS[user.role]} `);
    expect(row).toContain(`\`${user.password}\``);
    expect(row).toContain(user.specialties.join(', '));
  }
});

test.describe('experts', () => {
  test.use({ storageState: storageStateFor('EXPERT', 0) });

  test('My audits, the audit screen and its shortcuts, submitted queries, meta-rubric proposals', async ({ page }) => {
    await page.goto('/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'My audits' })).toBeVisible();
    await expect(page.getByText('You never see who wrote a criterion or what others decided.')).toBeVisible();
    const card = page.getByRole('article', { name: CAMPAIGN });
    await expect(card.getByText('Your queries')).toBeVisible();
    await expect(card.getByText('Whole campaign (all experts)')).toBeVisible();
    await expect(card).toContainText('3 done · 1 remaining');
    await picture(page, 'expert-my-audits');

    // "Next query" claims a query and all its criteria for the campaign's reservation time.
    await card.getByRole('button', { name: 'Next query' }).click();
    await expect(page).toHaveURL(/\/audit\/work\/\d+$/);
    await expect(page.getByText(/reserved for you until \d\d:\d\d UTC \(extended while you work\)/)).toBeVisible();
    await expect(page.getByText('The query', { exact: true })).toBeVisible();
    const cards = page.getByRole('article', { name: /^Criterion \d+ of \d+/ });
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    for (const control of ['Shortcuts', 'Give back', 'Submit']) {
      await expect(page.getByRole('button', { name: new RegExp(`^\\??\\s*${control}`) }).first()).toBeVisible();
    }
    // Keyboard first: 1 accepts the first criterion, j moves on, 2 asks for a minor revision and focuses the
    // error dimensions; a weight error takes a direction; Esc leaves the comment field.
    const active = page.locator('article[data-active]');
    await expect(active).toBeFocused();
    await page.keyboard.press('1');
    await expect(cards.nth(0).getByRole('button', { name: /Accept/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('decided-count')).toContainText('1 of');
    await picture(page, 'expert-audit');
    await page.keyboard.press('j');
    await expect(cards.nth(1)).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('2');
    await expect(active.getByRole('button', { name: /Minor revision/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(active.getByRole('checkbox', { name: 'Correctness' })).toBeFocused();
    await active.getByRole('checkbox', { name: 'Weight rationality' }).check();
    await active.getByRole('radio', { name: 'Over-weighted' }).check();
    // A revision opens the editor with its word-level diff.
    const points = active.getByLabel('Points');
    const before = Number(await points.inputValue());
    await points.fill(String(before - 1));
    await expect(active.getByText('Tier and points', { exact: true })).toBeVisible();
    await expect(active.getByText('unchanged', { exact: true })).toHaveCount(2);
    // A screen reader gets the same as a sentence.
    await expect(active.getByTestId('revision-change-text')).toContainText(
      'Title unchanged. Description unchanged. Tier and points changed from',
    );
    await active.getByRole('textbox', { name: /comment/i }).fill('Worth fewer points than the safety advice.');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('decided-count')).toContainText('2 of');
    // Below the audit screen's sticky header.
    await scrollToTop(active.getByRole('button', { name: /Minor revision/ }), 220);
    await picture(page, 'expert-revision');

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const line of [
      'Next criterion',
      'Previous criterion',
      'Accept · Minor revision · Major revision · Reject',
      'Edit the text (opens a revision)',
      'Comment on the criterion',
      'Propose a missing criterion',
      'Rate the completeness of the set',
      'Submit the query',
      'Leave a field and return to the criteria',
    ]) {
      await expect(sheet).toContainText(line);
    }
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('group', { name: 'Completeness of the set' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Propose a missing criterion/ })).toBeVisible();

    await page.goto('/audit/history');
    await expect(page.getByRole('heading', { level: 1, name: 'My submitted queries' })).toBeVisible();
    const history = page.getByRole('row').filter({ hasText: CAMPAIGN });
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText('Can amend');

    await page.goto('/meta-rubrics');
    await page.getByRole('link', { name: 'Pediatrics', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Propose a change' })).toBeVisible();
    await expect(page.getByText('Hard constraint').first()).toBeVisible();
  });
});

test.describe('reviewers', () => {
  test.use({ storageState: storageStateFor('REVIEWER') });

  test('the adjudication queue and screen, the analytics dashboard, pairwise review and releases', async ({ page }) => {
    await page.goto(`/adjudication?campaign=${campaignId}`);
    const queue = page.getByRole('table', { name: 'Unresolved disagreements' });
    const before = await verdictOutcomes(campaignId);
    expect(before.unresolved).toBeGreaterThan(0);
    await expect(queue.getByRole('row')).toHaveCount(before.unresolved + 1);
    await expect(page.getByRole('link', { name: /^Adjudicated/ })).toBeVisible();

    await queue.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/adjudication/${campaignId}/\\d+`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Adjudicate: /);
    await expect(page.getByRole('article', { name: 'Expert 1', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Expert 2', exact: true })).toBeVisible();
    // Names are not sent until asked for.
    for (const expert of EXPERTS) expect(await page.content()).not.toContain(expert.name);
    await expect(page.getByRole('link', { name: 'Show expert names' })).toBeVisible();
    await picture(page, 'reviewer-adjudicate');

    const form = page.getByRole('form', { name: 'Gold decision' });
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('1');
    await expect(form.getByRole('button', { name: /Accept/ })).toHaveAttribute('aria-pressed', 'true');
    await form.getByLabel('Rationale').fill('Right for this age group; the weight is fine.');
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('adjudication-status')).toContainText('Adjudication saved.');

    await page.goto(`/analytics?campaign=${campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    const after = await verdictOutcomes(campaignId);
    expect(after).toMatchObject({ adjudicated: 1, unresolved: before.unresolved - 1 });
    await expect(page.getByTestId('finalized')).toHaveText(String(after.unanimous + after.adjudicated));
    await expect(page.getByText(`${after.unanimous} unanimous, 1 adjudicated; ${after.unresolved} unresolved`)).toBeVisible();
    for (const id of ['strict-concordance', 'fleiss-kappa']) await expect(page.getByTestId(id)).toBeVisible();
    await expect(page.getByText(/95% CI/).first()).toBeVisible();
    // Every chart's numbers download as CSV.
    for (const chart of ['Concordance by category', 'Error rates by dimension', 'Agreement between experts (Cohen’s kappa)']) {
      await expect(page.getByRole('link', { name: `Download CSV: ${chart}` })).toBeVisible();
    }
    await picture(page, 'reviewer-analytics');

    await page.goto('/pairwise');
    await expect(page.getByRole('heading', { level: 1, name: 'Pairwise review' })).toBeVisible();
    await expect(page.getByText('Your own preference is saved before anything of the judge is shown.')).toBeVisible();

    await page.goto('/releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await expect(page.getByText(/native JSONL, HealthBench JSONL, QuarkMedBench JSON, CSV, Parquet and a Hugging Face/)).toBeVisible();
    await expect(page.getByRole('link', { name: /New release/ })).toHaveCount(0);
  });
});

test.describe('admins', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('users, datasets and imports, campaigns, the criteria browser, the judge, meta-rubrics and releases', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    for (const role of ['ADMIN', 'REVIEWER', 'EXPERT'] as const) {
      await expect(page.getByRole('row').filter({ has: page.getByText(demoUser(role).email, { exact: true }) })).toBeVisible();
    }
    await expect(page.getByRole('form', { name: 'Create user' }).getByLabel('Specialties')).toBeVisible();

    const datasetId = await demoDatasetId();
    const [counts] = await prisma.$queryRaw<{ queries: number; criteria: number }[]>`
      SELECT (SELECT count(*)::int FROM queries WHERE dataset_id = ${datasetId}) AS queries,
             (SELECT count(*)::int FROM criteria WHERE dataset_id = ${datasetId}) AS criteria`;
    await page.goto('/datasets');
    const demo = page.getByRole('article', { name: 'Demo: clinical rubrics' });
    await expect(demo.getByTestId('stat-queries')).toHaveText(String(counts?.queries));
    await expect(demo.getByTestId('stat-criteria')).toHaveText((counts?.criteria ?? 0).toLocaleString('en'));
    await expect(demo.getByRole('table', { name: 'Criteria by status' })).toBeAttached();
    await picture(page, 'admin-datasets');

    await page.getByRole('link', { name: 'Import a file' }).click();
    const upload = page.getByRole('form', { name: 'Import a file' });
    for (const format of [
      'Detect automatically',
      'Native JSON Lines',
      'HealthBench-style JSON Lines',
      'QuarkMedBench-style rubric JSON',
      'CSV of criteria',
    ]) {
      await expect(upload.getByLabel('Format').locator('option', { hasText: format })).toBeAttached();
    }
    await expect(upload.getByLabel('Skip invalid records')).not.toBeChecked();

    // The campaign form's defaults are the app's assumptions (README, "Configuration").
    await page.goto('/audit/campaigns/new');
    const campaignForm = page.getByRole('form', { name: 'New campaign' });
    await expect(campaignForm.getByLabel('Verdicts per criterion (k)')).toHaveValue('3');
    await expect(campaignForm.getByLabel('Reservation (minutes)')).toHaveValue('30');
    await expect(campaignForm.getByLabel('Fast-decision threshold (s)')).toHaveValue('4');
    await expect(campaignForm.getByText('Stratified random sample')).toBeVisible();
    await expect(campaignForm.getByText('Match experts by specialty')).toBeVisible();

    await page.goto(`/audit/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
    await expect(page.getByTestId('campaign-k')).toHaveText('2');
    const perExpert = page.getByRole('table', { name: 'Progress per expert' });
    for (const expert of EXPERTS) await expect(perExpert).toContainText(expert.name);
    await expect(page.getByTestId('fast-flags')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close campaign' })).toBeVisible();
    await picture(page, 'admin-campaign');

    await page.goto(`/criteria?dataset=${datasetId}&department=${DEPARTMENT}`);
    const pediatric = await prisma.criterion.count({ where: { datasetId, query: { department: DEPARTMENT } } });
    await expect(page.getByTestId('criteria-total')).toHaveText(`${pediatric} criteria`);
    // A criterion opens in a drawer with its query, levels, history and, for admins only, its provenance.
    const first = page.locator('tbody tr[data-row-id]').first().locator('td[data-column="title"]');
    const title = ((await first.locator('div > div:first-child').textContent()) ?? '').trim();
    await first.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(drawer.getByRole('heading', { name: 'Provenance' })).toBeVisible();
    await expect(page).toHaveURL(/open=\d+/);
    await picture(page, 'admin-criteria');

    await page.goto('/judge');
    await expect(page.getByRole('heading', { level: 1, name: 'Judge' })).toBeVisible();
    await expect(page.getByText('API keys are read from the server’s environment variables named here')).toBeVisible();
    for (const link of ['Add endpoint', 'New run', 'Prompt templates']) await expect(page.getByRole('link', { name: link })).toBeVisible();
    await page.goto('/judge/runs/new');
    for (const task of ['Generate criteria', 'Grade responses', 'Pairwise comparison']) {
      await expect(page.getByText(task, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Estimate' })).toBeVisible();

    await page.goto('/meta-rubrics');
    await page.getByRole('link', { name: 'General medicine', exact: true }).click();
    await expect(page.getByText('Version 1')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Propose a change' })).toBeVisible();

    await page.goto('/releases/new');
    await page.getByLabel('Name', { exact: true }).fill('Pediatrics gold');
    const datasets = page.getByRole('group', { name: 'Datasets' });
    for (const box of await datasets.getByRole('checkbox').all()) await box.uncheck();
    await datasets.getByRole('checkbox', { name: 'Demo: clinical rubrics' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Criteria included')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Never audited').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create draft' })).toBeVisible();
    await scrollToTop(page.getByRole('button', { name: 'Create draft' }), 24);
    await picture(page, 'admin-release-preview');
  });
});
