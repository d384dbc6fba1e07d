// The blind audit end to end: the admin creates a campaign with k = 2 through the form; two experts audit
// the same query with the keyboard only (accept, revise with an edit, reject with a dimension, add a missing
// criterion); the campaign page shows the progress; a third expert in the campaign is not offered the query
// once its criteria have k verdicts; and no expert can open another's assignment by guessing its id.
import { type Page, type Request, expect, test } from '@playwright/test';
import { prisma } from '@/lib/db';
import { demoUser, signIn, storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });

let campaignId = 0;
const campaignName = `Keyboard audit ${Date.now()}`;
const expertName = (index: number) => new RegExp(demoUser('EXPERT', index).name.replace('.', '\\.'));

test('the admin creates a campaign with k = 2 through the form', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor('ADMIN') });
  const page = await context.newPage();
  const dataset = await prisma.dataset.findFirstOrThrow({ where: { name: 'Demo: clinical rubrics' } });
  await page.goto('/audit');
  await page.getByRole('link', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Name', { exact: true }).fill(campaignName);
  await form.getByLabel('Dataset').selectOption(String(dataset.id));
  // One query, so both experts audit the same one; the third expert is in the campaign too.
  await form.getByLabel('Department', { exact: true }).fill('Endocrinology');
  await form.getByLabel('Max queries (optional)').fill('1');
  for (const index of [0, 1, 2]) await form.getByRole('checkbox', { name: expertName(index) }).check();
  await form.getByLabel('Verdicts per criterion (k)').fill('2');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/audit\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
  campaignId = Number(page.url().split('/').pop());
  const campaign = await prisma.auditCampaign.findUniqueOrThrow({ where: { id: campaignId }, include: { queries: true, experts: true } });
  expect(campaign.overlapK).toBe(2);
  expect(campaign.queries).toHaveLength(1);
  expect(campaign.experts).toHaveLength(3);
  await context.close();
});

/** Opens the campaign from "My audits" with the keyboard. */
async function startWithKeyboard(page: Page) {
  await page.goto('/audit');
  const card = page.getByRole('article', { name: campaignName });
  const start = card.getByRole('button', { name: /Start auditing|Next query/ });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audit\/work\/\d+$/);
  await expect(page.locator('article[data-active]')).toBeFocused();
}

const activeCard = (page: Page) => page.locator('article[data-active]');

async function decide(page: Page, key: '1' | '2' | '3' | '4') {
  await page.keyboard.press(key);
  const label = { '1': 'Accept', '2': 'Minor revision', '3': 'Major revision', '4': 'Reject' }[key];
  await expect(activeCard(page).getByRole('button', { name: new RegExp(label) })).toHaveAttribute('aria-pressed', 'true');
}

async function auditQuery(page: Page, comment: string) {
  const cards = page.getByRole('article', { name: /^Criterion \d+ of \d+/ });
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(3);

  // 1: accept.
  await decide(page, '1');
  // 2: minor revision with an edited title and a weight error, all by keyboard.
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toHaveAttribute('data-active', 'true');
  await decide(page, '2');
  await expect(activeCard(page).getByRole('checkbox', { name: 'Correctness' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(activeCard(page).getByRole('checkbox', { name: 'Weight rationality' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(activeCard(page).getByRole('radio', { name: 'Over-weighted' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  await page.keyboard.press('e');
  const title = activeCard(page).getByLabel('Title', { exact: true });
  await expect(title).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' (revised)');
  await expect(activeCard(page).getByRole('region', { name: 'Changes from the original' }).locator('ins')).toContainText('(revised)');
  await page.keyboard.press('Escape');
  await page.keyboard.press('c');
  await expect(activeCard(page).getByLabel('Comment')).toBeFocused();
  await page.keyboard.type(comment);
  await page.keyboard.press('Escape');
  // 3: reject on relevance.
  await page.keyboard.press('j');
  await decide(page, '4');
  // A rejection moves focus to its error dimensions (on the next frame): wait for it before tabbing on.
  await expect(activeCard(page).getByRole('checkbox', { name: 'Correctness' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(activeCard(page).getByRole('checkbox', { name: 'Relevance' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  // The rest: accept.
  for (let index = 3; index < total; index++) {
    await page.keyboard.press('j');
    await decide(page, '1');
  }
  // A missing criterion.
  await page.keyboard.press('n');
  await expect(page.getByLabel('Title', { exact: true }).last()).toBeFocused();
  await page.keyboard.type('Asks about current medications');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Proposal saved.' })).toBeVisible();
  // Completeness of the set: r, then arrows.
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^4 ·/ })).toBeChecked();
  await expect(page.getByTestId('decided-count')).toHaveText(`${total} of ${total} decided`);
  // Submit. The screen updates its progress bars from the submission's answer: no reload of the page follows.
  const mine = page.getByRole('progressbar', { name: /^Your queries in this campaign/ });
  const doneBefore = Number(await mine.getAttribute('aria-valuenow'));
  const pageLoads: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/audit')) pageLoads.push(request.url());
  };
  page.on('request', onRequest);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('submitted-panel')).toContainText('Submitted. Thank you!');
  await expect(mine).toHaveAttribute('aria-valuenow', String(doneBefore + 1));
  page.off('request', onRequest);
  expect(pageLoads).toEqual([]);
  return total;
}

test('two experts audit the same query with the keyboard only', async ({ browser }) => {
  for (const [index, marker] of [
    [0, 'weight too high for a highlight'],
    [1, 'threshold should be lower'],
  ] as const) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const expert = demoUser('EXPERT', index);
    await signIn(page, expert.email, expert.password);
    await startWithKeyboard(page);
    const total = await auditQuery(page, marker);

    const user = await prisma.user.findUniqueOrThrow({ where: { email: expert.email } });
    const assignment = await prisma.assignment.findFirstOrThrow({
      where: { campaignId, expertId: user.id },
      include: { verdicts: true, missingProposals: true },
    });
    expect(assignment).toMatchObject({ state: 'SUBMITTED', comprehensiveness: 4 });
    const byId = new Map(assignment.verdicts.map((verdict) => [verdict.criterionId, verdict]));
    const [first, second, third] = assignment.criterionOrder.map((id) => byId.get(id));
    expect(first).toMatchObject({ decision: 'ACCEPT', dimensions: [] });
    expect(second).toMatchObject({
      decision: 'REVISE_MINOR',
      dimensions: ['CORRECTNESS', 'WEIGHT'],
      weightDirection: 'OVER',
      comment: marker,
    });
    expect((second?.proposedRevision as { title: string } | undefined)?.title).toMatch(/ \(revised\)$/);
    expect(third).toMatchObject({ decision: 'REJECT', dimensions: ['RELEVANCE'] });
    expect(assignment.verdicts.filter((verdict) => verdict.submittedAt)).toHaveLength(total);
    expect(assignment.missingProposals.map((proposal) => proposal.title)).toEqual(['Asks about current medications']);
    // Each submitted verdict is in the audit trail.
    expect(await prisma.auditEvent.count({ where: { action: 'verdict.submit', entityId: { startsWith: `${assignment.id}:` } } })).toBe(
      total,
    );
    await context.close();
  }
  // Both experts saw the same query, each in their own recorded order.
  const assignments = await prisma.assignment.findMany({ where: { campaignId } });
  expect(new Set(assignments.map((a) => a.queryId)).size).toBe(1);
  expect(assignments).toHaveLength(2);
});

test('the campaign page shows the progress', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor('ADMIN') });
  const page = await context.newPage();
  await page.goto(`/audit/campaigns/${campaignId}`);
  const overall = page.getByRole('progressbar', { name: /^Overall progress/ });
  const slots = 2 * (await prisma.campaignCriterion.count({ where: { campaignId } }));
  await expect(overall).toHaveAttribute('aria-valuemax', String(slots));
  await expect(overall).toHaveAttribute('aria-valuenow', String(slots));
  const experts = page.getByRole('table', { name: 'Progress per expert' });
  for (const index of [0, 1]) await expect(experts.getByRole('row', { name: expertName(index) })).toBeVisible();
  await context.close();
});

test('a third expert is not offered a query whose criteria already have k verdicts', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const expert = demoUser('EXPERT', 2);
  await signIn(page, expert.email, expert.password);
  await page.goto('/audit');
  const card = page.getByRole('article', { name: campaignName });
  await expect(card).toContainText('Nothing left for you here');
  await expect(card.getByRole('button', { name: /Start auditing|Next query/ })).toHaveCount(0);
  await expect(card.getByTestId('mine-counts')).toHaveText('0 done · 0 remaining');
  const campaignBar = card.getByRole('progressbar', { name: `Verdicts given in ${campaignName}` });
  const slots = await campaignBar.getAttribute('aria-valuemax');
  expect(Number(slots)).toBeGreaterThan(0);
  await expect(campaignBar).toHaveAttribute('aria-valuenow', slots ?? '');

  await context.close();
});

test('an expert cannot open another expert’s assignment by guessing its id', async ({ browser }) => {
  const other = await prisma.assignment.findFirstOrThrow({ where: { campaignId, expert: { email: demoUser('EXPERT', 0).email } } });
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const expert = demoUser('EXPERT', 1);
  await signIn(page, expert.email, expert.password);
  const response = await page.goto(`/audit/work/${other.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText('weight too high for a highlight')).toHaveCount(0);
  await context.close();
});
