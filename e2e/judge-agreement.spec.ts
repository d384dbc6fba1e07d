// The judge measured against clinicians, end to end: an admin uploads a HealthBench meta-evaluation file (physician
// labels) through the import page, grades the same responses with the judge test double through the run launcher,
// and opens the run's agreement page. Every figure on it must equal this spec's own computation: the clinicians'
// ceiling from the file alone, the judge's figures from the file's labels and the grades stored for the run. The
// dashboard's "Judge vs experts" card shows the same balanced F1 for the dataset.
import { type Page, expect, test } from '@playwright/test';
import { fixed } from '@/components/ui/format';
import { disconnectDb, prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { MODEL_SCORE_SEED } from '@/lib/model-scores/compute-run-model-scores';
import { healthbenchModelScores } from '@/lib/model-scores/healthbench-model-scores';
import { healthbenchPairwiseF1, leaveOneOutPairwiseF1, majorityConfusion } from '@/lib/stats';
import { mulberry32 } from '@/lib/stats/mulberry32';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { demoUser, storageStateFor } from './fixtures';
import { gradeThroughLauncher } from './judge-launcher';

test.describe.configure({ mode: 'serial' });

const token = `agree${Date.now()}`;
const DATASET = `E2E agreement ${token}`;
const ENDPOINT = `Agreement double ${token}`;

interface Line {
  prompt_id: string;
  prompt: { role: string; content: string }[];
  completion_id: string;
  completion: string;
  rubric: string;
  binary_labels: boolean[];
  anonymized_physician_ids: string[];
  category: string;
}

const random = mulberry32(20);
const lines: Line[] = [];
for (let p = 0; p < 3; p++)
  for (let c = 0; c < 2; c++)
    for (let r = 0; r < 3; r++) {
      const truth = random() < 0.5;
      const physicians = ['dr-a', 'dr-b', 'dr-c', 'dr-d'].filter((_, i) => (i + p + r) % 4 !== 0);
      lines.push({
        prompt_id: `${token}-p${p}`,
        prompt: [{ role: 'user', content: `Prompt ${p}: my father is dizzy after starting a new blood pressure pill.` }],
        completion_id: `${token}-p${p}-c${c}`,
        completion: `Completion ${c} to prompt ${p}: check his blood pressure and call his doctor today.`,
        rubric: `Rubric ${r}: mentions ${['orthostatic hypotension', 'checking blood pressure', 'contacting the prescriber'][r]}.`,
        binary_labels: physicians.map(() => (random() < 0.8 ? truth : !truth)),
        anonymized_physician_ids: physicians,
        category: r === 0 ? 'cluster_safety' : 'cluster_completeness',
      });
    }
const FILE = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
/** The rubric file of the same prompts (HealthBench format), imported first: the labels match its criteria by text. */
const POINTS = [6, 4, -3];
const RUBRIC_FILE = [0, 1, 2]
  .map((p) => {
    const first = lines.find((line) => line.prompt_id === `${token}-p${p}`) as Line;
    const rubrics = [0, 1, 2].map((r) => ({
      criterion: (lines.find((line) => line.prompt_id === first.prompt_id && line.rubric.startsWith(`Rubric ${r}:`)) as Line).rubric,
      points: POINTS[r],
      tags: [r === 1 ? 'axis:completeness' : 'axis:accuracy'],
    }));
    return JSON.stringify({ prompt_id: first.prompt_id, prompt: first.prompt, rubrics, example_tags: ['theme:hedging'] });
  })
  .join('\n');
const raterLabels = (line: Line) => line.binary_labels.map((met, i) => ({ rater: line.anonymized_physician_ids[i] as string, met }));

let double: JudgeTestDouble;
let runId = 0;

test.beforeAll(async () => {
  double = await startJudgeTestDouble({ seed: 7, latencyMs: 5 });
  const rubrics = await importFile({ source: bufferSource('rubrics.jsonl', RUBRIC_FILE), datasetName: DATASET, format: 'healthbench' });
  expect(rubrics.ok, JSON.stringify(rubrics.issues)).toBe(true);
});

test.afterAll(async () => {
  await double?.close();
  await disconnectDb();
});

const grade = (page: Page, endpoint: string, model: string) =>
  gradeThroughLauncher(page, { dataset: DATASET, endpoint, model, baseUrl: double.url });

/** Each line of the file with the judge's label from the grades stored for the run (lines it did not label left out). */
async function gradedLines(run: number): Promise<{ line: Line; judge: boolean }[]> {
  const grades = await prisma.grade.findMany({
    where: { runId: run, met: { not: null } },
    select: { met: true, response: { select: { externalId: true } }, criterion: { select: { description: true } } },
  });
  const judgeOf = new Map(grades.map((g) => [`${g.response.externalId}\u0000${g.criterion.description}`, g.met as boolean]));
  return lines.flatMap((line) => {
    const judge = judgeOf.get(`${line.completion_id}\u0000${line.rubric}`);
    return judge === undefined ? [] : [{ line, judge }];
  });
}

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('imports physician labels in the HealthBench meta-evaluation format', async ({ page }) => {
    await page.goto('/datasets/import');
    const form = page.getByRole('form', { name: 'Import a file' });
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: `${token}.meta.jsonl`, mimeType: 'application/jsonl', buffer: Buffer.from(FILE) });
    await form.getByLabel('Dataset').fill(DATASET);
    await form.getByRole('button', { name: 'Import' }).click();
    const result = page.getByRole('region', { name: 'Import result' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result).toContainText('healthbench-meta');
    const labels = lines.reduce((sum, line) => sum + line.binary_labels.length, 0);
    const row = (label: string) => result.getByRole('table', { name: 'Records' }).getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(row('Queries')).toHaveText(/Queries\s*0\s*0\s*3/);
    await expect(row('Responses')).toHaveText(/Responses\s*6\s*0\s*0/);
    await expect(row('Criteria')).toHaveText(/Criteria\s*0\s*0\s*9/);
    await expect(row('Physician labels')).toHaveText(new RegExp(`Physician labels\\s*${labels}\\s*0\\s*0`));
    await expect(result).not.toContainText('matched no criterion');
  });

  test('a grading run through the launcher, measured against the clinicians: every figure as computed here', async ({ page }) => {
    test.setTimeout(150_000);
    const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: DATASET }, select: { id: true } });
    runId = await grade(page, ENDPOINT, `agreement-${token}`);
    await page.getByRole('link', { name: 'Agreement with clinicians (HealthBench meta-evaluation)' }).click();
    await expect(page).toHaveURL(new RegExp(`/judge/runs/${runId}/agreement`));

    const graded = await gradedLines(runId);
    expect(graded).toHaveLength(lines.length);

    const judge = healthbenchPairwiseF1(graded.map(({ line, judge }) => ({ candidate: judge, others: line.binary_labels })));
    const ceiling = leaveOneOutPairwiseF1(lines.map((line) => ({ labels: raterLabels(line) })));
    const majority = majorityConfusion(graded.map(({ line, judge }) => ({ judge, clinicians: line.binary_labels })));
    await expect(page.getByTestId('judge-balanced-f1')).toHaveText(fixed(judge.balancedF1.value));
    await expect(page.getByTestId('clinician-ceiling')).toHaveText(fixed(ceiling.mean));
    await expect(page.getByTestId('majority-kappa')).toHaveText(fixed(majority.kappa));
    await expect(page.getByTestId('agreement-items')).toHaveText(String(lines.length));
    await expect(page.getByTestId('class-met-f1')).toHaveText(`${fixed(judge.met.f1.value)} (n = ${judge.met.f1.n})`);
    await expect(page.getByTestId('class-not-met-f1')).toHaveText(`${fixed(judge.notMet.f1.value)} (n = ${judge.notMet.f1.n})`);
    await expect(page.getByTestId('confusion-met-met')).toHaveText(String(majority.table[0][0]));
    await expect(page.getByTestId('confusion-met-not')).toHaveText(String(majority.table[0][1]));
    await expect(page.getByTestId('confusion-not-met')).toHaveText(String(majority.table[1][0]));
    await expect(page.getByTestId('confusion-not-not')).toHaveText(String(majority.table[1][1]));
    if (judge.balancedF1.value > ceiling.mean) await expect(page.getByTestId('above-ceiling')).toBeVisible();
    else await expect(page.getByTestId('above-ceiling')).toHaveCount(0);

    for (const category of ['cluster_safety', 'cluster_completeness']) {
      const subset = graded.filter(({ line }) => line.category === category);
      const groupJudge = healthbenchPairwiseF1(subset.map(({ line, judge }) => ({ candidate: judge, others: line.binary_labels })));
      const groupCeiling = leaveOneOutPairwiseF1(subset.map(({ line }) => ({ labels: raterLabels(line) })));
      await expect(page.getByTestId(`group-${category}-judge`)).toHaveText(fixed(groupJudge.balancedF1.value));
      await expect(page.getByTestId(`group-${category}-ceiling`)).toHaveText(fixed(groupCeiling.mean));
    }

    // The disagreement browser: the judge against the majority (or an even split), then only "judge met, majority not".
    const split = (line: Line) => 2 * line.binary_labels.filter(Boolean).length === line.binary_labels.length;
    const majorityMet = (line: Line) => 2 * line.binary_labels.filter(Boolean).length > line.binary_labels.length;
    const disagreeing = graded.filter(({ line, judge }) => split(line) || judge !== majorityMet(line));
    await expect(page.getByTestId('disagreement-count')).toHaveText(`${disagreeing.length} item${disagreeing.length === 1 ? '' : 's'}`);
    await expect(page.getByTestId('disagreement')).toHaveCount(Math.min(25, disagreeing.length));
    if (disagreeing.length > 0) await expect(page.getByTestId('disagreement').first()).toContainText('Judge’s explanation:');
    await page.getByLabel('Show').selectOption('judge-met');
    await page.getByRole('button', { name: 'Filter' }).click();
    const judgeMet = graded.filter(({ line, judge }) => judge && !split(line) && !majorityMet(line));
    await expect(page.getByTestId('disagreement-count')).toHaveText(`${judgeMet.length} item${judgeMet.length === 1 ? '' : 's'}`);

    // The run page's HealthBench score per model: by hand (points met over positive points, clipped mean), the SD as
    // the library's bootstrap; the clinicians' score on the same responses from the file's majority labels.
    const pointsOf = (line: Line) => POINTS[Number(line.rubric.slice(7, 8))] as number;
    const byCompletion = (label: (entry: { line: Line; judge: boolean }) => boolean) =>
      [...new Set(lines.map((line) => line.completion_id))].map((completion) => {
        const entries = graded.filter(({ line }) => line.completion_id === completion);
        const achieved = entries.reduce((sum, entry) => sum + (label(entry) ? pointsOf(entry.line) : 0), 0);
        return { achieved, entries };
      });
    const meanClipped = (scores: number[]) => Math.min(1, Math.max(0, scores.reduce((a, b) => a + b, 0) / scores.length));
    const judgeScore = meanClipped(byCompletion(({ judge }) => judge).map(({ achieved }) => achieved / 10));
    const clinicianScore = meanClipped(byCompletion(({ line }) => majorityMet(line)).map(({ achieved }) => achieved / 10));
    const toScore = (label: (entry: { line: Line; judge: boolean }) => boolean) =>
      byCompletion(label).map(({ entries }) => ({
        model: 'meta-eval completion',
        ideal: false,
        exampleTags: ['theme:hedging'],
        items: entries.map((entry) => ({ points: pointsOf(entry.line), tags: [], met: label(entry) })),
      }));
    const [judgeModel] = healthbenchModelScores(
      toScore(({ judge }) => judge),
      { seed: MODEL_SCORE_SEED },
    );
    const [clinicianModel] = healthbenchModelScores(
      toScore(({ line }) => majorityMet(line)),
      { seed: MODEL_SCORE_SEED },
    );
    await page.goto(`/judge/runs/${runId}`);
    const model = 'meta-eval completion';
    await expect(page.getByTestId(`model-score-${model}-judge`)).toHaveText(
      `${fixed(judgeScore)} ± ${fixed(judgeModel?.overall.bootstrapStd ?? Number.NaN)}`,
    );
    await expect(page.getByTestId(`model-score-${model}-clinicians`)).toHaveText(
      `${fixed(clinicianScore)} ± ${fixed(clinicianModel?.overall.bootstrapStd ?? Number.NaN)}`,
    );
    await expect(page.getByTestId(`model-score-${model}-left-out`)).toHaveText('0');

    // The dashboard's card for this dataset: the same run and balanced F1.
    await page.goto(`/analytics?dataset=${dataset.id}`);
    await expect(page.getByTestId('judge-f1')).toHaveText(fixed(judge.balancedF1.value));
    await expect(page.getByTestId('judge-ceiling')).toHaveText(fixed(ceiling.mean));
    await expect(page.getByRole('link', { name: 'Agreement with clinicians, by category and item' })).toHaveAttribute(
      'href',
      `/judge/runs/${runId}/agreement`,
    );
  });

  test('A/B of two judges on the same items: both runs’ figures and the paired difference as computed here', async ({ page }) => {
    test.setTimeout(150_000);
    const runB = await grade(page, `${ENDPOINT} B`, `agreement-b-${token}`);
    await page.goto(`/judge/runs/${runId}/agreement`);
    await page.getByRole('link', { name: 'Compare with another grading run on the same items' }).click();
    const form = page.getByRole('form', { name: 'Choose two runs' });
    await expect(form.getByLabel('Run A')).toHaveValue(String(runId));
    await form.getByLabel('Run B').selectOption(String(runB));
    await form.getByRole('button', { name: 'Compare' }).click();
    const [a, b] = [await gradedLines(runId), await gradedLines(runB)];
    const bOf = new Map(b.map(({ line, judge }) => [line, judge]));
    const shared = a.filter(({ line }) => bOf.has(line));
    expect(shared).toHaveLength(lines.length);
    const f1 = (entries: { line: Line; judge: boolean }[]) =>
      healthbenchPairwiseF1(entries.map(({ line, judge }) => ({ candidate: judge, others: line.binary_labels }))).balancedF1.value;
    const fa = f1(shared);
    const fb = f1(shared.map(({ line }) => ({ line, judge: bOf.get(line) as boolean })));
    await expect(page.getByTestId('a-balanced')).toHaveText(fixed(fa));
    await expect(page.getByTestId('b-balanced')).toHaveText(fixed(fb));
    await expect(page.getByTestId('a-ceiling')).toHaveText(
      fixed(leaveOneOutPairwiseF1(lines.map((line) => ({ labels: raterLabels(line) }))).mean),
    );
    await expect(page.getByTestId('difference')).toHaveText(fixed(fb - fa));
  });

  test('a disagreement is noted against the run’s template version, and listed with the template', async ({ page }) => {
    const NOTE = `Ask the judge to quote the response ${token}.`;
    const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: demoUser('ADMIN').email } });
    await page.goto(`/judge/runs/${runId}/agreement`);
    const item = page.getByTestId('disagreement').first();
    await expect(item).toBeVisible();
    const label = `${run.promptTemplate} ${run.promptVersion}`;
    await item.getByText(`Note against the template ${label}`).click();
    const form = item.getByRole('form', { name: `Note against ${label}` });
    await form.getByRole('button', { name: 'Save the note' }).click();
    await expect(form.getByLabel('Note')).toHaveAccessibleDescription(/Write the note\./);
    expect(await prisma.promptTemplateNote.count({ where: { runId } })).toBe(0);
    await form.getByLabel('Note').fill(NOTE);
    await form.getByRole('button', { name: 'Save the note' }).click();
    await expect(form.getByRole('status')).toHaveText(`Noted against ${label}.`);
    const note = await prisma.promptTemplateNote.findFirstOrThrow({ where: { body: NOTE } });
    expect(note).toMatchObject({ templateName: run.promptTemplate, templateVersion: run.promptVersion, runId, authorId: admin.id });
    // The cited item is the one noted from: a (response, criterion) the run graded and clinicians graded, shown in that item.
    const criterion = await prisma.criterion.findUniqueOrThrow({ where: { id: note.criterionId as number } });
    await expect(item).toContainText(criterion.title);
    expect(await prisma.grade.count({ where: { runId, responseId: note.responseId as number, criterionId: criterion.id } })).toBe(1);
    expect(
      await prisma.clinicianGrade.count({ where: { responseId: note.responseId as number, criterionId: criterion.id } }),
    ).toBeGreaterThan(0);

    await form.getByRole('link', { name: 'See the template’s notes' }).click();
    await expect(page).toHaveURL(new RegExp(`/judge/prompts#notes-${run.promptTemplate}$`));
    const listed = page
      .getByRole('list', { name: `Notes on ${run.promptTemplate}` })
      .getByTestId('template-note')
      .filter({ hasText: NOTE });
    await expect(listed).toContainText(`${label} · ${admin.name}`);
    await expect(listed).toContainText(`cites run #${runId}, “${criterion.title}”`);
  });
});

test.describe('as a reviewer', () => {
  test.use({ storageState: storageStateFor('REVIEWER') });

  test('the agreement page is for admins', async ({ page }) => {
    const response = await page.goto(`/judge/runs/${runId || 1}/agreement`);
    expect(response?.status()).toBe(403);
  });
});
