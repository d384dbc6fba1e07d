// WCAG 2.1 AA, kept closed: axe-core (tags wcag2a, wcag2aa, wcag21a, wcag21aa) over every page of every role
// (the page walk's URLs, e2e/page-walk-fixtures.ts) and over the states a page only reaches by interaction: the
// audit screen fresh, with a revision editor open, with the missing-criterion form open and with the shortcuts
// dialog open. Any serious or critical violation fails, listed as page, rule and selector.
import { AxeBuilder } from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { ROLES } from '@/lib/auth/roles';
import { disconnectDb, prisma } from '@/lib/db';
import { createUser } from '@/lib/users/create-user';
import { createTestCampaign } from './campaign-fixtures';
import { signIn } from './fixtures';
import { importOwnDataset } from './own-dataset';
import { type PageWalkIds, ensurePageWalkData, openAs, pageWalkUrls } from './page-walk-fixtures';

test.describe.configure({ mode: 'serial' });

const VIEWPORT = { width: 1366, height: 900 };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXPERT = { email: 'a11y-expert@rubric-audit.local', name: 'Dr. Axe Expert', password: 'a11y-walk-pass-1' };
const CAMPAIGN = 'Accessibility walk';

let ids: PageWalkIds;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ids = await ensurePageWalkData();
});

test.afterAll(async () => {
  await disconnectDb();
});

/** Serious and critical violations on the page as it is now, one line per element: "where: rule at selector". */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

for (const role of ROLES) {
  test(`every page ${role.toLowerCase()}s open has no serious or critical axe violation`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await openAs(browser, role, { viewport: VIEWPORT });
    const urls = pageWalkUrls(role, ids);
    expect(urls.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const url of urls) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await page.waitForLoadState('load');
      problems.push(...(await axeProblems(page, url)));
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
}

test('the sign-in page has no serious or critical axe violation', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto('/sign-in');
  expect(await axeProblems(page, '/sign-in')).toEqual([]);
  await context.close();
});

test('the audit screen, fresh and in each interactive state, has no serious or critical axe violation', async ({ browser }) => {
  test.setTimeout(120_000);
  if (!(await prisma.user.findUnique({ where: { email: EXPERT.email } }))) {
    await createUser({
      actorId: null,
      input: { email: EXPERT.email, name: EXPERT.name, role: 'EXPERT', password: EXPERT.password, specialties: ['Accessibility'] },
    });
    const datasetId = await importOwnDataset(`Accessibility walk ${Date.now()}`, [
      { id: 'a11y-q1', department: 'Accessibility', criteria: ['a11y-c1', 'a11y-c2', 'a11y-c3'] },
    ]);
    await createTestCampaign({ name: CAMPAIGN, department: 'Accessibility', expertEmails: [EXPERT.email], datasetId });
  }
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await signIn(page, EXPERT.email, EXPERT.password);
  await page.goto('/audit');
  await page
    .getByRole('article', { name: CAMPAIGN })
    .getByRole('button', { name: /Start auditing|Next query/ })
    .click();
  await expect(page).toHaveURL(/\/audit\/work\/\d+$/);
  const active = page.locator('article[data-active]');
  await expect(active).toBeFocused();
  const problems = await axeProblems(page, 'audit screen, fresh');

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  problems.push(...(await axeProblems(page, 'audit screen, shortcuts dialog open')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Major revision: the pressed button, the dimensions and the revision editor with its diff.
  await active.getByRole('button', { name: 'Major revision' }).click();
  await expect(active.getByRole('group', { name: 'Proposed revision' })).toBeVisible();
  await active.getByLabel('Title').fill('A clearer title');
  problems.push(...(await axeProblems(page, 'audit screen, revision editor open')));

  await page.getByRole('button', { name: 'Propose a missing criterion' }).click();
  await expect(page.getByRole('form', { name: 'Missing criterion' })).toBeVisible();
  problems.push(...(await axeProblems(page, 'audit screen, missing-criterion form open')));
  expect(problems).toEqual([]);
  await context.close();
});
