// A missing criterion from proposal to audit, as its users walk it: an expert proposes one while auditing a query
// and submits; the campaign page counts it pending; a reviewer opens the Missing criteria tab (the query, its
// criteria, the proposal, the rationale and the expert's name), edits the title and accepts it; the expert reads the
// decision on their audit screen and history; the criteria browser shows the new criterion with origin and revision
// history; and a "never audited" campaign's preview counts it.
import { type Browser, type Page, expect, test } from '@playwright/test';
import { prisma } from '@/lib/db';
import { createTestCampaign } from './campaign-fixtures';
import { signIn, storageStateFor } from './fixtures';
import { importOwnDataset } from './own-dataset';

const STAMP = Date.now();
const CAMPAIGN = `Missing criteria ${STAMP}`;
const PASSWORD = 'missing-password-123';
const EXPERT = { name: `Dr. Missing Rowan ${STAMP}`, email: `missing-rowan-${STAMP}@rubric-audit.local` };
const PROPOSED = `Asks about pets in the home ${STAMP}`;
const EDITED = `Asks whether pets live in the home ${STAMP}`;
const RATIONALE = 'Pet exposure changes the differential.';
const NOTE = 'Accepted; reworded as a question.';
const DEPARTMENT = 'Missing criteria medicine';

async function expertPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, EXPERT.email, PASSWORD);
  return page;
}

test.describe('missing criteria', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('expert proposes, reviewer accepts with an edit, the criterion is browsable and a never-audited campaign takes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // ── the admin creates the expert; a campaign (k = 1) over the one query of this spec's own dataset (an accepted
    // proposal adds a never-audited criterion to its query, which would change what other specs' campaigns draw) ──
    const datasetId = await importOwnDataset(`E2E missing ${STAMP}`, [
      { id: `missing-${STAMP}-1`, department: DEPARTMENT, criteria: ['m1', 'm2', 'm3'] },
    ]);
    await page.goto('/admin');
    const userForm = page.getByRole('form', { name: 'Create user' });
    await userForm.getByLabel('Name', { exact: true }).fill(EXPERT.name);
    await userForm.getByLabel('Email').fill(EXPERT.email);
    await userForm.getByLabel('Initial password').fill(PASSWORD);
    await userForm.getByLabel('Role').selectOption('EXPERT');
    await userForm.getByRole('button', { name: 'Create user' }).click();
    await expect(userForm.getByRole('status')).toHaveText(`Created ${EXPERT.email}.`);
    const campaign = await createTestCampaign({ name: CAMPAIGN, department: DEPARTMENT, expertEmails: [EXPERT.email], datasetId });

    // ── the expert audits the query, proposes the missing criterion and submits ──
    const expert = await expertPage(browser);
    await expert.goto('/audit');
    await expert.getByRole('article', { name: CAMPAIGN }).getByRole('button', { name: 'Start auditing' }).click();
    await expect(expert).toHaveURL(/\/audit\/work\/\d+$/);
    const workUrl = expert.url();
    const total = await expert.getByRole('article', { name: /^Criterion \d+ of \d+/ }).count();
    await expert.keyboard.press('1');
    for (let index = 1; index < total; index++) {
      await expert.keyboard.press('j');
      await expert.keyboard.press('1');
    }
    await expert.keyboard.press('n');
    const proposalForm = expert.getByRole('form', { name: 'Missing criterion' });
    await expect(proposalForm.getByLabel('Title', { exact: true })).toBeFocused();
    await proposalForm.getByLabel('Title', { exact: true }).fill(PROPOSED);
    await proposalForm.getByLabel('Points').fill('5');
    await proposalForm.getByLabel('Why it is needed').fill(RATIONALE);
    await proposalForm.getByRole('button', { name: 'Save proposal' }).click();
    await expect(expert.getByRole('status').filter({ hasText: 'Proposal saved.' })).toBeVisible();
    await expert.keyboard.press('r');
    await expert.keyboard.press('ArrowRight');
    await expert.keyboard.press('Control+Enter');
    await expect(expert.getByTestId('submitted-panel')).toBeVisible();

    // ── the campaign page counts it pending ──
    await page.goto(`/audit/campaigns/${campaign.id}`);
    await expect(page.getByTestId('campaign-proposals-pending')).toHaveText('1');
    await expect(page.getByTestId('campaign-proposals-accepted')).toHaveText('0');

    // ── the reviewer decides it in the adjudication area, editing the title ──
    const reviewerContext = await browser.newContext({ storageState: storageStateFor('REVIEWER') });
    const reviewer = await reviewerContext.newPage();
    await reviewer.goto(`/adjudication?campaign=${campaign.id}`);
    await expect(reviewer.getByTestId('queue-tab-count-proposals')).toHaveText('(1 pending)');
    await reviewer.getByRole('link', { name: /^Missing criteria/ }).click();
    await expect(reviewer).toHaveURL(/tab=proposals/);
    const item = reviewer.getByRole('article', { name: `Missing: ${PROPOSED}` });
    await expect(item).toContainText(`Proposed by ${EXPERT.name}`);
    await expect(item).toContainText(RATIONALE);
    const assignment = await prisma.assignment.findFirstOrThrow({ where: { campaignId: campaign.id }, select: { queryId: true } });
    const existing = await prisma.criterion.findMany({ where: { queryId: assignment.queryId }, select: { title: true } });
    const criteriaList = item.getByRole('region', { name: /^Criteria of query/ });
    for (const criterion of existing) await expect(criteriaList).toContainText(criterion.title);
    const decide = item.getByRole('form', { name: `Decide: ${PROPOSED}` });
    // Rejecting without a note is refused in the form, before anything is sent.
    await decide.getByRole('button', { name: 'Reject' }).click();
    await expect(decide.getByText('Say why the proposal is rejected')).toBeVisible();
    await decide.getByLabel('Title', { exact: true }).fill(EDITED);
    await decide.getByLabel(/^Note/).fill(NOTE);
    await decide.getByRole('button', { name: 'Accept as a new criterion' }).click();
    await expect(reviewer.getByRole('status').filter({ hasText: `Accepted: “${EDITED}” joins query` })).toContainText(
      'not audited yet (status Pending)',
    );
    await expect(reviewer.getByTestId('proposal-count-accepted')).toHaveText('(1)');
    await expect(reviewer.getByTestId('queue-tab-count-proposals')).toHaveText('(0 pending)');
    const created = await prisma.criterion.findFirstOrThrow({ where: { title: EDITED }, include: { provenance: true } });
    expect(created).toMatchObject({ status: 'PENDING', queryId: assignment.queryId });
    expect(created.provenance?.origin).toBe('EXPERT_PROPOSAL');
    await reviewer.goto(`/adjudication?tab=proposals&decision=ACCEPTED&campaign=${campaign.id}`);
    await expect(reviewer.getByRole('article', { name: `Missing: ${PROPOSED}` })).toContainText(`Note: ${NOTE}`);
    await reviewerContext.close();

    // ── the expert reads the decision of their own proposal ──
    await expert.goto(workUrl);
    const mine = expert.getByRole('region', { name: /^Missing criteria/ });
    await expect(mine).toContainText('Accepted by a reviewer');
    await expect(mine).toContainText(`Reviewer’s note: ${NOTE}`);
    await expect(mine.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expert.goto('/audit/history');
    await expect(expert.getByRole('table', { name: 'Submitted queries' })).toContainText('1 accepted');
    await expert.context().close();

    // ── the campaign page and the criteria browser ──
    await page.goto(`/audit/campaigns/${campaign.id}`);
    await expect(page.getByTestId('campaign-proposals-pending')).toHaveText('0');
    await expect(page.getByTestId('campaign-proposals-accepted')).toHaveText('1');
    await page.goto(`/criteria?dataset=${datasetId}&open=${created.id}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { level: 2 })).toHaveText(EDITED);
    const history = drawer.getByRole('list', { name: 'Revisions, newest first' });
    await expect(history).toContainText('Expert’s missing-criterion proposal, accepted');
    await expect(history).toContainText(`proposed by ${EXPERT.name}`);
    await expect(history).toContainText(`campaign “${CAMPAIGN}”`);
    await expect(history).toContainText(`Why: ${NOTE}`);
    await expect(drawer).toContainText('Expert proposal');
    await expect(drawer.getByText('Never audited.')).toBeVisible();

    // ── a "never audited" campaign's preview counts it ──
    await page.goto('/audit/campaigns/new');
    const campaignForm = page.getByRole('form', { name: 'New campaign' });
    await campaignForm.getByLabel('Dataset').selectOption(String(datasetId));
    await campaignForm.getByLabel('Text').fill(EDITED);
    await campaignForm.getByRole('button', { name: 'Preview' }).click();
    await expect(campaignForm.getByTestId('preview-criteria')).toHaveText('1');
  });
});
