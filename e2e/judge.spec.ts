// The LLM judge end to end, against the judge test double that this test starts on loopback (the app never
// starts it; the app's server reaches it on 127.0.0.1). An admin configures endpoints through the form,
// generates criteria for three queries under the active meta-rubric version (they appear PENDING with their
// provenance, which only admins see), grades the responses, runs a pairwise comparison and watches each run
// to completion; a run against endpoints that answer garbage or lack their API key ends FAILED with its error
// classes. Endpoints that behave as real servers do (a reasoning model without usage, a server that refuses
// json_schema) get their structured-output mode from Test connection, and their runs show the mode used. A
// reviewer sees the judge's grades in the criterion drawer but not the provenance, and gets 403 on the judge
// pages, as experts do. The queries are a dataset of this test's own, so no other test sees them.
import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { disconnectDb, prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { healthbenchScore, runMeanScore } from '@/lib/judge/scoring';
import { DEFAULT_SCORING_PROFILE } from '@/lib/meta-rubrics/scoring-profile';
import { clusterWilsonInterval, wilsonInterval } from '@/lib/stats';
import { type JudgeTestDouble, startJudgeTestDouble } from '@/tools/judge-test-double/server';
import { storageStateFor } from './fixtures';

test.describe.configure({ mode: 'serial' });

const token = `judge${Date.now()}`;
const DATASET = `E2E judge ${token}`;
const MODEL = 'double-judge-1';
const ENDPOINTS = {
  main: `Test double ${token}`,
  garbage: `Garbage double ${token}`,
  keyless: `Keyless ${token}`,
  slow: `Slow double ${token}`,
  reasoning: `Reasoning double ${token}`,
  objectOnly: `JSON-object double ${token}`,
  keyed: `Keyed double ${token}`,
};
/** Named on the keyless endpoint and set nowhere: its calls fail before reaching any server. */
const UNSET_KEY = `JUDGE_E2E_UNSET_${token.toUpperCase()}_API_KEY`;

let double: JudgeTestDouble;
let garbage: JudgeTestDouble;
let datasetId = 0;
let queryIds: number[] = [];
/** The same queries by the ids their file gave them: what the launcher takes. */
let queryExternalIds: string[] = [];
let versionId = 0;
let generatedCriterionId = 0;

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

test.beforeAll(async () => {
  double = await startJudgeTestDouble({ seed: 1, latencyMs: 20 });
  garbage = await startJudgeTestDouble({ seed: 2, rateGarbage: 1 });
  // Three demo queries (with their criteria and two responses each) as a dataset of this test's own.
  const lines = fs
    .readFileSync(path.join(process.cwd(), 'prisma/seed/demo/queries.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .slice(22, 25)
    .map((line) => {
      const query = JSON.parse(line) as { id: string };
      return JSON.stringify({ ...query, id: `${token}-${query.id}` });
    });
  const summary = await importFile({
    source: bufferSource(`${token}.jsonl`, `${lines.join('\n')}\n`),
    datasetName: DATASET,
    format: 'native',
  });
  expect(summary.ok, JSON.stringify(summary.issues)).toBe(true);
  const dataset = await prisma.dataset.findUniqueOrThrow({ where: { name: DATASET }, select: { id: true } });
  datasetId = dataset.id;
  const queries = await prisma.query.findMany({ where: { datasetId }, orderBy: { id: 'asc' }, select: { id: true, externalId: true } });
  queryIds = queries.map((q) => q.id);
  queryExternalIds = queries.map((q) => q.externalId);
  expect(queryIds).toHaveLength(3);
  const version = await prisma.metaRubricVersion.findFirstOrThrow({
    where: { status: 'ACTIVE', metaRubric: { domain: 'general-medicine' } },
    select: { id: true },
  });
  versionId = version.id;
});

test.afterAll(async () => {
  await double?.close();
  await garbage?.close();
  await disconnectDb();
});

/**
 * Adds an endpoint through the form. The form opens the new endpoint's page; in automatic mode (the default)
 * Test connection is pressed there and must find `detect`; otherwise the mode is chosen in the form.
 */
async function addEndpoint(
  page: Page,
  fields: {
    name: string;
    baseUrl: string;
    model?: string;
    apiKeyEnv?: string;
    mode?: 'JSON_SCHEMA' | 'JSON_OBJECT' | 'PROMPT_ONLY';
    detect?: string;
    extraHeaders?: string;
    /** Called before each navigation away from a page whose responses the caller reads. */
    settle?: () => Promise<void>;
  },
) {
  await page.goto('/judge');
  await page.getByRole('link', { name: 'Add endpoint' }).click();
  await expect(page).toHaveURL(/\/judge\/endpoints\/new$/);
  const form = page.getByRole('form', { name: 'New endpoint' });
  await form.getByLabel('Name', { exact: true }).fill(fields.name);
  await form.getByLabel('Model').fill(fields.model ?? MODEL);
  await form.getByLabel('Base URL').fill(fields.baseUrl);
  if (fields.apiKeyEnv) await form.getByLabel('API key variable (optional)').fill(fields.apiKeyEnv);
  if (fields.mode) await form.getByLabel('Structured output').selectOption(fields.mode);
  if (fields.extraHeaders) await form.getByLabel('Extra headers (optional)').fill(fields.extraHeaders);
  await form.getByLabel('Max concurrency').fill('8');
  await form.getByLabel('Timeout (seconds)').fill('10');
  await form.getByLabel('Price per million prompt tokens (USD)').fill('1');
  await form.getByLabel('Price per million completion tokens (USD)').fill('2');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page).toHaveURL(/\/judge\/endpoints\/\d+\?created=1$/);
  await fields.settle?.();
  if (fields.detect) {
    await expect(page.getByTestId('endpoint-mode')).toContainText('no mode yet');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('detected-mode')).toHaveText(fields.detect, { timeout: 30_000 });
    await expect(page.getByTestId('connection-server-model')).toHaveText(fields.model ?? MODEL);
    await expect(page.getByTestId('endpoint-mode')).toContainText(`${fields.detect} (detected)`);
    await fields.settle?.();
  }
  await page.goto('/judge');
  await expect(page.getByTestId(`endpoint-${fields.name}`)).toContainText(fields.model ?? MODEL);
}

async function endpointId(name: string): Promise<string> {
  return String((await prisma.judgeEndpoint.findUniqueOrThrow({ where: { name }, select: { id: true } })).id);
}

/** Opens the launcher with a task, endpoints and this test's queries chosen. */
async function launch(page: Page, task: string, endpoints: string[]) {
  await page.goto('/judge');
  await page.getByRole('link', { name: 'New run' }).click();
  await expect(page).toHaveURL(/\/judge\/runs\/new$/);
  const form = page.getByRole('form', { name: 'New run' });
  await form.getByRole('radio', { name: task }).check();
  if (task === 'Generate criteria') {
    for (const name of endpoints) await form.getByRole('checkbox', { name: new RegExp(name) }).check();
  } else {
    await form.getByLabel('Endpoint', { exact: true }).selectOption(await endpointId(endpoints[0] ?? ''));
  }
  await form.getByLabel('Dataset').selectOption(String(datasetId));
  await form.getByLabel('Query ids (optional)').fill(queryExternalIds.join(' '));
  if (task !== 'Grade responses') await form.getByLabel('Meta-rubric version').selectOption(String(versionId));
  return form;
}

/** Starts the run from the launcher, then watches its page until it ends in `status`; returns its id. */
async function startAndWatch(page: Page, status: 'Succeeded' | 'Failed'): Promise<number> {
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/judge\/runs\/\d+$/);
  const runId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByTestId('run-status')).toHaveText(status, { timeout: 90_000 });
  const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
  const progress = page.getByRole('progressbar', { name: 'Run progress: calls finished' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(run.totalTasks));
  await expect(page.getByTestId('run-percent')).toHaveText('100%');
  return runId;
}

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('ADMIN') });

  test('configures endpoints through the form: the key is a variable name, shown as set or not, never a value', async ({ page }) => {
    await page.goto('/judge/endpoints/new');
    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('Name', { exact: true }).fill(ENDPOINTS.main);
    await form.getByLabel('Base URL').fill('not a url');
    await form.getByLabel('API key variable (optional)').fill('sk-live-123');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    for (const label of ['Base URL', 'Model', 'API key variable (optional)']) {
      const input = form.getByLabel(label);
      await expect(input, label).toHaveAttribute('aria-invalid', 'true');
      await expect(input, label).toHaveAttribute('aria-describedby', /-error/);
    }
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(ENDPOINTS.main);
    // Issue 16.3: the server's own settings are never sent to an endpoint, and the form says what is allowed.
    await expect(form.getByTestId('allowed-env-names')).toContainText('^[A-Z][A-Z0-9_]*_API_KEY$');
    await expect(form.getByTestId('allowed-env-names')).toContainText('BETTER_AUTH_SECRET');
    await form.getByLabel('Base URL').fill(double.url);
    await form.getByLabel('Model').fill(MODEL);
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'BETTER_AUTH_SECRET']) {
      await form.getByLabel('API key variable (optional)').fill(name);
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(form.locator('#apiKeyEnv-error')).toHaveText(
        `${name} is one of the app's own settings and is never sent to a judge endpoint.`,
      );
    }
    await expect(page).toHaveURL(/\/judge\/endpoints\/new$/);

    await addEndpoint(page, { name: ENDPOINTS.main, baseUrl: double.url, detect: 'JSON schema (strict)' });
    await expect(page.getByTestId(`endpoint-${ENDPOINTS.main}`)).toContainText('No key');
    await expect(page.getByTestId(`endpoint-mode-${ENDPOINTS.main}`)).toHaveText('JSON schema (strict) (detected)');
    // Garbage answers and a missing key fail every probe: their mode is chosen instead.
    await addEndpoint(page, { name: ENDPOINTS.garbage, baseUrl: garbage.url, mode: 'JSON_SCHEMA' });
    // Another model name: a request identical to one already answered would be served from the stored answer.
    await addEndpoint(page, {
      name: ENDPOINTS.keyless,
      baseUrl: double.url,
      model: `${MODEL}-keyless`,
      apiKeyEnv: UNSET_KEY,
      mode: 'JSON_SCHEMA',
    });
    await expect(page.getByTestId(`endpoint-mode-${ENDPOINTS.garbage}`)).toHaveText('JSON schema (strict) (chosen)');
    const keyless = page.getByTestId(`endpoint-${ENDPOINTS.keyless}`);
    await expect(keyless).toContainText(UNSET_KEY);
    await expect(keyless).toContainText('Not set');
  });

  test('the key reaches the endpoint and never the browser: endpoint pages render only variable names (16.3)', async ({ page }) => {
    // Set by scripts/e2e.ts in the server's environment (and this runner's), nowhere else.
    const secret = process.env.E2E_JUDGE_API_KEY ?? '';
    expect(secret).toMatch(/^e2e-judge-key-/);
    const keyed = await startJudgeTestDouble({ seed: 4, apiKey: secret });
    const bodies: { url: string; body: string }[] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (/\/_next\/static\//.test(response.url())) return;
      reading.push(
        response
          .text()
          .then((body) => {
            bodies.push({ url: `${response.request().method()} ${response.url()}`, body });
          })
          // Chromium drops some bodies (router prefetches it consumed): the pages are fetched again below.
          .catch(() => {}),
      );
    });
    // A body still being read when the page navigates is lost: read them all before leaving a page.
    const settle = async () => {
      for (let seen = -1; seen !== reading.length; ) {
        seen = reading.length;
        await Promise.all(reading);
      }
    };
    try {
      await addEndpoint(page, {
        name: ENDPOINTS.keyed,
        baseUrl: keyed.url,
        model: `${MODEL}-keyed`,
        apiKeyEnv: 'E2E_JUDGE_API_KEY',
        extraHeaders: 'x-e2e-key: E2E_JUDGE_API_KEY',
        detect: 'JSON schema (strict)',
        settle,
      });
      const row = page.getByTestId(`endpoint-${ENDPOINTS.keyed}`);
      await expect(row).toContainText('E2E_JUDGE_API_KEY');
      await expect(row).not.toContainText('Not set');
      await settle();
      await page.goto(`/judge/endpoints/${await endpointId(ENDPOINTS.keyed)}`);
      await expect(page.getByLabel('API key variable (optional)')).toHaveValue('E2E_JUDGE_API_KEY');
      await expect(page.getByLabel('Extra headers (optional)')).toHaveValue('x-e2e-key: E2E_JUDGE_API_KEY');
      await settle();
      await page.goto('/judge/runs/new');
      await settle();
      // Each judge page once more, whole: its HTML (with the props of its client components) and its flight
      // payload as a client-side navigation fetches it.
      const id = await endpointId(ENDPOINTS.keyed);
      for (const url of [
        '/judge',
        `/judge/endpoints/${id}`,
        `/judge/endpoints/${id}?created=1`,
        '/judge/endpoints/new',
        '/judge/runs/new',
      ]) {
        for (const rsc of [false, true]) {
          const fetched = await page.request.get(url, rsc ? { headers: { RSC: '1' } } : {});
          expect(fetched.status(), url).toBe(200);
          bodies.push({ url: `GET ${url}${rsc ? ' (RSC)' : ''}`, body: await fetched.text() });
        }
      }
      // The server did send the value (Test connection passed the double's key check) ...
      const sent = keyed.requests();
      expect(sent.length).toBeGreaterThan(0);
      for (const request of sent) {
        expect(request.headers.authorization).toBe(`Bearer ${secret}`);
        expect(request.headers['x-e2e-key']).toBe(secret);
      }
      // ... and no page, flight payload or action result the browser received holds it; the name does come through.
      expect(bodies.find((entry) => entry.url === `GET /judge/endpoints/${id}`)?.body).toContain('E2E_JUDGE_API_KEY');
      expect(bodies.find((entry) => entry.url === `GET /judge/endpoints/${id} (RSC)`)?.body).toContain('E2E_JUDGE_API_KEY');
      expect(bodies.filter((entry) => entry.body.includes(secret)).map((entry) => entry.url)).toEqual([]);
    } finally {
      await keyed.close();
    }
  });

  test('generates criteria for three queries: PENDING, with provenance, and every call inspectable', async ({ page }) => {
    test.setTimeout(150_000);
    const form = await launch(page, 'Generate criteria', [ENDPOINTS.main]);
    // Queries are named by their file's ids; a database id or an unknown id is refused by name.
    await form.getByLabel('Query ids (optional)').fill(`${queryExternalIds[0]} ${queryIds[1]}`);
    await form.getByRole('button', { name: 'Estimate' }).click();
    await expect(form.getByText(`Not a query of this dataset: ${queryIds[1]}.`).first()).toBeVisible();
    await form.getByLabel('Query ids (optional)').fill(queryExternalIds.join(', '));
    await form.getByRole('button', { name: 'Estimate' }).click();
    await expect(page.getByTestId('estimate-calls')).toHaveText('3');
    await expect(page.getByTestId('estimate-queries')).toHaveText('3');
    await expect(page.getByRole('table', { name: 'Estimate per endpoint' })).toContainText(ENDPOINTS.main);
    const runId = await startAndWatch(page, 'Succeeded');
    // The run's scope reads as names: the dataset and the queries, never their database ids.
    const settings = page.getByRole('definition').filter({ hasText: DATASET });
    await expect(settings).toHaveCount(1);
    await expect(page.getByRole('definition').filter({ hasText: queryExternalIds.join(' ') })).toHaveCount(1);
    await expect(page.getByRole('definition').filter({ hasText: /^#\d+$/ })).toHaveCount(0);
    await expect(page.getByTestId('state-SUCCEEDED')).toContainText('3');
    await expect(page.getByText('No call has failed.')).toBeVisible();

    const criteria = await prisma.criterion.findMany({
      where: { provenance: { judgeRunId: runId } },
      include: { provenance: true },
      orderBy: { id: 'asc' },
    });
    expect(criteria.length).toBeGreaterThan(0);
    expect(new Set(criteria.map((criterion) => criterion.queryId))).toEqual(new Set(queryIds));
    for (const criterion of criteria) {
      expect(criterion.status).toBe('PENDING');
      expect(criterion.provenance?.origin).toBe('GENERATED');
      expect(criterion.provenance?.generatorModels).toEqual([MODEL]);
      expect(criterion.provenance?.metaRubricVersionId).toBe(versionId);
      expect(criterion.provenance?.consensusVotes).toMatchObject({ votes: 1, of: 1 });
    }
    await expect(page.getByTestId('criteria-created')).toHaveText(String(criteria.length));
    const first = criteria[0];
    if (!first) throw new Error('no criterion');
    generatedCriterionId = first.id;

    // Each call: the prompt sent, the raw output and the parsed rubric.
    await page.getByRole('table', { name: 'Calls of this run' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/judge\/calls\/\d+\?run=\d+$/);
    await expect(page.getByTestId('call-status')).toHaveText('Succeeded');
    await expect(page.getByTestId('call-message-system')).toContainText('rubric');
    await expect(page.getByTestId('call-message-user')).toContainText('# Meta-rubric');
    await expect(page.getByTestId('call-raw-output')).toContainText('"criteria"');
    await expect(page.getByTestId('call-parsed')).toContainText('"tier"');
    await page.getByRole('link', { name: 'generate v1' }).click();
    await expect(page).toHaveURL(/\/judge\/prompts#generate\.v1$/);
    await expect(page.locator('[id="generate.v1"]')).toContainText('---system---');

    // The criterion in the criteria browser, with its provenance (admins only).
    await page.goto(`/judge/runs/${runId}`);
    await page.getByRole('table', { name: 'Criteria created' }).getByRole('link', { name: first.title }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(first.title);
    await expect(dialog).toContainText('Pending');
    const provenance = dialog.getByRole('region', { name: 'Provenance' });
    await expect(provenance).toContainText('Generated');
    await expect(provenance).toContainText(`1 of 1 generators (${MODEL})`);
    await expect(provenance.getByRole('link', { name: `Run #${runId}` })).toHaveAttribute('href', `/judge/runs/${runId}`);
    await page.goto('/judge');
  });

  test('grades the responses and shows the HealthBench and tiered scores', async ({ page }) => {
    test.setTimeout(150_000);
    const form = await launch(page, 'Grade responses', [ENDPOINTS.main]);
    // One call per response and criterion: the imported criteria and the ones generated above.
    let calls = 0;
    let responses = 0;
    for (const queryId of queryIds) {
      const criteria = await prisma.criterion.count({ where: { queryId, status: { not: 'REJECTED' } } });
      const answers = await prisma.response.count({ where: { queryId, isIdeal: false } });
      calls += criteria * answers;
      responses += answers;
    }
    await form.getByRole('button', { name: 'Estimate' }).click();
    await expect(page.getByTestId('estimate-calls')).toHaveText(calls.toLocaleString('en'));
    const runId = await startAndWatch(page, 'Succeeded');

    // The page's scores are HealthBench's, computed again here from the stored grades.
    const grades = await prisma.grade.findMany({ where: { runId }, include: { criterion: { select: { points: true } } } });
    expect(grades).toHaveLength(calls);
    const byResponse = new Map<number, { points: number; met: boolean }[]>();
    for (const grade of grades) {
      byResponse.set(grade.responseId, [
        ...(byResponse.get(grade.responseId) ?? []),
        { points: grade.criterion.points, met: grade.met === true },
      ]);
    }
    const mean = runMeanScore([...byResponse.values()].map(healthbenchScore));
    await expect(page.getByTestId('mean-healthbench')).toHaveText(mean.toFixed(3));
    await expect(page.getByTestId('mean-tiered')).toHaveText(/^\d\.\d{3}$/);
    await expect(page.getByTestId('responses-scored')).toHaveText(String(responses));
    await expect(page.getByRole('table', { name: 'Scores per response' }).getByRole('row')).toHaveCount(responses + 1);
  });

  test('runs a pairwise comparison in both orders and shows the position consistency', async ({ page }) => {
    test.setTimeout(150_000);
    const form = await launch(page, 'Pairwise comparison', [ENDPOINTS.main]);
    await form.getByRole('button', { name: 'Estimate' }).click();
    await expect(page.getByTestId('estimate-calls')).toHaveText('6');
    const runId = await startAndWatch(page, 'Succeeded');
    const comparisons = await prisma.pairwiseComparison.findMany({ where: { runId, presentedOrder: 'AB' } });
    expect(comparisons).toHaveLength(3);
    const consistent = comparisons.filter((comparison) => comparison.positionConsistent === true).length;
    await expect(page.getByTestId('position-consistency')).toHaveText(`${Math.round((consistent / 3) * 100)}%`);
    // Its interval takes each pair's query as a cluster (one pair per query here), the design effect beside it,
    // the plain Wilson interval labelled as secondary; computed here from the stored comparisons.
    const clustered = clusterWilsonInterval(comparisons.map((c) => ({ successes: c.positionConsistent ? 1 : 0, trials: 1 })));
    const [low, high] = wilsonInterval(consistent, 3);
    await expect(page.getByTestId('position-consistency-detail')).toHaveText(
      `${consistent} of 3 pairs get the same winner in both orders · 95% CI ${pct(clustered.lower)}–${pct(clustered.upper)} (design effect ${clustered.designEffect.toFixed(2)} over 3 queries; plain Wilson ${pct(low)}–${pct(high)})`,
    );
    await expect(page.getByRole('table', { name: 'Pairs compared' }).getByRole('row')).toHaveCount(4);
    // The run settings list the scoring profile it recorded, each choice labelled as the app's assumption.
    const settings = page.getByRole('term');
    await expect(settings.filter({ hasText: 'Pairwise weights (the app’s assumption)' })).toHaveCount(1);
    await expect(settings.filter({ hasText: 'Pairwise tie band (the app’s assumption)' })).toHaveCount(1);
    await expect(page.getByRole('definition').filter({ hasText: /^Core 5 \/ Important 2 \/ Highlight 1$/ })).toHaveCount(1);
  });

  test('a verifiable rubric without a text check: one yes/no call per response gates the pairwise verdict', async ({ page }) => {
    test.setTimeout(150_000);
    // A meta-rubric of this test's own whose draft version's scoring profile holds one judged rubric, quoting a
    // phrase of the first pair's response B that response A lacks: the test double answers "satisfied" exactly
    // when the response contains the quoted phrase, so A fails and B passes.
    const [a, b] = await prisma.response.findMany({
      where: { queryId: queryIds[0] ?? 0 },
      orderBy: [{ isIdeal: 'asc' }, { id: 'asc' }],
      take: 2,
      select: { id: true, content: true },
    });
    const phrase = (b?.content ?? '').slice(0, 20).replaceAll('"', '');
    expect(phrase.length).toBeGreaterThan(5);
    expect(a?.content.toLowerCase()).not.toContain(phrase.toLowerCase());
    const source = await prisma.metaRubricVersion.findUniqueOrThrow({ where: { id: versionId } });
    const rubric = await prisma.metaRubric.create({ data: { domain: `e2e-judge-${token}`, name: `E2E judge ${token}` } });
    const draft = await prisma.metaRubricVersion.create({
      data: {
        metaRubricId: rubric.id,
        number: 1,
        status: 'DRAFT',
        principles: source.principles ?? [],
        generationRules: source.generationRules ?? {},
        scoringProfile: {
          ...DEFAULT_SCORING_PROFILE,
          pairwise: {
            ...DEFAULT_SCORING_PROFILE.pairwise,
            verifiable: [{ title: 'Says the key phrase', check: { kind: 'judge', constraint: `The response says "${phrase}".` } }],
          },
        },
      },
    });
    const form = await launch(page, 'Pairwise comparison', [ENDPOINTS.main]);
    await form.getByLabel('Query ids (optional)').fill(queryExternalIds[0] ?? '');
    await form.getByLabel('Meta-rubric version').selectOption(String(draft.id));
    await form.getByRole('button', { name: 'Estimate' }).click();
    // Two comparisons (both orders) and two yes/no calls (one per response).
    await expect(page.getByTestId('estimate-calls')).toHaveText('4');
    const runId = await startAndWatch(page, 'Succeeded');
    await expect(page.getByRole('definition').filter({ hasText: '“Says the key phrase” (a yes/no judge call)' })).toHaveCount(1);
    const row = page.getByRole('table', { name: 'Pairs compared' }).getByRole('row').nth(1);
    await expect(row).toContainText('Response A fails the verifiable rubric "Says the key phrase" (by the judge’s yes/no answer).');
    // Both orders name B in A/B terms, and the database holds what the page shows.
    await expect(row.getByRole('cell').nth(3)).toHaveText('B');
    await expect(row.getByRole('cell').nth(4)).toHaveText('B');
    const stored = await prisma.pairwiseComparison.findMany({ where: { runId } });
    expect(stored.map((c) => [c.winner, c.vetoed])).toEqual([
      ['B', true],
      ['B', true],
    ]);
    // The yes/no calls are judge calls like any other: recorded, inspectable, with the verify template.
    const checks = await prisma.judgeTask.findMany({ where: { runId, key: { startsWith: 'verify:' } }, include: { call: true } });
    expect(checks.map((check) => [check.status, check.call?.promptTemplate])).toEqual([
      ['SUCCEEDED', 'verify'],
      ['SUCCEEDED', 'verify'],
    ]);
    await page.goto(`/judge/calls/${checks[0]?.callId}`);
    await expect(page.getByTestId('call-message-user')).toContainText(phrase);
    await expect(page.getByTestId('call-parsed')).toContainText('"satisfied"');
  });

  test('endpoints that behave as real servers do: Test connection picks the mode, GRADE and PAIRWISE runs succeed, and the run page shows the mode', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    /** A run of `task` on one endpoint over the first query, watched to success: one result per task, every call in `mode`. */
    const runOn = async (task: 'Grade responses' | 'Pairwise comparison', name: string, mode: 'JSON_SCHEMA' | 'JSON_OBJECT') => {
      await launch(page, task, [name]);
      await page.getByLabel('Query ids (optional)').fill(queryExternalIds[0] ?? '');
      const runId = await startAndWatch(page, 'Succeeded');
      const label = mode === 'JSON_SCHEMA' ? 'JSON schema (strict)' : 'JSON object';
      await expect(page.getByTestId(`run-endpoint-mode-${await endpointId(name)}`)).toHaveText(label);
      const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
      const results =
        task === 'Grade responses'
          ? await prisma.grade.count({ where: { runId } })
          : await prisma.pairwiseComparison.count({ where: { runId } });
      expect(results).toBe(run.totalTasks);
      const calls = await prisma.judgeCall.findMany({ where: { tasks: { some: { runId } } }, select: { outputMode: true } });
      expect(calls.map((call) => call.outputMode)).toEqual(Array(run.totalTasks).fill(mode));
      return run;
    };

    // A reasoning model that writes <think>…</think> before its JSON and reports no token usage.
    await addEndpoint(page, {
      name: ENDPOINTS.reasoning,
      baseUrl: double.url,
      model: `${MODEL}+think+no-usage`,
      detect: 'JSON schema (strict)',
    });
    const gradeRun = await runOn('Grade responses', ENDPOINTS.reasoning, 'JSON_SCHEMA');
    expect(gradeRun.unknownUsageCalls).toBe(gradeRun.totalTasks);
    // No usage: the totals are unknown, not $0.
    await expect(page.getByTestId('run-cost')).toHaveText('unknown');
    await expect(page.getByTestId('run-prompt-tokens')).toHaveText('unknown');
    // The call page keeps the reasoning apart from the answer that was parsed (admins only: the judge pages are).
    await page.getByRole('table', { name: 'Calls of this run' }).getByRole('link').first().click();
    await expect(page.getByTestId('call-output-mode')).toHaveText('JSON schema (strict)');
    await expect(page.getByTestId('call-reasoning')).toContainText('A first draft');
    await expect(page.getByTestId('call-raw-output')).not.toContainText('<think>');
    await expect(page.getByTestId('call-tokens')).toHaveText('unknown: the server reported no usage');
    await runOn('Pairwise comparison', ENDPOINTS.reasoning, 'JSON_SCHEMA');

    // A server that answers json_schema with a 400: Test connection falls back to json_object, and runs use it.
    await addEndpoint(page, {
      name: ENDPOINTS.objectOnly,
      baseUrl: double.url,
      model: `${MODEL}+reject-json-schema`,
      detect: 'JSON object',
    });
    await expect(page.getByTestId(`endpoint-mode-${ENDPOINTS.objectOnly}`)).toHaveText('JSON object (detected)');
    await expect(page.getByTestId(`endpoint-${ENDPOINTS.objectOnly}`).getByTestId('connection-test-summary')).toContainText('JSON object');
    await page.goto(`/judge/endpoints/${await endpointId(ENDPOINTS.objectOnly)}`);
    await expect(page.getByTestId('probe-JSON_SCHEMA')).toContainText('Bad request');
    await expect(page.getByTestId('probe-JSON_OBJECT')).toContainText('Worked');
    await runOn('Grade responses', ENDPOINTS.objectOnly, 'JSON_OBJECT');
    await runOn('Pairwise comparison', ENDPOINTS.objectOnly, 'JSON_OBJECT');
  });

  test('a run whose endpoints answer garbage or lack their key ends FAILED with its error classes', async ({ page }) => {
    test.setTimeout(150_000);
    await launch(page, 'Generate criteria', [ENDPOINTS.garbage, ENDPOINTS.keyless]);
    await page.getByLabel('Query ids (optional)').fill(queryExternalIds[0] ?? '');
    const runId = await startAndWatch(page, 'Failed');
    await expect(page.getByTestId('error-class-INVALID_OUTPUT')).toContainText('Invalid output');
    await expect(page.getByTestId('error-class-INVALID_OUTPUT')).toContainText('1');
    await expect(page.getByTestId('error-class-AUTH')).toContainText('Authentication');
    await expect(page.getByTestId('error-class-AUTH')).toContainText('1');
    await expect(page.getByTestId('state-FAILED')).toContainText('2');
    expect(await prisma.criterionProvenance.count({ where: { judgeRunId: runId } })).toBe(0);

    // The garbage answer is kept on its call, with the prompt that got it.
    await page
      .getByRole('navigation', { name: 'Filter calls by state' })
      .getByRole('link', { name: /Failed/ })
      .click();
    await expect(page).toHaveURL(/status=FAILED/);
    const calls = page.getByRole('table', { name: 'Calls of this run' });
    await expect(calls.getByRole('row')).toHaveCount(3);
    await expect(calls).toContainText(UNSET_KEY);
    await calls.getByRole('row').filter({ hasText: 'Invalid output' }).getByRole('link').click();
    await expect(page.getByTestId('call-status')).toHaveText('Failed');
    await expect(page.getByTestId('call-raw-output')).toContainText('After careful review');
    await expect(page.getByText('Nothing parsed: the output was not valid.')).toBeVisible();
  });
  test('cancels a running run: the call in flight stops, nothing new starts, results so far stay', async ({ page }) => {
    test.setTimeout(120_000);
    const slow = await startJudgeTestDouble({ seed: 3, latencyMs: 1500 });
    try {
      await prisma.judgeEndpoint.create({ data: { name: ENDPOINTS.slow, baseUrl: slow.url, model: MODEL, maxConcurrency: 1 } });
      await launch(page, 'Grade responses', [ENDPOINTS.slow]);
      await page.getByLabel('Query ids (optional)').fill(queryExternalIds[0] ?? '');
      await page.getByRole('button', { name: 'Start run' }).click();
      await expect(page).toHaveURL(/\/judge\/runs\/\d+$/);
      const runId = Number(new URL(page.url()).pathname.split('/').at(-1));
      await expect(page.getByTestId('run-status')).toHaveText('Running', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Cancel run' }).click();
      await expect(page.getByTestId('run-status')).toHaveText('Cancelled', { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
      const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: runId } });
      const cancelled = await prisma.judgeTask.count({ where: { runId, status: 'CANCELLED' } });
      expect(cancelled).toBeGreaterThan(0);
      expect(run.succeededTasks + cancelled).toBe(run.totalTasks);
      await expect(page.getByTestId('state-CANCELLED')).toContainText(String(cancelled));
      expect(await prisma.grade.count({ where: { runId } })).toBe(run.succeededTasks);
    } finally {
      await slow.close();
    }
  });
});

test.describe('as a reviewer', () => {
  test.use({ storageState: storageStateFor('REVIEWER') });

  test('sees the judge’s grades in the criterion drawer, not its provenance, and gets 403 on the judge pages', async ({ page }) => {
    expect(generatedCriterionId).toBeGreaterThan(0);
    await page.goto(`/criteria?open=${generatedCriterionId}`);
    const dialog = page.getByRole('dialog');
    const grades = dialog.getByRole('region', { name: 'Judge grades' });
    const graded = await prisma.grade.count({ where: { criterionId: generatedCriterionId } });
    expect(graded).toBeGreaterThanOrEqual(2);
    await expect(grades.getByTestId('judge-grades').getByRole('listitem')).toHaveCount(graded);
    await expect(grades).toContainText(/Met|Not met/);
    await expect(grades.getByRole('link')).toHaveCount(0);
    await expect(dialog.getByRole('region', { name: 'Provenance' })).toHaveCount(0);
    const reasoned = await prisma.judgeCall.findFirstOrThrow({ where: { reasoning: { not: null } }, select: { id: true } });
    for (const url of ['/judge', '/judge/runs/new', '/judge/prompts', `/judge/calls/${reasoned.id}`]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(403);
    }
  });
});

test.describe('as an expert', () => {
  test.use({ storageState: storageStateFor('EXPERT') });

  test('gets 403 on the judge pages and the criteria browser', async ({ page }) => {
    const run = await prisma.judgeRun.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } });
    // A call whose model's reasoning is stored: reasoning is for admins only.
    const reasoned = await prisma.judgeCall.findFirstOrThrow({ where: { reasoning: { not: null } }, select: { id: true } });
    for (const url of [
      '/judge',
      `/judge/runs/${run.id}`,
      `/judge/calls/${reasoned.id}`,
      '/judge/prompts',
      `/criteria?open=${generatedCriterionId}`,
    ]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(403);
    }
  });
});
