// The expert's whole audit by keyboard alone (WCAG 2.1.1, 2.4.7): from "My audits", claim a query, decide every
// criterion, revise one, propose a missing criterion (Esc closes the form and gives focus back), rate and submit,
// never touching the mouse. At every step the focused element is visible, shows its focus, and is not under
// the sticky header; then Shift+Tab through every stop of the screen checks the same. Screen-reader output is
// checked where it is text: the decision buttons' names, the live region and the revision's spoken diff.
import { type Page, expect, test } from '@playwright/test';
import { prisma } from '@/lib/db';
import { createUser } from '@/lib/users/create-user';
import { createTestCampaign } from './campaign-fixtures';
import { signIn } from './fixtures';
import { importOwnDataset } from './own-dataset';

const EXPERT = { email: 'keyboard-expert@rubric-audit.local', name: 'Dr. Keyboard Only', password: 'keyboard-walk-pass-1' };
const CAMPAIGN = 'Keyboard-only walk';
const DEPARTMENT = 'Keyboard walk';

// The second test reopens the query the first one submitted.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  if (await prisma.user.findUnique({ where: { email: EXPERT.email } })) return;
  await createUser({
    actorId: null,
    input: { email: EXPERT.email, name: EXPERT.name, role: 'EXPERT', password: EXPERT.password, specialties: [DEPARTMENT] },
  });
  // A long query text and several criteria, so that the screen scrolls and the header has something to cover.
  const datasetId = await importOwnDataset(`Keyboard walk ${Date.now()}`, [
    { id: 'kbd-q1', department: DEPARTMENT, criteria: ['kbd-c1', 'kbd-c2', 'kbd-c3', 'kbd-c4', 'kbd-c5', 'kbd-c6'] },
  ]);
  await createTestCampaign({ name: CAMPAIGN, department: DEPARTMENT, expertEmails: [EXPERT.email], datasetId });
});

/** The focused element: visible in the window, showing a focus indicator, and not under the sticky header. */
async function focusProblem(page: Page): Promise<string | null> {
  return await page.evaluate(async () => {
    // Whatever scrolling the focus causes is done within two frames.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'focus is on <body>';
    const name = `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const header = document.querySelector('header.sticky');
    if (header?.contains(element)) return null;
    const rect = element.getBoundingClientRect();
    // A tall element (a card, a scrolling pane) need only show its top part.
    const visibleBottom = Math.min(rect.bottom, rect.top + 24);
    if (rect.width === 0 || rect.height === 0) return `${name} has no size`;
    if (rect.top < 0 || visibleBottom > window.innerHeight) return `${name} is outside the window (top ${Math.round(rect.top)})`;
    // Covered: the element's top part lies where the header is (the site's nav beside or above it is not).
    const box = header?.getBoundingClientRect();
    const across = box && rect.left < box.right && rect.right > box.left;
    if (box && across && rect.top < box.bottom - 1 && visibleBottom > box.top + 1)
      return `${name} is under the sticky header (top ${Math.round(rect.top)} < ${Math.round(box.bottom)})`;
    const style = getComputedStyle(element);
    const ring = style.boxShadow !== 'none';
    if (!element.matches(':focus-visible') || (style.outlineStyle === 'none' && !ring)) return `${name} shows no focus`;
    return null;
  });
}

async function expectFocusClear(page: Page, step: string) {
  expect(await focusProblem(page), step).toBeNull();
}

/** Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (element: { name: string; role: string | null }) => boolean, key = 'Tab') {
  for (let press = 0; press < 120; press++) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { name: (element?.textContent ?? '').trim(), role: element?.tagName.toLowerCase() ?? null };
    });
    if (matches(focused)) return;
  }
  throw new Error('never reached the control by Tab');
}

test('an expert audits a whole query with the keyboard only, and the focus is always in sight', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 700 } });
  const page = await context.newPage();
  // Signing in is not the audit: the form's own spec covers it.
  await signIn(page, EXPERT.email, EXPERT.password);
  await page.goto('/audit');

  // ── claim the query from "My audits" ──
  await tabTo(page, ({ name, role }) => role === 'button' && /Start auditing/.test(name));
  await expectFocusClear(page, 'Start auditing');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audit\/work\/\d+$/);
  const cards = page.getByRole('article', { name: /^Criterion \d+ of 6/ });
  const active = page.locator('article[data-active]');
  await expect(active).toBeFocused();
  await expectFocusClear(page, 'first card');
  const announcement = page.getByTestId('decision-announcement');

  // ── decide every criterion: 1 accepts; the buttons are named without their key, which aria-keyshortcuts holds ──
  await expect(cards.nth(0).getByRole('button', { name: 'Accept', exact: true })).toHaveAttribute('aria-keyshortcuts', '1');
  await page.keyboard.press('1');
  await expect(cards.nth(0).getByRole('button', { name: 'Accept', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(announcement).toHaveText('Criterion 1: Accept. 1 of 6 decided.');

  // ── the second is a major revision: a dimension, then its text edited (e) ──
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toBeFocused();
  await expectFocusClear(page, 'second card after j');
  await page.keyboard.press('3');
  await expect(announcement).toHaveText('Criterion 2: Major revision. 2 of 6 decided.');
  await expect(cards.nth(1).getByRole('checkbox').first()).toBeFocused();
  await expectFocusClear(page, 'first dimension after 3');
  await page.keyboard.press('Space');
  await expect(cards.nth(1).getByRole('checkbox').first()).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('e');
  const title = cards.nth(1).getByLabel('Title');
  await expect(title).toBeFocused();
  await expectFocusClear(page, 'revision title after e');
  await page.keyboard.press('End');
  await page.keyboard.type(', reworded');
  await expect(cards.nth(1).getByTestId('revision-change-text')).toContainText('Title changed from “Criterion kbd-c');
  await expect(cards.nth(1).getByTestId('revision-change-text')).toContainText(', reworded”.');
  await page.keyboard.press('Escape');
  await expect(cards.nth(1)).toBeFocused();

  // ── the rest are accepted, each card brought below the header by j ──
  for (let index = 2; index < 6; index++) {
    await page.keyboard.press('j');
    await expect(cards.nth(index)).toBeFocused();
    await expectFocusClear(page, `card ${index + 1} after j`);
    await page.keyboard.press('1');
    await expect(announcement).toHaveText(`Criterion ${index + 1}: Accept. ${index + 1} of 6 decided.`);
  }
  await expect(page.getByTestId('decided-count')).toHaveText('6 of 6 decided');
  // k scrolls back up: the card's top must not hide under the header.
  for (let index = 4; index >= 0; index--) {
    await page.keyboard.press('k');
    await expect(cards.nth(index)).toBeFocused();
    await expectFocusClear(page, `card ${index + 1} after k`);
  }

  // ── a missing criterion: Esc closes the form and gives focus back to what opened it ──
  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'Missing criterion' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await expectFocusClear(page, 'missing-criterion title');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(cards.nth(0)).toBeFocused();
  await tabTo(page, ({ name }) => /Propose a missing criterion/.test(name));
  await expectFocusClear(page, 'Propose button');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Propose a missing criterion' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Advises when to seek urgent care');
  await page.keyboard.press('Tab');
  await expectFocusClear(page, 'missing-criterion description');
  await page.keyboard.type('Names the warning signs that need a doctor today.');
  await tabTo(page, ({ name }) => name === 'Save proposal');
  await expectFocusClear(page, 'Save proposal');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /Missing criteria/ })).toContainText('Advises when to seek urgent care');
  await expect(page.getByRole('button', { name: 'Propose a missing criterion' })).toBeFocused();

  // ── Shift+Tab through every stop of the screen: none ends under the header ──
  const problems: string[] = [];
  let stops = 0;
  for (; stops < 150; stops++) {
    await page.keyboard.press('Shift+Tab');
    if (await page.getByRole('link', { name: 'Skip to content' }).evaluate((link) => link === document.activeElement)) break;
    const problem = await focusProblem(page);
    if (problem) problems.push(`Shift+Tab ${stops + 1}: ${problem}`);
  }
  expect(problems).toEqual([]);
  expect(stops, 'Shift+Tab reached the first stop of the page').toBeLessThan(150);
  expect(stops).toBeGreaterThan(30);

  // ── rate the set (r, then 4) and submit (Ctrl+Enter) ──
  await page.keyboard.press('Escape');
  await page.locator('article[data-active]').focus();
  await page.keyboard.press('r');
  await expectFocusClear(page, 'completeness rating');
  await page.keyboard.press('4');
  await expect(page.locator('input[name="comprehensiveness"][value="4"]')).toBeChecked();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('submitted-panel')).toBeFocused();
  await expectFocusClear(page, 'after submitting');
  const assignment = await prisma.assignment.findFirstOrThrow({
    where: { campaignQuery: { campaign: { name: CAMPAIGN } }, expert: { email: EXPERT.email } },
    include: { verdicts: true, missingProposals: true },
  });
  expect(assignment.state).toBe('SUBMITTED');
  expect(assignment.verdicts.map((verdict) => verdict.decision).sort()).toEqual([
    'ACCEPT',
    'ACCEPT',
    'ACCEPT',
    'ACCEPT',
    'ACCEPT',
    'REVISE_MAJOR',
  ]);
  expect(assignment.missingProposals.map((proposal) => proposal.title)).toEqual(['Advises when to seek urgent care']);
  await context.close();
});

test('single-key shortcuts can be turned off or made to need Alt, from the cheat sheet', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, EXPERT.email, EXPERT.password);
  const assignment = await prisma.assignment.findFirstOrThrow({
    where: { campaignQuery: { campaign: { name: CAMPAIGN } }, expert: { email: EXPERT.email } },
  });
  await page.goto(`/audit/work/${assignment.id}`);
  const cards = page.getByRole('article', { name: /^Criterion \d+ of 6/ });
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await sheet.getByRole('radio', { name: 'Only with Alt held' }).check();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await page.locator('article[data-active]').focus();
  await page.keyboard.press('j');
  await expect(cards.nth(0)).toBeFocused();
  await page.keyboard.press('Alt+j');
  await expect(cards.nth(1)).toBeFocused();
  await expect(cards.nth(1).getByRole('button', { name: 'Accept', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Alt+1');
  await page.keyboard.press('Alt+?');
  await sheet.getByRole('radio', { name: 'Off' }).check();
  await page.keyboard.press('Escape');
  await page.locator('article[data-active]').focus();
  await page.keyboard.press('Alt+j');
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toBeFocused();
  await expect(cards.nth(1).getByRole('button', { name: 'Accept', exact: true })).not.toHaveAttribute('aria-keyshortcuts');
  // The choice is kept: a reload still has the keys off.
  // The screen resumes on the card the expert was on (its cursor is saved 800 ms after a move), whichever it is.
  await page.reload();
  await expect(page.locator('article[data-active]')).toBeFocused();
  await page.keyboard.press('?');
  await expect(sheet).toBeHidden();
  await context.close();
});
