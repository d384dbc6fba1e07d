// An upload larger than Next.js's 10 MB proxy body limit reaches the import whole. It used to be cut at
// 10 MB (proxy.ts copied the body, proxyClientMaxBodySize), so every larger file was refused as malformed;
// `npm run faults` found it. Uses its own dataset name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeSyntheticDataset } from '@/tools/fixtures/synthetic';
import { storageStateFor } from './fixtures';

test.use({ storageState: storageStateFor('ADMIN') });

test('a 13 MB file uploads and imports completely through the import page', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rubric-e2e-upload-'));
  try {
    const file = path.join(dir, 'large.jsonl');
    const { totals, jsonl } = await writeSyntheticDataset({ scale: 0.04, jsonlPath: file });
    expect(jsonl.bytes).toBeGreaterThan(12 * 1024 * 1024);

    await page.goto('/datasets/import');
    const form = page.getByRole('form', { name: 'Import a file' });
    await form.locator('input[type=file]').setInputFiles(file);
    await form.getByLabel('Dataset').fill(`E2E large upload ${Date.now()}`);
    await form.getByRole('button', { name: 'Import' }).click();
    const result = page.getByRole('region', { name: 'Import result' });
    await expect(result).toBeVisible({ timeout: 150_000 });
    await expect(result.getByText('Imported', { exact: true })).toBeVisible();
    const row = (label: string) => result.getByRole('table', { name: 'Records' }).getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(row('Queries')).toHaveText(new RegExp(`Queries\\s*${totals.queries.toLocaleString('en')}\\s*0\\s*0`));
    await expect(row('Criteria')).toHaveText(new RegExp(`Criteria\\s*${totals.criteria.toLocaleString('en')}\\s*0\\s*0`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
