// A release end to end: two experts (made here, Emergency Medicine only) audit its queries with k = 2, one
// criterion unanimously revised with a proposed text; the admin defines a release, previews it, creates the
// draft, freezes it, waits for every format, downloads each (its SHA-256 matches the page and the ETag), then
// re-imports the native file into a new dataset through the import page; the new dataset's native export
// is byte for byte the downloaded file. The reviewer sees the release but no download links.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db';
import { formatBytes } from '@/lib/export/export-formats';
import type { Proportion, ReleaseFigures } from '@/lib/releases/figures';
import { wilsonInterval } from '@/lib/stats';
import { completeNextQuery, createTestCampaign } from './campaign-fixtures';
import { storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });

const DEPARTMENT = 'Emergency Medicine';
const EXPERTS = [
  { email: 'release-expert-a@rubric-audit.local', name: 'Dr. Orla Fenwright' },
  { email: 'release-expert-b@rubric-audit.local', name: 'Dr. Tamsin Querrow' },
];
const RELEASE = `E2E release ${Date.now()}`;
let revisedId = 0;
let releasePath = '';

test.beforeAll(async () => {
  for (const expert of EXPERTS) {
    await prisma.user.upsert({
      where: { email: expert.email },
      create: { id: randomUUID(), email: expert.email, name: expert.name, role: 'EXPERT', specialties: [DEPARTMENT] },
      update: {},
    });
  }
  const campaign = await createTestCampaign({
    name: `Release e2e ${Date.now()}`,
    department: DEPARTMENT,
    expertEmails: EXPERTS.map((expert) => expert.email),
    overlapK: 2,
    maxQueries: 2,
  });
  const first = await prisma.campaignCriterion.findFirstOrThrow({ where: { campaignId: campaign.id }, orderBy: { criterionId: 'asc' } });
  revisedId = first.criterionId;
  const original = await prisma.criterion.findUniqueOrThrow({ where: { id: revisedId } });
  const decide = (criterionId: number) =>
    criterionId === revisedId
      ? {
          decision: 'REVISE_MINOR',
          dimensions: ['RELEVANCE'],
          comment: 'Sharper wording',
          proposedRevision: {
            title: `${original.title} (revised in e2e)`,
            description: original.description,
            tier: original.tier,
            points: original.points,
          },
        }
      : { decision: 'ACCEPT' };
  for (let q = 0; q < campaign.queries; q++)
    for (const expert of EXPERTS) await completeNextQuery(campaign.id, expert.email, () => 20, decide);
});

test.describe('releases', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('admin defines, previews, freezes and downloads every format; the native file re-imports to the same bytes', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.goto('/releases/new');
    await page.getByLabel('Name', { exact: true }).fill(RELEASE);
    const datasets = page.getByRole('group', { name: 'Datasets' });
    for (const box of await datasets.getByRole('checkbox').all()) await box.uncheck();
    await datasets.getByRole('checkbox', { name: 'Demo: clinical rubrics' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' }).or(page.locator('section', { hasText: 'Criteria included' }));
    await expect(preview.getByText('Criteria included')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Never audited').first()).toBeVisible();

    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page.getByRole('heading', { name: `${RELEASE} v1` })).toBeVisible({ timeout: 30_000 });
    releasePath = new URL(page.url()).pathname;
    await expect(page.getByText('Draft: the figures below are a live preview')).toBeVisible();
    // The draft names its datasets (it used to print their database ids, "#3").
    const rules = () => page.getByRole('definition');
    await expect(rules().filter({ hasText: /^Demo: clinical rubrics$/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Freeze…' }).click();
    await page.getByRole('button', { name: 'Yes, freeze it' }).click();
    await expect(page.getByText('frozen', { exact: true })).toBeVisible({ timeout: 30_000 });
    // Frozen: the date reads as every date does, the campaigns by name.
    const frozen = await prisma.release.findFirstOrThrow({ where: { name: RELEASE }, select: { frozenAt: true, manifest: true } });
    const stamp = frozen.frozenAt?.toISOString() ?? '';
    await expect(rules().filter({ hasText: `${stamp.slice(0, 10)} ${stamp.slice(11, 16)} UTC` })).toHaveCount(1);
    await expect(rules().filter({ hasText: /\d{4}-\d\d-\d\dT/ })).toHaveCount(0);
    const campaignIds = (frozen.manifest as { campaignIds: number[] }).campaignIds;
    const campaigns = await prisma.auditCampaign.findMany({ where: { id: { in: campaignIds } }, select: { name: true } });
    for (const campaign of campaigns) await expect(page.getByRole('link', { name: campaign.name, exact: true })).toBeVisible();
    // The manifest's concordance (audited criteria, before the rules) reads as the manifest holds it: the
    // clustered interval with its design effect beside it, the plain Wilson interval labelled as secondary.
    const { concordance, releasedComposition } = (frozen.manifest as unknown as { figures: ReleaseFigures }).figures;
    const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
    const clusteredText = (p: Proportion) =>
      `(95% CI ${pct(p.interval?.[0] ?? 0)}–${pct(p.interval?.[1] ?? 0)}, design effect ${(p.designEffect ?? 0).toFixed(2)} over ${p.clusters} queries; plain Wilson ${pct(p.plainInterval?.[0] ?? 0)}–${pct(p.plainInterval?.[1] ?? 0)})`;
    const fact = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    expect(concordance.finalized).toBeGreaterThan(0);
    expect(concordance.strict.designEffect).toBeGreaterThanOrEqual(1);
    // The secondary interval is Wilson's over the criteria as if independent (the manifest keeps 6 decimals).
    const [plainLow, plainHigh] = wilsonInterval(concordance.strict.count, concordance.strict.n);
    expect(concordance.strict.plainInterval?.[0]).toBeCloseTo(plainLow, 6);
    expect(concordance.strict.plainInterval?.[1]).toBeCloseTo(plainHigh, 6);
    await expect(fact('Strict concordance (audited, before the rules)')).toHaveText(
      `${pct(concordance.strict.rate ?? 0)} of ${concordance.finalized} with a final decision ${clusteredText(concordance.strict)}`,
    );
    await expect(fact('Accepted as written (released set)')).toHaveText(
      `${pct(releasedComposition.accepted.rate ?? 0)} ${clusteredText(releasedComposition.accepted)}`,
    );
    const undecided = concordance.unresolved + concordance.awaiting;
    await expect(fact('Concordance bounds')).toHaveText(
      undecided === 0
        ? 'no audited criterion undecided'
        : `strict ${pct(concordance.bounds.strict?.[0] ?? 0)}–${pct(concordance.bounds.strict?.[1] ?? 0)}, lenient ${pct(concordance.bounds.lenient?.[0] ?? 0)}–${pct(concordance.bounds.lenient?.[1] ?? 0)} if the ${concordance.unresolved} unresolved and ${concordance.awaiting} awaiting all fail / all pass`,
    );

    const files = page.getByRole('table', { name: 'Exported files' });
    await expect(files.getByRole('link')).toHaveCount(6, { timeout: 120_000 });
    const release = await prisma.release.findFirstOrThrow({ where: { name: RELEASE }, include: { items: true } });
    expect(release.items.some((item) => item.criterionId === revisedId)).toBe(true);
    const revised = release.items.find((item) => item.criterionId === revisedId)?.snapshot as { title: string };
    expect(revised.title).toMatch(/\(revised in e2e\)$/);

    let nativeFile = '';
    for (const link of await files.getByRole('link').all()) {
      const name = (await link.textContent()) ?? '';
      const row = files.getByRole('row').filter({ has: page.getByRole('link', { name }) });
      const shown = (await row.getByRole('cell').nth(4).textContent())?.trim() ?? '';
      const downloadPromise = page.waitForEvent('download');
      await link.click();
      const download = await downloadPromise;
      const target = testInfo.outputPath(name);
      await download.saveAs(target);
      const bytes = fs.readFileSync(target);
      expect(bytes.length, name).toBeGreaterThan(0);
      expect(createHash('sha256').update(bytes).digest('hex'), name).toBe(shown);
      if (name.endsWith('.native.jsonl')) nativeFile = target;
    }
    expect(nativeFile).not.toBe('');

    // Re-import the native file into a new dataset through the import page.
    const dataset = `E2E re-import ${Date.now()}`;
    await page.goto('/datasets/import');
    const form = page.getByRole('form', { name: 'Import a file' });
    await form.locator('input[type=file]').setInputFiles(nativeFile);
    await form.getByLabel('Dataset').fill(dataset);
    await form.getByRole('button', { name: 'Import' }).click();
    const result = page.getByRole('region', { name: 'Import result' });
    await expect(result.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });
    const imported = await prisma.dataset.findUniqueOrThrow({ where: { name: dataset } });
    const parts: Buffer[] = [];
    for await (const part of formatBytes('native', { kind: 'dataset', datasetId: imported.id })) parts.push(part);
    expect(Buffer.concat(parts).equals(fs.readFileSync(nativeFile))).toBe(true);

    // A range request resumes a download: 206 with the requested bytes, the ETag being the SHA-256.
    const nativeRow = await prisma.releaseFile.findFirstOrThrow({
      where: { releaseId: release.id, format: 'native' },
      include: { storedFile: true },
    });
    const ranged = await page.request.get(`/api/releases/${release.id}/files/${nativeRow.id}`, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status()).toBe(206);
    expect(ranged.headers().etag).toBe(`"${nativeRow.storedFile?.sha256}"`);
    expect((await ranged.body()).equals(fs.readFileSync(nativeFile).subarray(0, 10))).toBe(true);
  });
});

test.describe('releases for reviewers', () => {
  test.use({ storageState: storageStateFor('REVIEWER') });

  test('the reviewer sees the frozen release and its manifest and previews rules, but cannot download or create', async ({ page }) => {
    expect(releasePath).not.toBe('');
    await page.goto(releasePath);
    await expect(page.getByRole('heading', { name: `${RELEASE} v1` })).toBeVisible();
    await expect(page.getByText('Only admins download release files.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Exported files' }).getByRole('link')).toHaveCount(0);
    const release = await prisma.release.findFirstOrThrow({ where: { name: RELEASE } });
    const file = await prisma.releaseFile.findFirstOrThrow({ where: { releaseId: release.id } });
    expect((await page.request.get(`/api/releases/${release.id}/files/${file.id}`)).status()).toBe(403);
    // Reviewers may preview rules but not create a release.
    await page.goto('/releases/new');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Criteria included')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Create draft' })).toHaveCount(0);
  });
});
