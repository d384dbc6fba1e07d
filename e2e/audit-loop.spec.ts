// The loop the product exists for, walked as its users walk it (issue 17): the admin imports a small file and
// creates two experts, a campaign with k = 2; both experts audit through the audit screen; an expert edits a
// submitted verdict and undoes it; a reviewer adjudicates the disagreement with revised gold text; the statuses
// and the revision history show on the Datasets page and in the criteria browser; the expert's attempt to amend
// the adjudicated criterion is refused; a re-audit campaign takes the revised criterion; a release is frozen and
// every format, downloaded, holds the adjudicated text.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { parquetReadObjects } from 'hyparquet';
import tar from 'tar-stream';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { FINAL_DECISION_MESSAGE } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';
import { signIn, storageStateFor } from './fixtures';

const STAMP = Date.now();
const DATASET = `E2E loop ${STAMP}`;
const CAMPAIGN = `Loop campaign ${STAMP}`;
const REAUDIT = `Loop re-audit ${STAMP}`;
const RELEASE = `E2E loop release ${STAMP}`;
const INSTRUCTIONS = 'Judge each criterion against current guidance for adults.';
const PASSWORD = 'loop-password-123';
const EXPERTS = [
  { name: 'Dr. Loop Alder', email: `loop-alder-${STAMP}@rubric-audit.local` },
  { name: 'Dr. Loop Birch', email: `loop-birch-${STAMP}@rubric-audit.local` },
] as const;
/** The three criteria: both experts accept the first, disagree on the second, reject the third. */
const SAME = 'Advises calling emergency services now';
const DISPUTED = 'Mentions hydration';
const REJECTED = 'Claims antibiotics cure viral colds';
const GOLD = 'Advises drinking water every hour while feverish';

function importFile(): string {
  const line = {
    id: `loop-${STAMP}`,
    category: 'CLINICAL_CARE',
    department: 'Loop medicine',
    language: 'en',
    tags: [],
    conversation: [{ role: 'user', content: 'My child has a fever and chest pain. What should I do?' }],
    criteria: [
      // HealthBench-style: the description is the title (the screens show it once).
      { id: 'c1', title: SAME, description: SAME, tier: 'ESSENTIAL', points: 8, tags: [] },
      { id: 'c2', title: DISPUTED, description: 'Recommends drinking fluids regularly.', tier: 'IMPORTANT', points: 3, tags: [] },
      { id: 'c3', title: REJECTED, description: 'States antibiotics cure a viral cold.', tier: 'PITFALL', points: -5, tags: [] },
    ],
  };
  const file = test.info().outputPath('loop.jsonl');
  fs.writeFileSync(file, `${JSON.stringify(line)}\n`);
  return file;
}

const criterionCards = (page: Page) => page.getByRole('article', { name: /^Criterion \d+ of \d+/ });
const cardOf = (page: Page, title: string) => criterionCards(page).filter({ hasText: title });

/** Signs an expert in on a fresh context and audits the campaign's query through the audit screen. */
async function auditAs(browser: Browser, expert: (typeof EXPERTS)[number], decide: (title: string) => '1' | '4'): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, expert.email, PASSWORD);
  await page.goto('/audit');
  const card = page.getByRole('article', { name: CAMPAIGN });
  await expect(card).toContainText(INSTRUCTIONS);
  await card.getByRole('button', { name: 'Start auditing' }).click();
  await expect(page).toHaveURL(/\/audit\/work\/\d+$/);
  // Submitting with nothing decided reports every problem at once: each criterion and the rating.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/Before you can submit, fix criteria 1, 2, 3 and the completeness rating/)).toBeVisible();
  await expect(page.locator('#rating-error')).toContainText('Rate how complete the set of criteria is');
  for (const title of [SAME, DISPUTED, REJECTED]) {
    const card = cardOf(page, title);
    await expect(card).toContainText(/choose a decision/i);
    await card.getByText(title, { exact: true }).first().click();
    const key = decide(title);
    await page.keyboard.press(key);
    await expect(card.getByRole('button', { name: key === '1' ? /Accept/ : /Reject/ })).toHaveAttribute('aria-pressed', 'true');
    if (key === '4') {
      await expect(card.getByRole('checkbox', { name: 'Correctness' })).toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Escape');
    }
  }
  // r focuses the rating; a digit then chooses it.
  await page.keyboard.press('r');
  await page.keyboard.press('4');
  await expect(page.getByRole('radio', { name: /^4 ·/ })).toBeChecked();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('submitted-panel')).toContainText('Submitted. Thank you!');
  return page;
}

const KEYS: Record<string, string> = { [SAME]: 'c1', [DISPUTED]: 'c2', [REJECTED]: 'c3' };

async function verdictOf(email: string, title: string) {
  return await prisma.verdict.findFirstOrThrow({
    where: { expert: { email }, campaign: { name: CAMPAIGN }, criterion: { key: KEYS[title] ?? '', dataset: { name: DATASET } } },
  });
}

test.describe('the audit loop', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('import, audit by two experts, adjudicate, statuses and history, refused amendment, re-audit, release', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);

    // ── the admin imports a small file and creates the two experts ──
    await page.goto('/datasets/import');
    const importForm = page.getByRole('form', { name: 'Import a file' });
    await importForm.locator('input[type=file]').setInputFiles(importFile());
    await importForm.getByLabel('Dataset').fill(DATASET);
    await importForm.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('region', { name: 'Import result' }).getByText('Imported', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: DATASET } });
    expect(await prisma.criterionRevision.count({ where: { criterion: { datasetId: dataset.id }, revision: 0 } })).toBe(3);

    for (const expert of EXPERTS) {
      await page.goto('/admin');
      const form = page.getByRole('form', { name: 'Create user' });
      await form.getByLabel('Name', { exact: true }).fill(expert.name);
      await form.getByLabel('Email').fill(expert.email);
      await form.getByLabel('Initial password').fill(PASSWORD);
      await form.getByLabel('Role').selectOption('EXPERT');
      await form.getByRole('button', { name: 'Create user' }).click();
      await expect(form.getByRole('status')).toHaveText(`Created ${expert.email}.`);
    }

    // ── a campaign with k = 2 over the never-audited criteria ──
    await page.goto('/audit/campaigns/new');
    const campaignForm = page.getByRole('form', { name: 'New campaign' });
    await campaignForm.getByLabel('Name', { exact: true }).fill(CAMPAIGN);
    await campaignForm.getByLabel('Instructions for experts (optional)').fill(INSTRUCTIONS);
    await campaignForm.getByLabel('Dataset').selectOption(String(dataset.id));
    await campaignForm.getByRole('button', { name: 'Preview' }).click();
    await expect(campaignForm.getByTestId('preview-criteria')).toHaveText('3');
    await expect(campaignForm.getByRole('radiogroup', { name: 'Which criteria' })).toContainText('3 in this dataset');
    for (const expert of EXPERTS) await campaignForm.getByRole('checkbox', { name: new RegExp(expert.name) }).check();
    await campaignForm.getByLabel('Verdicts per criterion (k)').fill('2');
    await campaignForm.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible({ timeout: 30_000 });

    // ── both experts audit; they agree on the first and third criteria, not on the second ──
    const alder = await auditAs(browser, EXPERTS[0], (title) => (title === REJECTED ? '4' : '1'));
    const birch = await auditAs(browser, EXPERTS[1], (title) => (title === SAME ? '1' : '4'));
    const statusOf = async (title: string) =>
      (await prisma.criterion.findFirstOrThrow({ where: { datasetId: dataset.id, key: KEYS[title] ?? '' } })).status;
    expect(await statusOf(SAME)).toBe('VERIFIED');
    expect(await statusOf(DISPUTED)).toBe('IN_AUDIT');
    expect(await statusOf(REJECTED)).toBe('REJECTED');
    // The description equal to the title is shown once on the audit screen.
    await expect(cardOf(alder, SAME).getByText(SAME, { exact: true })).toHaveCount(1);

    // ── a submitted query is read-only until Edit; the last change can be undone ──
    const rejected = cardOf(alder, REJECTED);
    await rejected.getByText(REJECTED, { exact: true }).click();
    await alder.keyboard.press('1');
    await expect(rejected.getByRole('button', { name: /Reject/ })).toHaveAttribute('aria-pressed', 'true');
    expect((await verdictOf(EXPERTS[0].email, REJECTED)).decision).toBe('REJECT');
    await alder.getByRole('button', { name: 'Edit my verdicts' }).click();
    await rejected.getByText(REJECTED, { exact: true }).click();
    await alder.keyboard.press('1');
    await expect(rejected).toContainText('Saved');
    await expect.poll(async () => (await verdictOf(EXPERTS[0].email, REJECTED)).decision).toBe('ACCEPT');
    await alder.getByTestId('undo-bar').getByRole('button', { name: /Undo/ }).click();
    await expect(rejected.getByRole('button', { name: /Reject/ })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await verdictOf(EXPERTS[0].email, REJECTED)).decision).toBe('REJECT');
    expect((await verdictOf(EXPERTS[0].email, REJECTED)).dimensions).toEqual(['CORRECTNESS']);
    await expect.poll(() => statusOf(REJECTED)).toBe('REJECTED');
    await alder.getByRole('button', { name: 'Done editing' }).click();

    // ── the reviewer adjudicates the disagreement with revised gold text ──
    const reviewerContext = await browser.newContext({ storageState: storageStateFor('REVIEWER') });
    const reviewer = await reviewerContext.newPage();
    const campaign = await prisma.auditCampaign.findFirstOrThrow({ where: { name: CAMPAIGN } });
    await reviewer.goto(`/adjudication?campaign=${campaign.id}`);
    await reviewer.getByRole('table', { name: 'Unresolved disagreements' }).getByRole('link', { name: DISPUTED }).click();
    const gold = reviewer.getByRole('form', { name: 'Gold decision' });
    await gold.getByRole('button', { name: /Major revision/ }).click();
    await gold.getByRole('checkbox', { name: /Correctness/ }).check();
    await gold.getByLabel('Title').fill(GOLD);
    await gold.getByLabel('Rationale').fill('Hourly water is the actionable advice.');
    await gold.getByRole('button', { name: 'Save adjudication' }).click();
    await expect(reviewer.getByTestId('adjudication-status')).toContainText('Adjudication saved.');
    await reviewerContext.close();
    const disputed = await prisma.criterion.findFirstOrThrow({ where: { datasetId: dataset.id, key: 'c2' } });
    expect(disputed).toMatchObject({ status: 'REVISED', title: GOLD, revision: 1 });

    // ── the expert's attempt to amend the adjudicated criterion is refused ──
    await birch.getByRole('button', { name: 'Edit my verdicts' }).click();
    const refused = cardOf(birch, DISPUTED);
    await refused.getByText(DISPUTED, { exact: true }).click();
    await birch.keyboard.press('1');
    await expect(birch.getByText(FINAL_DECISION_MESSAGE).first()).toBeVisible();
    expect((await verdictOf(EXPERTS[1].email, DISPUTED)).decision).toBe('REJECT');
    expect(await statusOf(DISPUTED)).toBe('REVISED');
    await alder.context().close();
    await birch.context().close();

    // ── statuses and history on the Datasets page and in the criteria browser ──
    await page.goto('/datasets');
    const card = page.getByRole('article', { name: DATASET });
    const byStatus = card.getByRole('table', { name: 'Criteria by status' });
    for (const [label, n] of [
      ['Verified', 1],
      ['Revised', 1],
      ['Rejected', 1],
      ['In audit', 0],
      ['Pending', 0],
    ] as const)
      await expect(byStatus.getByRole('row', { name: label })).toContainText(String(n));
    await page.goto(`/criteria?dataset=${dataset.id}&open=${disputed.id}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { level: 2 })).toHaveText(GOLD);
    const history = drawer.getByRole('list', { name: 'Revisions, newest first' });
    await expect(history.getByRole('listitem').first()).toContainText('Reviewer’s gold text');
    await expect(history.getByRole('listitem').first()).toContainText('Hourly water is the actionable advice.');
    await expect(history).toContainText(`title changed from “${DISPUTED}” to “${GOLD}”`);
    await expect(history.getByRole('listitem').nth(1)).toContainText('As imported');
    await expect(drawer.getByRole('list', { name: 'Audits, newest first' })).toContainText('major revision (adjudicated)');
    await page.keyboard.press('Escape');
    await page.goto(`/criteria?dataset=${dataset.id}&status=VERIFIED`);
    await expect(page.getByTestId('criteria-total')).toContainText('1');
    // The search finds the revised criterion by its current (gold) text, and no longer by the text it had.
    await page.goto(`/criteria?dataset=${dataset.id}&q=${encodeURIComponent('water every hour')}`);
    await expect(page.getByTestId('criteria-total')).toHaveText(/^1 criteri/);
    await expect(page.getByRole('row').filter({ hasText: GOLD })).toHaveCount(1);
    await page.goto(`/criteria?dataset=${dataset.id}&q=${encodeURIComponent(DISPUTED)}`);
    await expect(page.getByTestId('criteria-total')).toHaveText(/^0 criteri/);
    await expect(page.getByText('No criteria match these filters.')).toBeVisible();

    // ── a re-audit campaign over the revised criteria ──
    await page.goto('/audit/campaigns/new');
    const reaudit = page.getByRole('form', { name: 'New campaign' });
    await reaudit.getByLabel('Name', { exact: true }).fill(REAUDIT);
    await reaudit.getByLabel('Dataset').selectOption(String(dataset.id));
    await reaudit.getByRole('radio', { name: /Revised since their last audit/ }).check();
    await reaudit.getByRole('button', { name: 'Preview' }).click();
    await expect(reaudit.getByTestId('preview-criteria')).toHaveText('1');
    for (const expert of EXPERTS) await reaudit.getByRole('checkbox', { name: new RegExp(expert.name) }).check();
    await reaudit.getByLabel('Verdicts per criterion (k)').fill('2');
    await reaudit.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: REAUDIT })).toBeVisible({ timeout: 30_000 });
    const second = await prisma.auditCampaign.findFirstOrThrow({ where: { name: REAUDIT }, include: { criteria: true } });
    expect(second.criteria.map((c) => [c.criterionId, c.revision])).toEqual([[disputed.id, 1]]);
    await page.goto(`/criteria?dataset=${dataset.id}&open=${disputed.id}`);
    await expect(page.getByRole('dialog').getByText('In re-audit')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Revised', { exact: true }).first()).toBeVisible();

    // ── a release, frozen, every format downloaded and holding the adjudicated text ──
    await page.goto('/releases/new');
    await page.getByLabel('Name', { exact: true }).fill(RELEASE);
    const datasets = page.getByRole('group', { name: 'Datasets' });
    for (const box of await datasets.getByRole('checkbox').all()) await box.uncheck();
    await datasets.getByRole('checkbox', { name: DATASET }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Criteria included')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page.getByRole('heading', { name: `${RELEASE} v1` })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Freeze…' }).click();
    await page.getByRole('button', { name: 'Yes, freeze it' }).click();
    await expect(page.getByText('frozen', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('list').filter({ hasText: 'tier (only the signed points)' })).toBeVisible();
    const files = page.getByRole('table', { name: 'Exported files' });
    await expect(files.getByRole('link')).toHaveCount(6, { timeout: 120_000 });
    const item = await prisma.releaseItem.findFirstOrThrow({ where: { release: { name: RELEASE }, criterionId: disputed.id } });
    expect(item.criterionRevision).toBe(1);

    const checked: string[] = [];
    for (const link of await files.getByRole('link').all()) {
      const name = (await link.textContent())?.trim() ?? '';
      const downloadPromise = page.waitForEvent('download');
      await link.click();
      const target = testInfo.outputPath(name);
      await (await downloadPromise).saveAs(target);
      const bytes = fs.readFileSync(target);
      expect(createHash('sha256').update(bytes).digest('hex').length, name).toBe(64);
      if (name.endsWith('.parquet')) {
        const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })) as {
          title: string;
        }[];
        expect(
          rows.map((row) => row.title),
          name,
        ).toContain(GOLD);
      } else if (name.endsWith('.tar')) {
        const entries = await untar(bytes);
        const healthbench = [...entries].find(([entry]) => entry.endsWith('healthbench.jsonl'))?.[1] ?? '';
        expect(healthbench, `${name}: data/healthbench.jsonl`).toContain(GOLD);
        expect(healthbench).not.toContain(DISPUTED);
      } else {
        const text = bytes.toString('utf8');
        expect(text, name).toContain(GOLD);
        if (name.endsWith('.healthbench.jsonl')) {
          expect(text).not.toContain(DISPUTED);
          // The criterion whose description is its title is released once, not twice.
          expect(text).toContain(`"criterion":"${SAME}"`);
        }
      }
      checked.push(name);
    }
    expect(checked).toHaveLength(6);
  });
});

/** The tar's text entries by name. */
async function untar(bytes: Buffer): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (part: unknown) => parts.push(Buffer.from(part as Uint8Array)));
      stream.on('end', () => {
        entries.set(header.name, Buffer.concat(parts).toString('utf8'));
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(bytes);
  await done;
  return entries;
}
