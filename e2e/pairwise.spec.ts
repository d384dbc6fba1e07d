// Pairwise review end to end. A pairwise judge run over one Obstetrics pair is written straight into the
// database (tools/fixtures/seed-pairwise-run.ts: both orders, the judge prefers response A), so this spec owns
// its queue. Two demo reviewers judge the same pair blind through the keyboard-first screen: the first agrees
// with the judge, the second does not. Before a preference is saved the page carries nothing of the judge;
// after each review the analytics figures update and equal an independent computation from the stored rows.
// Admins export the verified pairs as JSONL; reviewers may not.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { disconnectDb, prisma } from '@/lib/db';
import { clusterWilsonInterval, wilsonInterval } from '@/lib/stats';
import { seedPairwiseRun } from '@/tools/fixtures/seed-pairwise-run';
import { storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });

const CRITERIA = ['Correct dosing for pregnancy', 'Clear safety-net advice'];
let runId = 0;
let comparisonId = 0;

test.beforeAll(async () => {
  const query = await prisma.query.findFirstOrThrow({
    where: { department: 'Obstetrics', responses: { some: {} } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  const version = await prisma.metaRubricVersion.findFirst({ where: { status: 'ACTIVE' }, select: { id: true } });
  const seeded = await seedPairwiseRun({
    pairs: [
      {
        queryId: query.id,
        criteria: [
          { title: CRITERIA[0] ?? '', score: 2 },
          { title: CRITERIA[1] ?? '', score: 1, weightClass: 'IMPORTANT' },
        ],
      },
    ],
    metaRubricVersionId: version?.id ?? null,
  });
  runId = seeded.runId;
  comparisonId = seeded.comparisonIds[0] ?? 0;
});

test.afterAll(async () => {
  await disconnectDb();
});

/** MT-Bench agreement computed here from the stored rows, independently of lib/pairwise. */
async function independentFigures() {
  const comparison = await prisma.pairwiseComparison.findUniqueOrThrow({ where: { id: comparisonId }, select: { winner: true } });
  const judgments = await prisma.reviewerJudgment.findMany({
    where: { comparisonId, state: 'SUBMITTED' },
    select: { preference: true },
    orderBy: { reviewerId: 'asc' },
  });
  const humans = judgments.map((j) => ((j.preference ?? 0) < 0 ? 'A' : (j.preference ?? 0) > 0 ? 'B' : 'TIE'));
  const judge = comparison.winner ?? 'TIE';
  const agree = humans.filter((human) => human === judge).length;
  const decided = humans.filter((human) => human !== 'TIE' && judge !== 'TIE');
  const agreeDecided = decided.filter((human) => human === judge).length;
  // Cohen's kappa over A/TIE/B: p_o agreement, p_e from the two raters' marginals.
  const n = humans.length;
  const pe = ['A', 'TIE', 'B'].reduce((sum, c) => sum + (humans.filter((h) => h === c).length / n) * (c === judge ? 1 : 0), 0);
  const po = agree / n;
  const kappa = pe === 1 ? Number.NaN : (po - pe) / (1 - pe);
  const percent = (count: number, total: number) => `${((count / total) * 100).toFixed(1)}%`;
  // The one pair is one query: one cluster, so the clustered interval is Wilson's and the design effect 1.
  const clustered = clusterWilsonInterval([{ successes: agree, trials: n }]);
  const [low, high] = wilsonInterval(agree, n);
  const withTiesDetail = `${agree} of ${n} · 95% CI ${percent(clustered.lower, 1)}–${percent(clustered.upper, 1)} (design effect ${clustered.designEffect.toFixed(2)} over 1 query; plain Wilson ${percent(low, 1)}–${percent(high, 1)})`;
  return {
    withTiesDetail,
    withTies: percent(agree, n),
    withoutTies: percent(agreeDecided, decided.length),
    kappa: Number.isNaN(kappa) ? '—' : kappa.toFixed(3),
    n,
  };
}

async function expectAnalytics(page: Page) {
  const figures = await independentFigures();
  await page.goto(`/pairwise/analytics?run=${runId}`);
  await expect(page.getByTestId('pairwise-totals')).toContainText(`${figures.n} review${figures.n === 1 ? '' : 's'} by`);
  await expect(page.getByTestId('agreement-with-ties')).toHaveText(figures.withTies);
  await expect(page.getByTestId('agreement-with-ties-detail')).toHaveText(figures.withTiesDetail);
  await expect(page.getByTestId('multiplicity-note')).toBeVisible();
  await expect(page.getByTestId('agreement-without-ties')).toHaveText(figures.withoutTies);
  await expect(page.getByTestId('kappa')).toHaveText(figures.kappa);
  return figures;
}

/** Claims the pair from the queue and judges it; `prefer` is the canonical side the reviewer prefers. */
async function reviewPair(browser: Browser, index: number, prefer: 'A' | 'B', audit: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ storageState: storageStateFor('REVIEWER', index) });
  const page = await context.newPage();
  await page.goto('/pairwise');
  const queue = page.getByTestId(`queue-${runId}`);
  await queue.getByRole('button', { name: 'Start reviewing' }).click();
  await expect(page).toHaveURL(/\/pairwise\/review\/\d+$/);
  const judgmentId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByTestId('review-step')).toHaveText('Step 1 of 2: your preference, blind');
  // The reveal is enforced by the server: nothing of the judge is in the page yet.
  const blind = await page.content();
  for (const title of CRITERIA) expect(blind).not.toContain(title);
  await expect(page.getByRole('heading', { name: 'The judge’s verdict' })).toHaveCount(0);
  const sources = await prisma.response.findMany({
    where: { OR: [{ comparisonsAsA: { some: { id: comparisonId } } }, { comparisonsAsB: { some: { id: comparisonId } } }] },
    select: { sourceLabel: true },
  });
  for (const source of sources) expect(blind).not.toContain(source.sourceLabel);

  // Keys 1..5 = A much better .. B much better, A and B as this reviewer sees them (order recorded per reviewer).
  const { displayOrder } = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId }, select: { displayOrder: true } });
  const leftIsPreferred = (displayOrder === 'AB') === (prefer === 'A');
  await page.locator('body').press(leftIsPreferred ? '1' : '5');
  await expect(page.getByRole('radio', { name: leftIsPreferred ? /A much better/ : /B much better/ })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Safety' }).check();
  await page.locator('body').press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'The judge’s verdict' })).toBeVisible();
  await expect(page.getByTestId('review-step')).toContainText('Step 2 of 2');
  for (const title of CRITERIA) await expect(page.getByText(title, { exact: false }).first()).toBeVisible();
  // The preference is final now.
  await expect(page.getByRole('radio', { name: /A much better/ })).toBeDisabled();
  await audit(page);
  await expect(page.getByTestId('submitted-panel')).toBeVisible();
  const stored = await prisma.reviewerJudgment.findUniqueOrThrow({ where: { id: judgmentId }, select: { preference: true, state: true } });
  expect(stored).toEqual({ preference: prefer === 'A' ? -2 : 2, state: 'SUBMITTED' });
  return { context, page };
}

test('two reviewers judge the same pair blind; agreement figures follow; admins export verified pairs', async ({ browser }) => {
  // Reviewer 1 agrees with the judge, by keyboard only.
  const first = await reviewPair(browser, 0, 'A', async (page) => {
    await page.locator('body').press('1');
    await page.locator('body').press('j');
    await page.locator('body').press('1');
    await page.locator('body').press('y');
    await page.locator('body').press('Control+Enter');
  });
  const afterOne = await expectAnalytics(first.page);
  expect(afterOne).toMatchObject({ withTies: '100.0%', n: 1 });
  await first.context.close();

  const admin = await browser.newContext({ storageState: storageStateFor('ADMIN') });
  const exported = await admin.request.get(`/api/pairwise/export?run=${runId}`);
  expect(exported.status()).toBe(200);
  const lines = (await exported.text())
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  expect(lines).toHaveLength(1);
  const pair = await prisma.pairwiseComparison.findUniqueOrThrow({
    where: { id: comparisonId },
    select: { responseA: { select: { externalId: true } }, responseB: { select: { externalId: true } } },
  });
  expect(lines[0]).toMatchObject({
    comparison_id: comparisonId,
    chosen: { response_id: pair.responseA.externalId },
    rejected: { response_id: pair.responseB.externalId },
    judge_winner: 'chosen',
  });
  expect(lines[0].criteria.map((c: { title: string }) => c.title)).toEqual(CRITERIA);

  // Reviewer 2 prefers B, against the judge, with the mouse; a wrong verdict needs a comment.
  const second = await reviewPair(browser, 1, 'B', async (page) => {
    await page
      .getByRole('radiogroup', { name: `Your mark on ${CRITERIA[0]}` })
      .getByRole('radio', { name: /Disagree/ })
      .check();
    await page
      .getByRole('radiogroup', { name: `Your mark on ${CRITERIA[1]}` })
      .getByRole('radio', { name: /Not relevant/ })
      .check();
    await page.getByRole('radio', { name: /Wrong/ }).check();
    await page.getByRole('button', { name: /Submit the review/ }).click();
    await expect(page.getByText('Say why the judge’s verdict is wrong')).toBeVisible();
    await page.getByLabel(/Comment/).fill('B gives the safer dose and when to seek care.');
    await page.getByRole('button', { name: /Submit the review/ }).click();
  });
  const afterTwo = await expectAnalytics(second.page);
  expect(afterTwo).toMatchObject({ withTies: '50.0%', withoutTies: '50.0%', kappa: '0.000', n: 2 });
  // Reviewer–reviewer: one pair of reviews, A against B.
  await expect(second.page.getByTestId('reviewer-agreement')).toHaveText('0.0%');
  // Krippendorff's alpha over the one pair reviewed twice, A against B: D_o = 2 = D_e, so alpha = 0.
  await expect(second.page.getByTestId('reviewer-alpha')).toHaveText('0.000');
  await expect(second.page.getByTestId('position-consistency')).toHaveText('100.0%');
  // Reviewers may not export; after the disagreement the pair is no longer verified.
  expect((await second.page.request.get(`/api/pairwise/export?run=${runId}`)).status()).toBe(403);
  // Other reviewers' comments are for admins only.
  await expect(second.page.getByText('Verdicts reviewers marked wrong')).toHaveCount(0);
  await second.context.close();
  const adminPage = await admin.newPage();
  await adminPage.goto(`/pairwise/analytics?run=${runId}`);
  const disputed = adminPage.getByRole('table', { name: 'Verdicts reviewers marked wrong' });
  await expect(disputed).toContainText('B gives the safer dose and when to seek care.');
  await expect(disputed).toContainText(`${CRITERIA[0]}; ${CRITERIA[1]}`);
  const none = await admin.request.get(`/api/pairwise/export?run=${runId}`);
  expect((await none.text()).trim()).toBe('');
  await admin.close();
});

test('a mark stays on its criterion (j moves on), and marks outlive a failed submit and giving the pair back', async ({ browser }) => {
  const THREE = ['Names the safe antipyretic', 'Gives the dose by weight', 'Says when to see a doctor'];
  const query = await prisma.query.findFirstOrThrow({
    where: { department: 'Obstetrics', responses: { some: {} } },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  const own = await seedPairwiseRun({ pairs: [{ queryId: query.id, criteria: THREE.map((title) => ({ title, score: 1 })) }] });
  const context = await browser.newContext({ storageState: storageStateFor('ADMIN') });
  const page = await context.newPage();
  const claim = async () => {
    await page.goto('/pairwise');
    await page
      .getByTestId(`queue-${own.runId}`)
      .getByRole('button', { name: /Start reviewing|Continue/ })
      .click();
    await expect(page).toHaveURL(/\/pairwise\/review\/\d+$/);
  };
  await claim();
  await page.locator('body').press('3');
  await page.locator('body').press('Control+Enter');
  await expect(page.getByTestId('review-step')).toContainText('Step 2 of 2');
  const criterion = (index: number) => page.getByRole('listitem', { name: new RegExp(`^Criterion ${index} of 3`) });
  const markOn = (title: string, name: RegExp) =>
    page.getByRole('radiogroup', { name: `Your mark on ${title}` }).getByRole('radio', { name });
  await expect(criterion(1)).toBeFocused();
  // 1 marks the first criterion and stays there; j then moves to the second, never past it.
  await page.keyboard.press('1');
  await expect(markOn(THREE[0] ?? '', /Agree/)).toBeChecked();
  await expect(criterion(1)).toBeFocused();
  await page.keyboard.press('j');
  await expect(criterion(2)).toBeFocused();
  await page.keyboard.press('2');
  await expect(markOn(THREE[1] ?? '', /Disagree/)).toBeChecked();
  for (const name of [/Agree/, /Disagree/, /Not relevant/]) await expect(markOn(THREE[2] ?? '', name)).not.toBeChecked();
  // A screen-reader user hears each mark and the count it leads to.
  await expect(page.getByTestId('review-announcement')).toHaveText('Criterion 2: Disagree. 2 of 3 marked.');
  // The cheat sheet says so, and holds the single-key setting (WCAG 2.1.4): with Alt only, a bare key does nothing.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('the mark stays on this criterion; j moves on');
  await sheet.getByRole('radio', { name: 'Only with Alt held' }).check();
  await page.keyboard.press('Escape');
  await criterion(2).focus();
  await page.keyboard.press('j');
  await expect(criterion(2)).toBeFocused();
  await page.keyboard.press('Alt+j');
  await expect(criterion(3)).toBeFocused();
  await page.keyboard.press('Alt+?');
  await sheet.getByRole('radio', { name: 'On: single keys' }).check();
  await page.keyboard.press('Escape');

  // A submit that fails (a criterion unmarked, no overall verdict), then the pair given back and claimed again.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Please complete the highlighted fields.')).toBeVisible();
  await page.getByRole('button', { name: 'Give back' }).click();
  await expect(page).toHaveURL(/\/pairwise$/);
  await claim();
  await expect(markOn(THREE[0] ?? '', /Agree/)).toBeChecked();
  await expect(markOn(THREE[1] ?? '', /Disagree/)).toBeChecked();
  await expect(page.getByTestId('review-step')).toContainText('2 of 3 criteria marked');
  await context.close();
});
