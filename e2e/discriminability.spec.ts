// Rubric discriminability end to end: verified pairs with known judge grades (tools/fixtures/discriminability.ts) in a
// dataset of this test's own; an admin starts a PROXY run from the run launcher against the judge test double and
// watches it succeed; the run page and /analytics/discriminability show figures equal to this spec's own
// computation from the stored rows (proxy predictions, grades), and the flagged criteria link to the criterion and to
// a proposal citing it. A reviewer sees the page; an expert gets 403.
import { type Page, expect, test } from '@playwright/test';
import { disconnectDb, pgPool, prisma } from '@/lib/db';
import { healthbenchScore } from '@/lib/judge/scoring';
import { type SeededDiscriminability, seedDiscriminability } from '@/tools/fixtures/discriminability';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });

const token = `discrim${Date.now()}`;
let double: JudgeTestDouble;
let seeded: SeededDiscriminability;
let proxyRunId = 0;

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

test.beforeAll(async () => {
  double = await startJudgeTestDouble({ seed: 5, latencyMs: 5 });
  seeded = await seedDiscriminability(pgPool(), {
    name: `E2E discriminability ${token}`,
    queries: 6,
    criteria: ['follows', 'always', 'inverted', 'random'],
    basis: 'reviewers',
    seed: 9,
  });
});

test.afterAll(async () => {
  await double.close();
  await disconnectDb();
});

async function startProxyRun(page: Page): Promise<number> {
  const endpoint = await prisma.judgeEndpoint.create({
    data: { name: `Proxy double ${token}`, baseUrl: double.url, model: 'proxy-double' },
  });
  await page.goto('/judge/runs/new?kind=PROXY');
  const form = page.getByRole('form', { name: 'New run' });
  await expect(form.getByRole('radio', { name: 'Proxy verification' })).toBeChecked();
  await form.getByLabel('Endpoint', { exact: true }).selectOption(String(endpoint.id));
  await form.getByLabel('Dataset').selectOption(String(seeded.datasetId));
  await expect(form.getByLabel('Clear grade difference')).toHaveValue('0.2');
  await page.getByRole('button', { name: 'Estimate' }).click();
  await expect(page.getByTestId('estimate-calls')).toHaveText('12');
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/judge\/runs\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 90_000 });
  return id;
}

test.describe('an admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('runs a proxy run through the test double, and every figure equals the stored rows', async ({ page }) => {
    proxyRunId = await startProxyRun(page);
    const predictions = await prisma.proxyPrediction.findMany({ where: { runId: proxyRunId } });
    expect(predictions).toHaveLength(12);
    const correct = predictions.filter((p) => p.choice === (p.preferredResponseId === p.responseAId ? 'A' : 'B')).length;
    await expect(page.getByTestId('proxy-accuracy')).toHaveText(`${Math.round((correct / 12) * 100)}%`);
    await expect(page.getByTestId('proxy-accuracy-detail')).toContainText(`${correct} of 12 predictions`);

    // The spec's own separation: each pair's HealthBench score from the stored grades.
    const grades = await prisma.grade.findMany({
      where: { runId: seeded.gradeRunId },
      select: { responseId: true, met: true, criterion: { select: { points: true } } },
    });
    const pairs = await prisma.proxyPrediction.findMany({ where: { runId: proxyRunId, presentedOrder: 'AB' } });
    const score = (responseId: number) =>
      healthbenchScore(grades.filter((g) => g.responseId === responseId).map((g) => ({ points: g.criterion.points, met: g.met === true })));
    const ordered = pairs.filter((p) => {
      const other = p.preferredResponseId === p.responseAId ? p.responseBId : p.responseAId;
      return score(p.preferredResponseId) > score(other);
    }).length;
    const ties = pairs.filter((p) => {
      const other = p.preferredResponseId === p.responseAId ? p.responseBId : p.responseAId;
      return score(p.preferredResponseId) === score(other);
    }).length;

    await page.goto(`/analytics/discriminability?dataset=${seeded.datasetId}&proxyRun=${proxyRunId}&gradeRun=${seeded.gradeRunId}`);
    await expect(page.getByTestId('verified-pairs')).toHaveText('6');
    await expect(page.getByTestId('proxy-accuracy')).toHaveText(pct(correct / 12));
    await expect(page.getByTestId('proxy-accuracy-counts')).toHaveText(`${correct} of 12`);
    await expect(page.getByTestId('judge-separation')).toHaveText(pct(ordered / 6));
    await expect(page.getByText(`${ordered} of 6 pairs ordered correctly, ${ties} ties`)).toBeVisible();
    // Criterion 1 is met by both responses of every pair, criterion 2 only by the worse one.
    await expect(page.getByTestId('inverted-count')).toHaveText(`(${await flagged('inverted')})`);
    await expect(page.getByTestId('non-discriminating-count')).toHaveText(`(${await flagged('nonDiscriminating')})`);
    const invertedRow = page.getByTestId('inverted-row').filter({ hasText: 'Criterion 2 of query' }).first();
    await expect(invertedRow.getByRole('link', { name: /Criterion 2 of query/ })).toHaveAttribute('href', /\/criteria\?open=\d+/);
    await expect(invertedRow.getByRole('link', { name: 'Cite in a proposal' })).toHaveAttribute('href', /\/meta-rubrics\?cite=\d+/);
    await expect(page.getByRole('link', { name: /Download every figure/ })).toHaveAttribute('download', 'discriminability-figures.csv');
    // The separation histogram's last bin holds the criteria met by the preferred response only (separation 1); its
    // first cell after the row header is the judge grades' count.
    const histogram = page.getByRole('table', { name: 'Per criterion: how far it separates its pairs' });
    await expect(
      histogram
        .getByRole('row', { name: /^0\.8 to 1\.0/ })
        .getByRole('cell')
        .first(),
    ).toHaveText(String(await flagged('separatesFully')));
  });

  test('serves the stored figures while nothing changes, says when they were computed, and shows a change at once', async ({ page }) => {
    const url = `/analytics/discriminability?dataset=${seeded.datasetId}&proxyRun=${proxyRunId}&gradeRun=${seeded.gradeRunId}`;
    await page.goto(url);
    // Opened again with nothing changed: the stored figures (another spec's write in between makes the page recompute).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('snapshot-note')).toHaveAttribute('data-stored', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('snapshot-note')).toContainText(/Figures computed \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(in \d/);
    await expect(page.getByTestId('judge-separation')).not.toHaveText('0.0%');
    // The spec's own write stands in for a re-grade: no preferred response meets anything, every other response meets
    // its 'always' criterion, so the judge's scores order no pair correctly and tie none.
    const preferred = await pgPool().query<{ id: number; met: boolean | null }>(
      `SELECT g.id, g.met FROM grades g JOIN responses r ON r.id = g.response_id
        WHERE g.run_id = $1 AND r.external_id = 'response-1'`,
      [seeded.gradeRunId],
    );
    await pgPool().query('UPDATE grades SET met = false WHERE id = ANY($1::int[])', [preferred.rows.map((row) => row.id)]);
    try {
      await page.reload();
      await expect(page.getByTestId('snapshot-note')).toHaveAttribute('data-stored', 'false');
      await expect(page.getByTestId('snapshot-note')).toContainText('Figures computed now');
      await expect(page.getByTestId('judge-separation')).toHaveText('0.0%');
      await expect(page.getByText('0 of 6 pairs ordered correctly, 0 ties')).toBeVisible();
    } finally {
      await pgPool().query('UPDATE grades g SET met = v.met FROM unnest($1::int[], $2::bool[]) AS v(id, met) WHERE g.id = v.id', [
        preferred.rows.map((row) => row.id),
        preferred.rows.map((row) => row.met),
      ]);
    }
  });

  test('changes an assumption from the page: a larger pair minimum flags nothing', async ({ page }) => {
    await page.goto(`/analytics/discriminability?dataset=${seeded.datasetId}&proxyRun=${proxyRunId}`);
    await page.getByLabel('Pairs to flag').fill('2');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('min-pairs')).toHaveText('2');
    await expect(page.getByTestId('inverted-count')).toHaveText('(0)');
  });
});

/** The spec's own flag count from the stored grades: each criterion over its query's one verified pair. */
async function flagged(flag: 'inverted' | 'nonDiscriminating' | 'separatesFully'): Promise<number> {
  const rows = await pgPool().query<{ preferred_met: boolean; other_met: boolean }>(
    `SELECT gp.met AS preferred_met, go.met AS other_met
       FROM criteria c
       JOIN responses rp ON rp.query_id = c.query_id AND rp.external_id = 'response-1'
       JOIN responses ro ON ro.query_id = c.query_id AND ro.external_id = 'response-2'
       JOIN grades gp ON gp.run_id = $2 AND gp.response_id = rp.id AND gp.criterion_id = c.id
       JOIN grades go ON go.run_id = $2 AND go.response_id = ro.id AND go.criterion_id = c.id
      WHERE c.dataset_id = $1`,
    [seeded.datasetId, seeded.gradeRunId],
  );
  return rows.rows.filter((row) =>
    flag === 'inverted'
      ? row.other_met && !row.preferred_met
      : flag === 'separatesFully'
        ? row.preferred_met && !row.other_met
        : row.preferred_met === row.other_met,
  ).length;
}

test.describe('a reviewer and an expert', () => {
  test.describe('reviewer', () => {
    test.use({ storageState: storageStateFor('REVIEWER') });
    test('sees the page without the admin’s run button', async ({ page }) => {
      await page.goto(`/analytics/discriminability?dataset=${seeded.datasetId}`);
      await expect(page.getByRole('heading', { name: 'Rubric discriminability' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'New proxy run' })).toHaveCount(0);
    });
  });
  test.describe('expert', () => {
    test.use({ storageState: storageStateFor('EXPERT') });
    test('gets 403', async ({ page }) => {
      const response = await page.goto('/analytics/discriminability');
      expect(response?.status()).toBe(403);
    });
  });
});
