// Grading campaigns end to end: an admin grades a dataset with the judge test double through the run launcher,
// creates a grading campaign through its form (preview counts checked against the database), two clinicians grade
// every response blind with the keyboard while every response body they receive is scanned for leaks (model /
// source, reference-answer flag, external ids, criterion provenance, the judge's explanations, the campaign's
// description, the other clinician's comment), and the run's agreement page shows the figures this spec computes
// from the stored rows (the judge's grades and the clinician grades the campaign wrote).
import { expect, test } from '@playwright/test';
import { fixed } from '@/components/ui/format';
import { disconnectDb, prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { runScoringProfile } from '@/lib/judge/run-results';
import { tieredScore } from '@/lib/judge/scoring';
import { bufferSource } from '@/lib/import/read-lines';
import { healthbenchPairwiseF1, leaveOneOutPairwiseF1, majorityConfusion } from '@/lib/stats';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { demoUser, signIn, storageStateFor } from './fixtures';
import { gradeThroughLauncher } from './judge-launcher';
import { findLeaks, recorder } from './response-recorder';

test.describe.configure({ mode: 'serial' });

const token = `grading${Date.now()}`;
const DATASET = `E2E grading ${token}`;
const CAMPAIGN = `Grading ${token}`;
const DESCRIPTION = `GRADING-DESCRIPTION-FOR-ADMINS-${token}`;
const INSTRUCTIONS = `GRADING-INSTRUCTIONS-${token}`;
const COMMENT_A = `CLINICIAN-A-COMMENT-${token}`;
const SOURCES = [`alpha-${token}`, `beta-${token}`, `reference-${token}`];
const GENERATOR = `generator-${token}`;

const levels = [
  { label: 'Not Met', description: 'Does not do it.' },
  { label: 'Fully Met', description: 'Does all of it.' },
];
const query = (n: number, withIdeal: boolean) => ({
  id: `${token}-q${n}`,
  category: 'CLINICAL_CARE',
  conversation: [{ role: 'user', content: `Question ${n}: my child swallowed a coin an hour ago and seems fine. What now?` }],
  criteria: [0, 1, 2].map((c) => ({
    id: `c${c}`,
    title: `Criterion ${c} of question ${n}`,
    description: `Mentions ${['an X-ray', 'watching for vomiting', 'when to go to the emergency department'][c]}.`,
    tier: c === 2 ? 'ESSENTIAL' : 'IMPORTANT',
    points: 5 - c,
    levels,
    provenance: { generatorModels: [GENERATOR] },
  })),
  responses: [
    { id: `${token}-q${n}-a`, source: SOURCES[0], content: `Answer A to question ${n}: an X-ray shows where the coin is.` },
    { id: `${token}-q${n}-b`, source: SOURCES[1], content: `Answer B to question ${n}: watch for vomiting or drooling.` },
    ...(withIdeal ? [{ id: `${token}-q${n}-ideal`, source: SOURCES[2], content: `Reference answer to question ${n}.`, ideal: true }] : []),
  ],
});
const FILE = `${[query(1, true), query(2, false)].map((line) => JSON.stringify(line)).join('\n')}\n`;
const RESPONSES = 5;
const CRITERIA_PER_RESPONSE = 3;

let double: JudgeTestDouble;
let runId = 0;

test.beforeAll(async () => {
  double = await startJudgeTestDouble({ seed: 11, latencyMs: 5 });
  const imported = await importFile({ source: bufferSource('grading.jsonl', FILE), datasetName: DATASET, format: 'native' });
  expect(imported.ok, JSON.stringify(imported.issues)).toBe(true);
});

test.afterAll(async () => {
  await double?.close();
  await disconnectDb();
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('the judge grades the dataset, then a grading campaign is created with a previewed sample', async ({ page }) => {
    test.setTimeout(150_000);
    runId = await gradeThroughLauncher(page, {
      dataset: DATASET,
      endpoint: `Grading double ${token}`,
      model: `grading-${token}`,
      baseUrl: double.url,
    });

    await page.goto('/audit');
    await page.getByRole('link', { name: 'New grading campaign' }).click();
    await expect(page).toHaveURL(/\/audit\/grading\/new$/);
    const form = page.getByRole('form', { name: 'New grading campaign' });
    const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: DATASET } });
    await form.getByLabel('Name', { exact: true }).fill(CAMPAIGN);
    await form.getByLabel('Clinicians per response (k)').fill('2');
    await form.getByLabel('Instructions for clinicians').fill(INSTRUCTIONS);
    await form.getByLabel('Description (admins and reviewers only)').fill(DESCRIPTION);
    await form.getByLabel('Dataset').selectOption(String(dataset.id));
    await form.getByLabel('Responses to draw').fill(String(RESPONSES));
    await form.getByLabel(/Include ideal/).check();
    await form.getByRole('button', { name: 'Preview the sample' }).click();
    // The preview's counts, from the database: every response of the dataset, the criteria of each one's query.
    const stored = await prisma.response.findMany({
      where: { query: { datasetId: dataset.id } },
      include: { query: { include: { criteria: true } } },
    });
    const marks = stored.reduce((sum, response) => sum + response.query.criteria.length, 0);
    await expect(page.getByTestId('grading-preview-summary')).toHaveText(
      `${stored.length} responses to 2 queries · ${marks} criterion marks per clinician pass`,
    );
    const strata = page.getByRole('table', { name: 'Responses per stratum' });
    for (const source of SOURCES) {
      const n = stored.filter((response) => response.sourceLabel === source).length;
      await expect(strata.getByRole('row', { name: new RegExp(`^${source}`) })).toHaveText(new RegExp(`${source}\\s*${n}\\s*${n}`));
    }
    for (const index of [0, 1]) await form.getByRole('checkbox', { name: new RegExp(demoUser('EXPERT', index).email) }).check();
    await form.getByRole('button', { name: 'Create grading campaign' }).click();
    await expect(page).toHaveURL(/\/audit$/);
    const campaign = await prisma.auditCampaign.findFirstOrThrow({ where: { name: CAMPAIGN } });
    const row = page.getByTestId(`grading-campaign-${campaign.id}`);
    await expect(row).toContainText(`0 / ${RESPONSES * 2} gradings`);
  });
});

test('two clinicians grade every response blind, and receive nothing that would unblind them', async ({ browser }) => {
  test.setTimeout(180_000);
  const judgeExplanations = (await prisma.grade.findMany({ where: { runId }, select: { explanation: true } })).flatMap((grade) =>
    grade.explanation ? [grade.explanation] : [],
  );
  expect(judgeExplanations.length).toBeGreaterThan(0);
  const externalIds = (await prisma.response.findMany({ where: { query: { dataset: { name: DATASET } } } })).map((r) => r.externalId);
  const forbidden = [
    ...SOURCES,
    ...externalIds,
    ...new Set(judgeExplanations),
    GENERATOR,
    DESCRIPTION,
    'sourceLabel',
    'source_label',
    'isIdeal',
    'is_ideal',
    'physicianId',
    'generatorModels',
  ];
  for (const index of [0, 1]) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { bodies, settle } = await recorder(page);
    const clinician = demoUser('EXPERT', index);
    await signIn(page, clinician.email, clinician.password);
    await page.goto('/audit');
    let graded = 0;
    for (;;) {
      const card = page.getByRole('article', { name: CAMPAIGN });
      const next = card.getByRole('button', { name: /Start grading|Next response/ });
      if ((await next.count()) === 0) {
        await expect(card).toContainText('Nothing left for you here');
        break;
      }
      await next.click();
      await expect(page).toHaveURL(/\/audit\/grading\/work\/\d+$/);
      const cards = page.getByRole('article', { name: /^Criterion \d+:/ });
      await expect(cards).toHaveCount(CRITERIA_PER_RESPONSE);
      if (index === 0 && graded === 0) {
        // The single-key setting (WCAG 2.1.4): with Alt only, a bare key marks nothing; each mark is announced.
        await page.keyboard.press('?');
        const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
        await sheet.getByRole('radio', { name: 'Only with Alt held' }).check();
        await page.keyboard.press('Escape');
        await cards.first().focus();
        await page.keyboard.press('m');
        await expect(page.getByTestId('marked-count')).toHaveText(`0 of ${CRITERIA_PER_RESPONSE} marked`);
        await expect(page.getByRole('radio', { name: 'Met (Alt+m)' }).first()).not.toBeChecked();
        await page.keyboard.press('Alt+m');
        await expect(page.getByRole('radio', { name: 'Met (Alt+m)' }).first()).toBeChecked();
        await expect(page.getByTestId('mark-announcement')).toHaveText(`Criterion 1: met. 0 of ${CRITERIA_PER_RESPONSE} marked.`);
        await page.keyboard.press('Alt+?');
        await sheet.getByRole('radio', { name: 'On: single keys' }).check();
        await page.keyboard.press('Escape');
        await cards.first().focus();
      }
      for (let c = 0; c < CRITERIA_PER_RESPONSE; c++) {
        if (index === 1 && graded === 0 && c === 0) await page.keyboard.press('x');
        else {
          await page.keyboard.press((c + graded + index) % 3 === 0 ? 'n' : 'm');
          await page.keyboard.press('2');
          if (c === 0) await expect(page.getByTestId('mark-announcement')).toHaveText(/^Criterion 1: (not )?met · .+\. 1 of \d+ marked\.$/);
        }
        if (index === 0 && graded === 0 && c === 0) {
          await page.keyboard.press('c');
          await page.keyboard.type(COMMENT_A);
          await page.keyboard.press('Escape');
        }
        await page.keyboard.press('j');
      }
      await expect(page.getByTestId('marked-count')).toHaveText(`${CRITERIA_PER_RESPONSE} of ${CRITERIA_PER_RESPONSE} marked`);
      await page.keyboard.press('Control+Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Submitted. Thank you.' })).toBeVisible();
      graded += 1;
      await page.goto('/audit');
    }
    expect(graded).toBe(RESPONSES);
    await settle();
    expect(findLeaks(bodies, index === 1 ? [...forbidden, COMMENT_A] : forbidden)).toEqual([]);
    // The scan can fail: what a clinician should see does come through.
    expect(bodies.some((entry) => entry.body.includes(INSTRUCTIONS))).toBe(true);
    expect(bodies.some((entry) => entry.body.includes('Reference answer to question 1.'))).toBe(true);
    if (index === 0) expect(bodies.some((entry) => entry.body.includes(COMMENT_A))).toBe(true);
    await context.close();
  }
  const campaign = await prisma.auditCampaign.findFirstOrThrow({ where: { name: CAMPAIGN } });
  const grades = await prisma.clinicianGrade.findMany({ where: { campaignId: campaign.id } });
  // Two clinicians × every criterion of every response, less the one "cannot judge".
  expect(grades).toHaveLength(RESPONSES * CRITERIA_PER_RESPONSE * 2 - 1);
  expect(grades.every((grade) => grade.source === 'CAMPAIGN')).toBe(true);
});

test.describe('as an admin, afterwards', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('the run’s agreement page measures the judge against the campaign’s grades, as computed here', async ({ page }) => {
    const campaign = await prisma.auditCampaign.findFirstOrThrow({ where: { name: CAMPAIGN } });
    const labels = await prisma.clinicianGrade.findMany({ where: { campaignId: campaign.id } });
    const judged = await prisma.grade.findMany({
      where: { runId, met: { not: null } },
      select: { responseId: true, criterionId: true, met: true },
    });
    const items = judged.flatMap((grade) => {
      const mine = labels.filter((label) => label.responseId === grade.responseId && label.criterionId === grade.criterionId);
      return mine.length ? [{ judge: grade.met as boolean, labels: mine }] : [];
    });
    // Every item the judge graded was graded by the clinicians too (the run leaves the reference answer out; the
    // campaign graded it as well, blind).
    expect(judged.length).toBe((RESPONSES - 1) * CRITERIA_PER_RESPONSE);
    expect(items.length).toBe(judged.length);
    const judge = healthbenchPairwiseF1(items.map((item) => ({ candidate: item.judge, others: item.labels.map((l) => l.met) })));
    const ceiling = leaveOneOutPairwiseF1(
      items.map((item) => ({ labels: item.labels.map((l) => ({ rater: l.physicianId, met: l.met })) })),
    );
    const majority = majorityConfusion(items.map((item) => ({ judge: item.judge, clinicians: item.labels.map((l) => l.met) })));

    await page.goto(`/judge/runs/${runId}/agreement`);
    await expect(page.getByTestId('agreement-items')).toHaveText(String(items.length));
    await expect(page.getByTestId('judge-balanced-f1')).toHaveText(fixed(judge.balancedF1.value));
    await expect(page.getByTestId('clinician-ceiling')).toHaveText(fixed(ceiling.mean));
    await expect(page.getByTestId('majority-kappa')).toHaveText(fixed(majority.kappa));
    await expect(page.getByTestId('class-met-f1')).toHaveText(`${fixed(judge.met.f1.value)} (n = ${judge.met.f1.n})`);
    await expect(page.getByTestId('class-not-met-f1')).toHaveText(`${fixed(judge.notMet.f1.value)} (n = ${judge.notMet.f1.n})`);
    await expect(page.getByTestId('confusion-met-met')).toHaveText(String(majority.table[0][0]));
    await expect(page.getByTestId('confusion-met-not')).toHaveText(String(majority.table[0][1]));
    await expect(page.getByTestId('confusion-not-met')).toHaveText(String(majority.table[1][0]));
    await expect(page.getByTestId('confusion-not-not')).toHaveText(String(majority.table[1][1]));
  });
});

test.describe('the campaign’s own page', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('shows the figures the database holds, the comments with their response’s source, and the run’s agreement link', async ({
    page,
  }) => {
    const campaign = await prisma.auditCampaign.findFirstOrThrow({ where: { name: CAMPAIGN } });
    await page.goto('/audit');
    await page.getByTestId(`grading-campaign-${campaign.id}`).getByRole('link', { name: CAMPAIGN }).click();
    await expect(page).toHaveURL(new RegExp(`/audit/grading/${campaign.id}$`));
    const marks = await prisma.gradingMark.findMany({ where: { assignment: { campaignId: campaign.id } }, include: { criterion: true } });
    const assignments = await prisma.gradingAssignment.findMany({ where: { campaignId: campaign.id } });
    const grades = await prisma.clinicianGrade.count({ where: { campaignId: campaign.id } });
    const commented = marks.filter((mark) => mark.comment?.trim());
    await expect(page.getByTestId('report-responses')).toHaveText(String(RESPONSES));
    await expect(page.getByTestId('report-gradings')).toHaveText(
      `${assignments.filter((a) => a.state === 'SUBMITTED').length} / ${RESPONSES * 2}`,
    );
    await expect(page.getByTestId('report-marks')).toHaveText(String(marks.length));
    await expect(page.getByTestId('report-cannot-judge')).toHaveText(String(marks.filter((mark) => mark.cannotJudge).length));
    await expect(page.getByTestId('report-comments')).toHaveText(String(commented.length));
    await expect(page.getByTestId('report-grades')).toHaveText(String(grades));
    for (const tier of new Set(marks.map((mark) => mark.criterion.tier))) {
      const ofTier = marks.filter((mark) => mark.criterion.tier === tier);
      await expect(page.getByTestId(`tier-${tier}`).getByTestId('tier-cannot-judge')).toHaveText(
        String(ofTier.filter((mark) => mark.cannotJudge).length),
      );
    }
    for (const index of [0, 1]) {
      const user = await prisma.user.findUniqueOrThrow({ where: { email: demoUser('EXPERT', index).email } });
      const row = page.getByTestId(`clinician-${user.id}`);
      const mine = assignments.filter((a) => a.expertId === user.id && a.state === 'SUBMITTED').length;
      await expect(row.getByTestId('clinician-submitted')).toHaveText(String(mine));
      await expect(row.getByTestId('clinician-in-progress')).toHaveText('0');
      await expect(row.getByTestId('clinician-remaining')).toHaveText('0');
    }
    const comments = page.getByRole('list', { name: 'Clinicians’ comments' });
    expect(commented.map((mark) => mark.comment)).toEqual([COMMENT_A]);
    const item = comments.getByRole('listitem').filter({ hasText: COMMENT_A });
    const response = await prisma.response.findUniqueOrThrow({
      where: { id: (assignments.find((a) => a.id === commented[0]?.assignmentId) as { responseId: number }).responseId },
    });
    await expect(item).toContainText(response.sourceLabel);
    await page.getByRole('link', { name: `Agreement of run #${runId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/judge/runs/${runId}/agreement$`));
  });
});

test.describe('the run’s tiered score per model', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('equals lib/judge/scoring.ts tieredScore over the stored grades, with the profile the run recorded', async ({ page }) => {
    const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    const { profile } = runScoringProfile(run.params);
    const grades = await prisma.grade.findMany({ where: { runId }, include: { criterion: true, response: true } });
    await page.goto(`/judge/runs/${runId}`);
    for (const source of SOURCES.slice(0, 2)) {
      const perResponse = new Map<number, typeof grades>();
      for (const grade of grades.filter((g) => g.response.sourceLabel === source)) {
        perResponse.set(grade.responseId, [...(perResponse.get(grade.responseId) ?? []), grade]);
      }
      const scores = [...perResponse.values()].map(
        (list) =>
          tieredScore(
            list.map((g) => ({ tier: g.criterion.tier, points: g.criterion.points, met: g.met === true, redLine: g.criterion.redLine })),
            profile,
          ).score,
      );
      expect(scores.length).toBeGreaterThan(0);
      const mean = Math.min(1, Math.max(0, scores.reduce((sum, score) => sum + score, 0) / scores.length));
      await expect(page.getByTestId(`tiered-score-${source}-judge`)).toHaveText(new RegExp(`^${fixed(mean)} ± `));
    }
  });
});
