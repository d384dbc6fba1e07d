// Judge bias diagnostics end to end: an admin launches a format probe (Markdown removed) through the run launcher on
// the judge test double, sees the transformation's example before starting, and the run page and the endpoint's
// diagnostics page show the paired shift exactly as this spec computes it from the stored grades, in the CSV too.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { fixed } from '@/components/ui/format';
import { disconnectDb, prisma } from '@/lib/db';
import { stripMarkdown } from '@/lib/judge/probe-variants';
import { clusterMeanInterval } from '@/lib/stats';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });

const ENDPOINT = `Diagnostics double ${Date.now()}`;
let double: JudgeTestDouble;

test.beforeAll(async () => {
  double = await startJudgeTestDouble({ seed: 11, latencyMs: 2 });
});

test.afterAll(async () => {
  await double?.close();
  await disconnectDb();
});

/** The paired shifts of a probe run from its stored rows: per response, HealthBench on the variant minus the original. */
async function expectedShift(runId: number) {
  const rows = await prisma.$queryRaw<{ response_id: number; query_id: number; variant: boolean; met: boolean; points: number }[]>`
    SELECT g.response_id, r.query_id, g.variant, g.met, cr.points::float8 AS points
      FROM probe_grades g JOIN responses r ON r.id = g.response_id
      JOIN criterion_revisions cr ON cr.criterion_id = g.criterion_id AND cr.revision = g.criterion_revision
     WHERE g.run_id = ${runId}`;
  const score = (responseId: number, variant: boolean) => {
    const mine = rows.filter((row) => row.response_id === responseId && row.variant === variant);
    const possible = mine.reduce((sum, row) => sum + Math.max(0, row.points), 0);
    return mine.reduce((sum, row) => sum + (row.met ? row.points : 0), 0) / possible;
  };
  const responses = [...new Map(rows.map((row) => [row.response_id, row.query_id])).entries()];
  const shifts = responses.map(([responseId, queryId]) => ({ queryId, shift: score(responseId, true) - score(responseId, false) }));
  const byQuery = new Map<number, { sum: number; units: number }>();
  for (const { queryId, shift } of shifts) {
    const cluster = byQuery.get(queryId) ?? { sum: 0, units: 0 };
    byQuery.set(queryId, { sum: cluster.sum + shift, units: cluster.units + 1 });
  }
  const clusters = [...byQuery.values()];
  const total = (f: (c: { sum: number; units: number }) => number) => clusters.reduce((sum, c) => sum + f(c), 0);
  const { mean, interval } = clusterMeanInterval({
    clusters: clusters.length,
    sum: total((c) => c.sum),
    units: total((c) => c.units),
    sumSquared: total((c) => c.sum * c.sum),
    sumTimesUnits: total((c) => c.sum * c.units),
    unitsSquared: total((c) => c.units * c.units),
  });
  return {
    mean,
    interval,
    responses: shifts.length,
    // The app's rule: an interval that excludes 0, on at least ten queries.
    verdict: clusters.length < 10 || !interval ? 'not enough data' : interval[0] > 0 || interval[1] < 0 ? 'detected' : 'none detected',
  };
}

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('a format probe through the launcher: the example before starting, then the figures as computed from the stored rows', async ({
    page,
  }) => {
    const dataset = await prisma.dataset.findFirstOrThrow({ where: { name: 'Demo: clinical rubrics' } });
    const endpoint = await prisma.judgeEndpoint.create({ data: { name: ENDPOINT, baseUrl: double.url, model: 'diagnostics-double' } });
    await page.goto('/judge/runs/new');
    const form = page.getByRole('form', { name: 'New run' });
    await form.getByRole('radio', { name: 'Bias probe' }).check();
    await form.getByLabel('Endpoint', { exact: true }).selectOption(String(endpoint.id));
    await form.getByLabel('Dataset').selectOption(String(dataset.id));
    await form.getByLabel('Max queries (optional)').fill('12');
    await form.getByLabel('Probe', { exact: true }).selectOption('FORMAT_PLAIN');
    await page.getByRole('button', { name: 'Estimate' }).click();

    // The example is the scope's first response, before and after the transformation.
    const first = await prisma.response.findFirstOrThrow({
      where: { query: { datasetId: dataset.id }, isIdeal: false },
      orderBy: [{ queryId: 'asc' }, { id: 'asc' }],
      select: { id: true, content: true },
    });
    await expect(page.getByRole('region', { name: 'Probe example' })).toContainText(`response ${first.id}, before and after`);
    await expect(page.getByTestId('probe-before').locator('pre')).toHaveText(first.content, { useInnerText: true });
    await expect(page.getByTestId('probe-after').locator('pre')).toHaveText(stripMarkdown(first.content), { useInnerText: true });

    await page.getByRole('button', { name: 'Start run' }).click();
    await expect(page).toHaveURL(/\/judge\/runs\/\d+$/);
    const runId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByTestId('run-status')).toHaveText('Succeeded', { timeout: 90_000 });
    const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.kind).toBe('PROBE');
    expect(await prisma.probeGrade.count({ where: { runId } })).toBe(run.totalTasks);
    const stored = await prisma.probeVariant.findUniqueOrThrow({ where: { runId_responseId: { runId, responseId: first.id } } });
    expect(stored.content).toBe(stripMarkdown(first.content));

    const expected = await expectedShift(runId);
    expect(expected.responses).toBeGreaterThan(4);
    await page.reload();
    await expect(page.getByTestId('probe-mean-shift')).toHaveText(fixed(expected.mean));
    await expect(page.getByTestId('probe-responses')).toHaveText(String(expected.responses));

    // The endpoint's diagnostics page, reached from the judge area.
    await page.goto('/judge');
    await page.getByRole('link', { name: `Diagnostics of ${ENDPOINT}` }).click();
    await expect(page).toHaveURL(`/judge/endpoints/${endpoint.id}/diagnostics`);
    const section = page.getByTestId('probe-FORMAT_PLAIN');
    await expect(section).toContainText(`run #${runId}`);
    await expect(section.getByTestId('probe-format_plain-mean-shift')).toHaveText(fixed(expected.mean));
    await expect(section.getByTestId('probe-format_plain-responses')).toHaveText(String(expected.responses));
    const intervalText = expected.interval ? `${fixed(expected.interval[0])} to ${fixed(expected.interval[1])}` : '—';
    await expect(section.getByTestId('probe-format_plain-shift-interval')).toHaveText(intervalText);
    const row = page.getByTestId(`figure-probe-format-plain-run-${runId}`);
    await expect(row.getByTestId('estimate')).toHaveText(fixed(expected.mean));
    await expect(row.getByTestId('interval')).toHaveText(intervalText);
    await expect(row.getByTestId('n')).toHaveText(String(expected.responses));
    await expect(row).toContainText(expected.verdict);

    // The CSV of every figure holds the same numbers, unrounded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download every figure/ }).click(),
    ]);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    const line = csv.split(/\r?\n/).find((text) => text.startsWith(`Probe FORMAT_PLAIN,run ${runId},`));
    expect(line).toBeDefined();
    const cells = (line as string).split(',');
    expect(Number(cells.at(-5))).toBeCloseTo(expected.mean, 12);
    expect(Number(cells.at(-2))).toBe(expected.responses);
  });
});

test.describe('as an expert', () => {
  test.use({ storageState: storageStateFor('EXPERT') });

  test('the diagnostics page is not for experts', async ({ page }) => {
    const endpoint = await prisma.judgeEndpoint.findFirstOrThrow({ where: { name: ENDPOINT } });
    const response = await page.goto(`/judge/endpoints/${endpoint.id}/diagnostics`);
    expect(response?.status()).toBe(403);
  });
});
