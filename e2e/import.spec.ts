// Admin uploads one small file of each format, sees each summary, and an invalid file is refused with its
// line-numbered problems while nothing changes.
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { NUL_LED_HEALTHBENCH, probeHealthBench } from '@/tools/fixtures/hostile-inputs';
import { storageStateFor } from './fixtures';

const FIXTURES = path.join(process.cwd(), 'e2e', 'fixtures', 'import');

type Upload = string | { name: string; mimeType: string; buffer: Buffer };

async function importFile(page: Page, file: Upload, dataset: string, options: { format?: string; skipInvalid?: boolean } = {}) {
  await page.goto('/datasets/import');
  const form = page.getByRole('form', { name: 'Import a file' });
  await form.locator('input[type=file]').setInputFiles(typeof file === 'string' ? path.join(FIXTURES, file) : file);
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

    // The imported rows are in the Criteria table: 5 native + 2 CSV + 3 HealthBench + 3 Quark.
    await page.goto('/criteria');
    const filters = page.getByRole('search', { name: 'Filter criteria' });
    await filters.getByLabel('Dataset').selectOption({ label: dataset });
    const total = page.getByTestId('criteria-total');
    await expect(total).toHaveText('13 criteria');
    await filters.getByLabel('Tier').selectOption('PITFALL');
    await expect(total).toHaveText('3 criteria');
    const points = page.getByRole('columnheader', { name: 'Points' });
    await points.getByRole('button').click();
    await expect(points).toHaveAttribute('aria-sort', 'ascending');
    const rows = page.locator('tbody tr[data-row-id]');
    // Two pitfalls tie at −8 (HealthBench and Quark, in id order), the native one (−6) comes last.
    await expect(rows.locator('td[data-column="points"]')).toHaveText([/[−-]8/, /[−-]8/, /[−-]6/]);
    await expect(rows.nth(1)).toContainText('自行推荐具体降压药剂量');
    await expect(rows.nth(2)).toContainText('Claims shakes cure obesity');

    // A CSV-added criterion opens with its query's multi-turn conversation.
    await filters.getByLabel('Tier').selectOption('');
    await filters.getByLabel('Search title and description').fill('bleeding');
    await filters.getByLabel('Search title and description').press('Enter');
    await expect(total).toHaveText('1 criterion');
    await rows.first().locator('td[data-column="title"]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Warns about bleeding signs');
    await expect(dialog).toContainText('e2e-n2');
    await expect(dialog).toContainText('an 80-year-old on warfarin for AF');
    await expect(dialog).toContainText('Anticoagulation handbook');
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
    await expect(result).toContainText('Fix them, or use “Skip invalid records” to import the 1 valid record.');
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

  test('files outside testers brought (issue 16): the page says what the database holds', async ({ page }) => {
    const stamp = Date.now();
    const upload = (name: string, content: string | Buffer): Upload => ({
      name,
      mimeType: 'application/octet-stream',
      buffer: typeof content === 'string' ? Buffer.from(content) : content,
    });

    // UTF-16: the encoding is named with how to convert it, whatever the format chosen.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${probeHealthBench('u1')}\n`, 'utf16le')]);
    const encoded = await importFile(page, upload('utf16.jsonl', utf16), `E2E utf16 ${stamp}`, {
      format: 'healthbench',
      skipInvalid: true,
    });
    await expect(encoded.getByText('Refused', { exact: true })).toBeVisible();
    await expect(encoded.getByRole('table', { name: 'Problems' })).toContainText(
      'the file is encoded as UTF-16LE (it starts with a UTF-16 byte order mark), not UTF-8; convert it first, e.g. iconv -f UTF-16 -t UTF-8 utf16.jsonl > utf16.utf8.jsonl',
    );
    await expect(encoded).not.toContainText('Skip invalid records');

    // A first line starting with NUL, skipping invalid records: imported, and the skipped line's reason shows the NUL.
    const nul = await importFile(page, upload('nul.jsonl', NUL_LED_HEALTHBENCH), `E2E nul ${stamp}`, { skipInvalid: true });
    await expect(nul.getByText('Imported', { exact: true })).toBeVisible();
    await expect(countsRow(nul, 'Queries')).toHaveText(/Queries\s*2\s*0\s*0/);
    await expect(nul).toContainText('Skipped 1 invalid record on line 1');
    await expect(nul.getByRole('table', { name: 'Problems' })).toContainText("unexpected token '\\u0000'");

    // Real QuarkMedBench output: empty tags, records wrapped in the generation output's object.
    const quark = {
      Query: '孩子发烧三天了怎么办？',
      essential: [
        { Title: '建议及时就医', Weight: 8, Tag: '', Description: { 'Not Met': '无', 'Partially Met': '部分', 'Fully Met': '明确' } },
      ],
    };
    const wrapped = await importFile(
      page,
      upload('quark.jsonl', `${JSON.stringify({ Evaluation_System: quark })}\n`),
      `E2E quark ${stamp}`,
    );
    await expect(wrapped.getByText('Imported', { exact: true })).toBeVisible();
    await expect(countsRow(wrapped, 'Criteria')).toHaveText(/Criteria\s*1\s*0\s*0/);

    // A problem is named as the file names it, with the array index; skipping asked for, it is not suggested again.
    const bad = JSON.stringify([{ ...quark, essential: [{ Title: 't', Weight: 'heavy', Tag: '' }] }], null, 2);
    const refused = await importFile(page, upload('bad.json', bad), `E2E quark bad ${stamp}`, { skipInvalid: true });
    await expect(
      refused
        .getByRole('table', { name: 'Problems' })
        .getByRole('row', { name: /bad\.json 2 \[0\]\.essential\[0\]\.Weight must be a number/ }),
    ).toBeVisible();
    await expect(refused).toContainText('Nothing was changed. No record is valid.');
    await expect(refused).not.toContainText('Skip invalid records');
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
