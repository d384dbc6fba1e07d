// Admin uploads one small file of each format, sees each summary, and an invalid file is refused with its
// line-numbered problems while nothing changes.
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { storageStateFor } from './fixtures';

const FIXTURES = path.join(process.cwd(), 'e2e', 'fixtures', 'import');

async function importFile(page: Page, file: string, dataset: string, options: { format?: string; skipInvalid?: boolean } = {}) {
  await page.goto('/datasets/import');
  const form = page.getByRole('form', { name: 'Import a file' });
  await form.locator('input[type=file]').setInputFiles(path.join(FIXTURES, file));
  await form.getByLabel('Dataset').fill(dataset);
  if (options.format) await form.getByLabel('Format').selectOption(options.format);
  if (options.skipInvalid) await form.getByLabel(/Skip invalid records/).check();
  await form.getByRole('button', { name: 'Import' }).click();
  const result = page.getByRole('region', { name: 'Import result' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  return result;
}

const countsRow = (result: ReturnType<Page['getByRole']>, label: string) =>
  result.getByRole('table', { name: 'Records' }).getByRole('row', { name: new RegExp(`^${label}`) });

test.describe('importing files', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('one file of each format imports with a summary; re-importing changes nothing', async ({ page }) => {
    const dataset = `E2E formats ${Date.now()}`;

    const native = await importFile(page, 'native.jsonl', dataset);
    await expect(native.getByText('Imported', { exact: true })).toBeVisible();
    await expect(native).toContainText('native');
    await expect(countsRow(native, 'Queries')).toHaveText(/Queries\s*2\s*0\s*0/);
    await expect(countsRow(native, 'Criteria')).toHaveText(/Criteria\s*5\s*0\s*0/);

    const csv = await importFile(page, 'criteria.csv', dataset);
    await expect(csv).toContainText('csv');
    await expect(countsRow(csv, 'Criteria')).toHaveText(/Criteria\s*2\s*0\s*0/);

    const healthBench = await importFile(page, 'healthbench.jsonl', dataset);
    await expect(healthBench).toContainText('healthbench');
    await expect(countsRow(healthBench, 'Criteria')).toHaveText(/Criteria\s*3\s*0\s*0/);
    await expect(countsRow(healthBench, 'Responses')).toHaveText(/Responses\s*1\s*0\s*0/);

    const quark = await importFile(page, 'quark.json', dataset);
    await expect(quark).toContainText('quark');
    await expect(countsRow(quark, 'Criteria')).toHaveText(/Criteria\s*3\s*0\s*0/);

    const again = await importFile(page, 'native.jsonl', dataset);
    await expect(countsRow(again, 'Queries')).toHaveText(/Queries\s*0\s*0\s*2/);
    await expect(countsRow(again, 'Criteria')).toHaveText(/Criteria\s*0\s*0\s*5/);

    // The imports are listed as succeeded.
    await page.reload();
    await expect(page.getByText('native.jsonl').first()).toBeVisible();
  });

  test('an invalid file shows every problem by line and field, and changes nothing', async ({ page }) => {
    const dataset = `E2E invalid ${Date.now()}`;
    const result = await importFile(page, 'invalid.jsonl', dataset);
    await expect(result.getByText('Refused', { exact: true })).toBeVisible();
    await expect(result).toContainText('Nothing was changed');
    const problems = result.getByRole('table', { name: 'Problems' });
    await expect(problems.getByRole('row', { name: /invalid\.jsonl 2 category/ })).toBeVisible();
    await expect(problems.getByRole('row', { name: /invalid\.jsonl 3 criteria\[0\]\.points must be a number/ })).toBeVisible();
    await expect(problems.getByRole('row', { name: /invalid\.jsonl 4 \(line\) not valid JSON/ })).toBeVisible();
    // Nothing was written: the dataset does not exist.
    await page.goto('/datasets/import');
    await expect(page.locator('#dataset-names option')).not.toHaveCount(0);
    expect(await page.locator(`#dataset-names option[value="${dataset}"]`).count()).toBe(0);

    // With "skip invalid" the valid record goes in and the others are listed.
    const partial = await importFile(page, 'invalid.jsonl', dataset, { skipInvalid: true });
    await expect(partial.getByText('Imported', { exact: true })).toBeVisible();
    await expect(countsRow(partial, 'Queries')).toHaveText(/Queries\s*1\s*0\s*0/);
    await expect(partial).toContainText('Skipped 3 invalid records on lines 2, 3, 4');
  });

  test('a file without a dataset name is refused before upload work starts', async ({ page }) => {
    await page.goto('/datasets/import');
    const form = page.getByRole('form', { name: 'Import a file' });
    await form.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'native.jsonl'));
    await form.getByRole('button', { name: 'Import' }).click();
    await expect(form.getByText('Choose or name a dataset')).toBeVisible();
  });
});

test.describe('importing is for admins', () => {
  test.use({ storageState: storageStateFor('REVIEWER') });
  test('a reviewer cannot open the import page or post a file', async ({ page, request }) => {
    expect((await page.goto('/datasets/import'))?.status()).toBe(403);
    const response = await request.post('/api/imports?dataset=x', { data: 'x', headers: { 'x-file-name': 'x.jsonl' } });
    expect(response.status()).toBe(403);
  });
});
