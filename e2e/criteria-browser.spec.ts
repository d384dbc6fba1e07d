// The Datasets page and the Criteria browser against the seeded demo dataset. Every expected number is computed
// here from prisma/seed/demo/queries.jsonl (the file the seed imports), never copied from the screen.
import fs from 'node:fs';
import path from 'node:path';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { prisma } from '@/lib/db';
import { storageStateFor } from './fixtures';

const DEMO_DATASET = 'Demo: clinical rubrics';

interface DemoCriterion {
  title: string;
  description?: string;
  tier: 'ESSENTIAL' | 'IMPORTANT' | 'HIGHLIGHT' | 'PITFALL';
  points: number;
  redLine?: boolean;
  levels?: { label: string; description: string }[];
  provenance?: { generatorModels?: string[] };
}
interface DemoQuery {
  id: string;
  language?: string;
  conversation: { role: string; content: string }[];
  criteria?: DemoCriterion[];
  responses?: unknown[];
}

const demo: DemoQuery[] = fs
  .readFileSync(path.join(process.cwd(), 'prisma/seed/demo/queries.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as DemoQuery);
const criteria = demo.flatMap((query) => (query.criteria ?? []).map((criterion) => ({ ...criterion, query })));
const count = (n: number) => n.toLocaleString('en');
const formatPoints = (points: number) =>
  new Intl.NumberFormat('en', { signDisplay: 'exceptZero', maximumFractionDigits: 2 }).format(points);

/** Opens the demo dataset's criteria from the Datasets page, as a user would. */
async function openDemoCriteria(page: Page): Promise<string> {
  await page.goto('/datasets');
  await page
    .getByRole('article', { name: DEMO_DATASET })
    .getByRole('link', { name: /Browse criteria/ })
    .click();
  await expect(page).toHaveURL(/\/criteria\?dataset=\d+$/);
  await expect(page.getByTestId('criteria-total')).toHaveText(`${count(criteria.length)} criteria`);
  return new URL(page.url()).searchParams.get('dataset') ?? '';
}

const filters = (page: Page) => page.getByRole('search', { name: 'Filter criteria' });
const dataRows = (page: Page) => page.locator('tbody tr[data-row-id]');
const cell = (row: Locator, column: string) => row.locator(`td[data-column="${column}"]`);

async function titlesOnPage(page: Page): Promise<string[]> {
  const texts = await dataRows(page).locator('td[data-column="title"] > div > div:first-child').allInnerTexts();
  return texts.map((text) => text.trim()).sort();
}

test.describe('admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('the Datasets page shows the demo dataset with its counts and links to its criteria', async ({ page }) => {
    await page.goto('/datasets');
    await expect(page.getByRole('link', { name: 'Import a file' })).toHaveAttribute('href', '/datasets/import');
    const card = page.getByRole('article', { name: DEMO_DATASET });
    await expect(card.getByTestId('stat-queries')).toHaveText(count(demo.length));
    await expect(card.getByTestId('stat-multi-turn')).toHaveText(count(demo.filter((query) => query.conversation.length > 1).length));
    await expect(card.getByTestId('stat-criteria')).toHaveText(count(criteria.length));
    await expect(card.getByTestId('stat-responses')).toHaveText(
      count(demo.reduce((sum, query) => sum + (query.responses?.length ?? 0), 0)),
    );
    await expect(card.getByTestId('stat-red-lines')).toHaveText(count(criteria.filter((criterion) => criterion.redLine).length));
    // The charts' text alternative carries the same numbers.
    const byTier = card.getByRole('table', { name: 'Criteria by tier' });
    for (const [tier, label] of [
      ['ESSENTIAL', 'Essential'],
      ['PITFALL', 'Pitfall'],
    ] as const) {
      await expect(byTier.getByRole('row', { name: label })).toContainText(String(criteria.filter((c) => c.tier === tier).length));
    }
    await expect(card).toContainText('queries.jsonl');

    await card.getByRole('link', { name: /Browse criteria/ }).click();
    await expect(page).toHaveURL(/\/criteria\?dataset=\d+$/);
    await expect(page.getByTestId('criteria-total')).toHaveText(`${count(criteria.length)} criteria`);
  });

  test('filters by tier, sorts by points, pages, and keeps the view on reload', async ({ page }) => {
    await openDemoCriteria(page);
    const essential = criteria.filter((criterion) => criterion.tier === 'ESSENTIAL');
    expect(essential.length).toBeGreaterThan(50); // enough for a second page

    await filters(page).getByLabel('Tier').selectOption('ESSENTIAL');
    await expect(page).toHaveURL(/tier=ESSENTIAL/);
    await expect(page.getByTestId('criteria-total')).toHaveText(`${count(essential.length)} criteria`);
    await expect(cell(dataRows(page).first(), 'tier')).toHaveText('Essential');

    const points = page.getByRole('columnheader', { name: 'Points' });
    await points.getByRole('button').click();
    await expect(points).toHaveAttribute('aria-sort', 'ascending');
    await points.getByRole('button').click();
    await expect(points).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=points&dir=desc/);
    const max = Math.max(...essential.map((criterion) => criterion.points));
    await expect(cell(dataRows(page).first(), 'points')).toHaveText(formatPoints(max));

    const range = page.getByTestId('criteria-range');
    await expect(range).toContainText(`Showing 1–50 of ${essential.length}`);
    const firstOnPage1 = await dataRows(page).first().getAttribute('data-row-id');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(range).toContainText(`Showing 51–100 of ${essential.length}`);
    await expect(page).toHaveURL(/after=/);
    await expect(dataRows(page).first()).not.toHaveAttribute('data-row-id', firstOnPage1 ?? '');
    const firstOnPage2 = await dataRows(page).first().getAttribute('data-row-id');

    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(range).toContainText(`Showing 1–50 of ${essential.length}`);
    await expect(dataRows(page).first()).toHaveAttribute('data-row-id', firstOnPage1 ?? '');

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(dataRows(page).first()).toHaveAttribute('data-row-id', firstOnPage2 ?? '');

    // Every piece of the view is in the URL, so a reload (or a shared link) shows the same page.
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(filters(page).getByLabel('Tier')).toHaveValue('ESSENTIAL');
    await expect(page.getByRole('columnheader', { name: 'Points' })).toHaveAttribute('aria-sort', 'descending');
    await expect(range).toContainText(`Showing 51–100 of ${essential.length}`);
    await expect(dataRows(page).first()).toHaveAttribute('data-row-id', firstOnPage2 ?? '');
    await expect(page.getByTestId('criteria-total')).toHaveText(`${count(essential.length)} criteria`);
  });

  test('a text search with a tier shows exactly the matching criteria', async ({ page }) => {
    await openDemoCriteria(page);
    const term = 'dose';
    // The criteria's current text: other specs' audits may have revised a demo criterion (its title follows).
    const current = await prisma.criterion.findMany({
      where: { dataset: { name: DEMO_DATASET }, tier: 'PITFALL' },
      select: { title: true, description: true },
    });
    const expected = current
      .filter((c) => `${c.title}\n${c.description}`.toLowerCase().includes(term))
      .map((c) => c.title)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(16); // all rendered at once

    await filters(page).getByLabel('Tier').selectOption('PITFALL');
    await expect(page.getByTestId('criteria-total')).toHaveText(`${count(criteria.filter((c) => c.tier === 'PITFALL').length)} criteria`);
    const search = filters(page).getByLabel('Search title and description');
    await search.fill(term.toUpperCase());
    await search.press('Enter');
    await expect(page).toHaveURL(/q=DOSE/);
    await expect(page.getByTestId('criteria-total')).toHaveText(`${count(expected.length)} criteria`);
    await expect(dataRows(page)).toHaveCount(expected.length);
    expect(await titlesOnPage(page)).toEqual(expected);
    for (const tier of await dataRows(page).locator('td[data-column="tier"]').allInnerTexts()) expect(tier).toBe('Pitfall');

    // Clearing the filters brings every criterion back and empties the controls.
    await filters(page)
      .getByRole('button', { name: /Clear filters/ })
      .click();
    await expect(page.getByTestId('criteria-total')).not.toHaveText(`${count(expected.length)} criteria`);
    await expect(search).toHaveValue('');
    await expect(filters(page).getByLabel('Tier')).toHaveValue('');
  });

  test('hides a column through the Columns menu (kept on reload) and selects rows', async ({ page }) => {
    await openDemoCriteria(page);
    const table = page.getByRole('table', { name: 'Criteria' });
    await expect(table.getByRole('columnheader', { name: 'Department' })).toBeVisible();
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'Department' }).uncheck();
    await expect(table.getByRole('columnheader', { name: 'Department' })).toHaveCount(0);
    await expect(page).toHaveURL(/hide=department/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('checkbox', { name: 'Department' })).toBeHidden();

    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Criterion' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Department' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Columns/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Department' })).not.toBeChecked();
    await page.keyboard.press('Escape');

    const status = page.getByRole('status').filter({ hasText: /selected/ });
    await dataRows(page).nth(0).getByRole('checkbox').check();
    await dataRows(page).nth(1).getByRole('checkbox').check();
    await expect(status).toHaveText('2 selected');
    await expect(dataRows(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(status).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await expect(status).toHaveText('50 selected');
  });

  test('opens a criterion in the drawer with its conversation and levels; Escape closes it, Enter reopens it', async ({ page }) => {
    // A multi-turn query, so the chat has both user and assistant turns.
    const query = demo.find((candidate) => candidate.conversation.length > 1);
    const criterion = query?.criteria?.[0];
    if (!query || !criterion) throw new Error('the demo has no multi-turn query with criteria');
    const dataset = await openDemoCriteria(page);
    await page.goto(`/criteria?dataset=${dataset}&q=${encodeURIComponent(criterion.title)}`);
    const row = dataRows(page).filter({ hasText: query.id }).first();
    await cell(row, 'title').click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/open=\d+/);
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(criterion.title);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (const message of query.conversation) await expect(dialog).toContainText(message.content.slice(0, 80));
    const levels = dialog.getByRole('table', { name: 'Level descriptors' });
    for (const level of criterion.levels ?? []) {
      await expect(levels.getByRole('row', { name: level.label })).toContainText(level.description);
    }
    await expect(dialog).toContainText(query.id);
    await expect(dialog).toContainText(DEMO_DATASET);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/open=/);
    // Focus is back on the row; Enter opens it again, the close button closes it.
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(criterion.title);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a Chinese conversation renders as text', async ({ page }) => {
    const query = demo.find((candidate) => candidate.language === 'zh');
    const criterion = query?.criteria?.[0];
    if (!query || !criterion) throw new Error('the demo has no Chinese query');
    const dataset = await openDemoCriteria(page);
    await page.goto(`/criteria?dataset=${dataset}&q=${encodeURIComponent(criterion.title)}`);
    await cell(dataRows(page).filter({ hasText: query.id }).first(), 'title').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(criterion.title);
    const first = query.conversation[0]?.content ?? '';
    await expect(dialog.locator('[lang="zh"]')).toContainText(first.slice(0, 40));
  });
});

/** The demo criterion whose provenance names this generator model, and the URL that opens it. */
async function openCriterionBy(page: Page, model: string) {
  const target = criteria.find((criterion) => criterion.provenance?.generatorModels?.includes(model));
  if (!target) throw new Error(`no demo criterion generated by ${model}`);
  await page.goto(`/criteria?q=${encodeURIComponent(target.title)}`);
  await cell(dataRows(page).filter({ hasText: target.query.id }).first(), 'title').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(target.title);
  return dialog;
}

const MODEL = 'aurora-med-70b';

test.describe('provenance', () => {
  test.describe('admin', () => {
    test.use({ storageState: storageStateFor('ADMIN') });
    test('sees who generated the criterion', async ({ page }) => {
      const dialog = await openCriterionBy(page, MODEL);
      await expect(dialog.getByRole('heading', { name: 'Provenance' })).toBeVisible();
      await expect(dialog.getByText(MODEL, { exact: true })).toBeVisible();
    });
  });

  test.describe('reviewer', () => {
    test.use({ storageState: storageStateFor('REVIEWER') });
    test('sees the drawer without provenance, and the server never sends it', async ({ page }) => {
      const dialog = await openCriterionBy(page, MODEL);
      await expect(dialog.getByRole('table', { name: 'Level descriptors' })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Provenance' })).toHaveCount(0);
      await expect(page.getByText(MODEL)).toHaveCount(0);
      // Not hidden in the page either: the HTML and the RSC payload for this URL do not contain it.
      const html = await (await page.request.get(page.url())).text();
      expect(html).toContain('Level descriptors');
      expect(html).not.toContain(MODEL);
    });
  });
});

test.describe('expert', () => {
  test.use({ storageState: storageStateFor('EXPERT') });
  test('gets 403 on the Criteria and Datasets pages', async ({ page }) => {
    for (const url of ['/criteria', '/datasets', '/criteria?open=1']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(403);
      await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    }
  });
});

test.describe('imported text is shown as text', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('HTML and script in titles, descriptions and conversations are never interpreted', async ({ page }) => {
    // A dataset of its own, through the real import path, so no other test sees it.
    const { importFile } = await import('@/lib/import/import-file');
    const { disconnectDb } = await import('@/lib/db');
    const token = `xss${Date.now()}`;
    const title = `${token} <img src=x onerror="window.__pwned=1"><b>bold</b>`;
    const message = `<script>window.__pwned=1</script>\n    indented <i>line</i> & more`;
    const line = JSON.stringify({
      id: `${token}-q1`,
      category: 'CLINICAL_CARE',
      conversation: [{ role: 'user', content: message }],
      criteria: [
        {
          title,
          description: '<a href="javascript:window.__pwned=1">click</a>',
          tier: 'ESSENTIAL',
          points: 5,
          levels: [{ label: '<u>Met</u>', description: '<svg onload="window.__pwned=1">' }],
        },
      ],
    });
    const bytes = Buffer.from(`${line}\n`);
    try {
      const summary = await importFile({
        source: {
          name: `${token}.jsonl`,
          size: bytes.length,
          open: async function* () {
            yield bytes;
          },
        },
        datasetName: `E2E ${token}`,
        format: 'native',
      });
      expect(summary.ok, JSON.stringify(summary.issues)).toBe(true);
    } finally {
      await disconnectDb();
    }

    await page.goto(`/criteria?q=${token}`);
    await expect(page.getByTestId('criteria-total')).toHaveText('1 criterion');
    const row = dataRows(page).first();
    await expect(cell(row, 'title')).toContainText(title);
    await cell(row, 'title').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(dialog).toContainText('<a href="javascript:window.__pwned=1">click</a>');
    await expect(dialog.getByRole('table', { name: 'Level descriptors' })).toContainText('<svg onload="window.__pwned=1">');
    // Whitespace is kept: the bubble's text is the message exactly.
    const bubble = dialog.locator('[lang="en"] li div').filter({ hasText: 'indented' });
    expect(await bubble.evaluate((element) => element.textContent)).toBe(message);
    await expect(page.locator('main img, dialog img, dialog script, dialog b, dialog svg[onload]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
