// The criteria browser's bulk actions, on a dataset of this spec's own (three queries, one department each, so
// no other spec's figures move): the ID column shows the criteria's own ids; an admin exports the selected rows
// as CSV, tags them, and adds them to a campaign no expert has started, where rows busy in another open
// campaign are refused with their count and stay selected; a reviewer may export, not tag or add.
import fs from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { disconnectDb, prisma } from '@/lib/db';
import { SAMPLE_EXPERT, createTestCampaign } from './campaign-fixtures';
import { storageStateFor } from './fixtures';
import { importOwnDataset } from './own-dataset';

test.describe.configure({ mode: 'serial' });

const STAMP = Date.now();
const DATASET = `E2E bulk ${STAMP}`;
const TARGET = `Bulk target ${STAMP}`;
const BUSY = `Bulk busy ${STAMP}`;
/** Query q's criteria are bulk-q-1..3; query a goes to the target campaign, b to the busy one, c is free. */
const QUERIES = ['a', 'b', 'c'] as const;
let datasetId = 0;

test.beforeAll(async () => {
  datasetId = await importOwnDataset(
    DATASET,
    QUERIES.map((q) => ({ id: `bulk-${STAMP}-${q}`, department: `Bulk ${q} ${STAMP}`, criteria: [1, 2, 3].map((n) => `bulk-${q}-${n}`) })),
  );
  for (const [name, q] of [
    [TARGET, 'a'],
    [BUSY, 'b'],
  ] as const) {
    await createTestCampaign({ name, department: `Bulk ${q} ${STAMP}`, expertEmails: [SAMPLE_EXPERT], datasetId });
  }
});

test.afterAll(async () => {
  await disconnectDb();
});

const select = async (page: Page, references: string[]) => {
  for (const reference of references) await page.getByRole('checkbox', { name: `Select criterion ${reference}` }).check();
};

test('an admin exports, tags and adds the selection to a campaign; busy rows are refused, counted and stay selected', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ storageState: storageStateFor('ADMIN') });
  const page = await context.newPage();
  await page.goto(`/criteria?dataset=${datasetId}`);
  await expect(page.getByTestId('criteria-total')).toHaveText('9 criteria');
  // The ID column holds the criteria's own ids, never database ids.
  const ids = await page.locator('tbody tr[data-row-id] td[data-column="id"]').allInnerTexts();
  expect(ids.map((text) => text.trim()).sort()).toEqual(QUERIES.flatMap((q) => [1, 2, 3].map((n) => `bulk-${q}-${n}`)).sort());

  const bulk = page.getByRole('region', { name: 'Selected criteria' });
  await expect(bulk).toHaveCount(0);
  await select(page, ['bulk-b-1', 'bulk-b-2', 'bulk-c-1', 'bulk-c-2', 'bulk-c-3']);
  await expect(bulk).toContainText('Export 5 criteria');

  // Export: the CSV holds the five rows by their ids.
  const downloading = page.waitForEvent('download');
  await bulk.getByRole('button', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('criteria-selection-5.csv');
  const file = testInfo.outputPath('selection.csv');
  await download.saveAs(file);
  const rows = fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]?.startsWith('reference,dataset,query_id,')).toBe(true);
  expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(['bulk-b-1', 'bulk-b-2', 'bulk-c-1', 'bulk-c-2', 'bulk-c-3']);

  // Tag: every selected row gets it once.
  await bulk.getByLabel('Tag', { exact: true }).fill(`bulk:${STAMP}`);
  await bulk.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByTestId('bulk-notice')).toHaveText(`Added “bulk:${STAMP}” on 5 criteria.`);
  expect(await prisma.criterion.count({ where: { datasetId, tags: { has: `bulk:${STAMP}` } } })).toBe(5);

  // Add to the target campaign: query b's rows are busy in the other open campaign.
  const form = bulk.getByRole('form', { name: 'Add the selection to a campaign' });
  await form.getByLabel('Campaign (not started)').selectOption({ label: `${TARGET} (${DATASET}, 3 criteria)` });
  await form.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(page.getByTestId('bulk-notice')).toHaveText(
    `Added 3 criteria to “${TARGET}” (1 new query). Not added: 2 are being audited in “${BUSY}”. Those rows stay selected.`,
  );
  await expect(bulk).toContainText('Export 2 criteria');
  for (const reference of ['bulk-b-1', 'bulk-b-2']) {
    await expect(page.getByRole('checkbox', { name: `Select criterion ${reference}` })).toBeChecked();
  }
  await expect(page.getByRole('checkbox', { name: 'Select criterion bulk-c-1' })).not.toBeChecked();
  const target = await prisma.auditCampaign.findFirstOrThrow({
    where: { name: TARGET },
    include: { criteria: { include: { criterion: true } } },
  });
  expect(target.criteria.map((row) => row.criterion.key).sort()).toEqual([
    'bulk-a-1',
    'bulk-a-2',
    'bulk-a-3',
    'bulk-c-1',
    'bulk-c-2',
    'bulk-c-3',
  ]);
  await context.close();
});

test('a reviewer may export the selection but is offered neither tagging nor adding to a campaign', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor('REVIEWER') });
  const page = await context.newPage();
  await page.goto(`/criteria?dataset=${datasetId}`);
  await select(page, ['bulk-a-1']);
  const bulk = page.getByRole('region', { name: 'Selected criteria' });
  await expect(bulk.getByRole('button', { name: 'CSV' })).toBeVisible();
  await expect(bulk.getByRole('form')).toHaveCount(0);
  await context.close();
});
