// Drill 4: stop PostgreSQL (a fast shutdown, as `pg_ctl stop -m fast`) while simulated users load pages,
// call the API and run server actions, and while a judge run is in flight; then start it again on the same
// port and data directory. During the outage every answer must tell the user the database is unreachable
// (the page notice, a 503 with a message, an UNAVAILABLE action result), quickly and without the app
// crashing; a real browser must show the notice and then, by itself, the page again. Afterwards the app
// must serve normally without being restarted, the judge run must finish with exactly one grade per task,
// and a job queued after the outage must run.
import fs from 'node:fs';
import path from 'node:path';
import { formatDuration } from '@/tools/bench/report';
import { type FaultContext, type Scenario, type ScenarioResult, bossJob, expectThat } from '@/tools/faults/context';
import { checkFinishedRun, gradeLedger, judgeSetup, startGradeRun } from '@/tools/faults/scenarios/judge-kill';
import { type Outcome, type Sample, type Step, startLoad } from '@/tools/faults/simulated-users';
import { done, notYet, since, waitFor } from '@/tools/faults/wait-for';
import { DEMO_USERS } from '@/lib/seed/demo-users';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@/tools/testing/chromium';

const WARM_MS = 8_000;
const OUTAGE_MS = 20_000;
const AFTER_MS = 8_000;
/** An outage answer slower than this counts as a hang. */
const MAX_OUTAGE_ANSWER_MS = 5_000;

function demo(role: 'ADMIN' | 'REVIEWER' | 'EXPERT', index = 0) {
  const user = DEMO_USERS.filter((candidate) => candidate.role === role)[index];
  if (!user) throw new Error(`no demo ${role} #${index}`);
  return user;
}

const tally = (samples: Sample[]) => {
  const counts: Record<Outcome, number> = { ok: 0, outage: 0, error: 0, 'no-answer': 0 };
  for (const sample of samples) counts[sample.outcome] += 1;
  return counts;
};
const show = (counts: Record<Outcome, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([outcome, n]) => `${n} ${outcome}`)
    .join(', ') || 'none';
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)] ?? 0;

/** A signed-in Chromium page (the expert's), for what a person actually sees. */
async function openBrowser(ctx: FaultContext) {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await (await browser.newContext({ baseURL: ctx.app.url })).newPage();
  const expert = demo('EXPERT', 1);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(expert.email);
  await page.getByLabel('Password').fill(expert.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-user').waitFor({ timeout: 30_000 });
  await page.goto('/audit');
  await page.getByRole('heading', { name: 'My audits' }).waitFor({ timeout: 30_000 });
  return { browser, page };
}

interface Marks {
  /** The fast shutdown was asked for (PostgreSQL refuses new connections from here on). */
  stopping: number;
  /** PostgreSQL has exited. */
  down: number;
  /** Its start was asked for. */
  starting: number;
  /** It accepts connections again. */
  up: number;
}

function checkPhases(result: ScenarioResult, samples: Sample[], marks: Marks) {
  const before = samples.filter((s) => s.endedAt < marks.stopping);
  // Only what was asked and answered entirely inside the outage (the shutdown itself takes a moment).
  const during = samples.filter((s) => s.startedAt > marks.down && s.endedAt < marks.starting);
  const after = samples.filter((s) => s.startedAt > marks.up);
  const beforeCounts = tally(before);
  const duringCounts = tally(during);
  expectThat(result, before.length > 0 && beforeCounts.ok === before.length, `before the outage: ${show(beforeCounts)}`);
  expectThat(
    result,
    during.length > 0 && duringCounts.outage === during.length,
    `during the outage: ${show(duringCounts)}; e.g. ${JSON.stringify(during.find((s) => s.outcome !== 'outage'))}`,
  );
  const slow = p95(during.map((s) => s.endedAt - s.startedAt));
  expectThat(result, slow <= MAX_OUTAGE_ANSWER_MS, `during the outage the p95 answer took ${slow} ms`);
  const byKind = (kind: RegExp) => during.filter((s) => kind.test(s.step) && s.outcome === 'outage').length;
  result.evidence.push(
    `before the outage: ${before.length} requests, ${show(beforeCounts)}; during it: ${during.length} requests, ${show(duringCounts)} ` +
      `(${byKind(/^GET \/(?!api)/)} pages with the outage notice, ${byKind(/^GET \/api/)} API answers 503 with a message, ` +
      `${byKind(/^[^G]/)} actions UNAVAILABLE), p95 ${slow} ms`,
  );

  // Recovery: each user's first normal answer after PostgreSQL is back, and nothing but normal answers after it.
  const users = [...new Set(samples.map((s) => s.user))];
  let slowest = 0;
  for (const user of users) {
    const mine = after.filter((s) => s.user === user);
    const first = mine.find((s) => s.outcome === 'ok');
    if (!expectThat(result, first !== undefined, `${user} was never served normally after the outage`) || !first) continue;
    slowest = Math.max(slowest, first.endedAt - marks.up);
    const later = mine.filter((s) => s.startedAt >= first.endedAt && s.outcome !== 'ok');
    expectThat(result, later.length === 0, `${user} after recovering: ${show(tally(later))}, e.g. ${JSON.stringify(later[0])}`);
  }
  result.timings['served normally again (PostgreSQL up → every user ok)'] = slowest;
  result.evidence.push(
    `after PostgreSQL was back: ${after.length} requests, ${show(tally(after))}; every user served normally within ${formatDuration(slowest)}, ` +
      'with no restart of the app',
  );
}

export const dbOutage: Scenario = {
  id: 'outage',
  title: 'PostgreSQL stopped under load, then started again',
  timeoutMs: 15 * 60_000,
  run: async (ctx, result) => {
    const { datasetId, endpointId } = await judgeSetup(ctx, 'faults-outage');
    const admin = ctx.admin;
    const expert = demo('EXPERT');
    const reviewer = demo('REVIEWER');
    const users: { user: typeof admin; steps: Step[] }[] = [
      {
        user: admin,
        steps: [
          { kind: 'page', path: '/judge' },
          { kind: 'api', path: '/api/imports' },
          {
            kind: 'action',
            page: '/judge/runs/new',
            action: 'lib/judge/actions.ts#estimateRunAction',
            input: { kind: 'GRADE', endpointIds: [endpointId], datasetId },
          },
          { kind: 'api', path: '/api/health' },
        ],
      },
      {
        user: await ctx.signIn(expert.email, expert.password),
        steps: [
          { kind: 'page', path: '/audit' },
          { kind: 'page', path: '/' },
          { kind: 'page', path: '/meta-rubrics' },
        ],
      },
      {
        user: await ctx.signIn(reviewer.email, reviewer.password),
        steps: [
          { kind: 'page', path: '/criteria' },
          { kind: 'page', path: '/datasets' },
          { kind: 'page', path: '/' },
        ],
      },
    ];
    const { browser, page } = await openBrowser(ctx);
    try {
      const startsBefore = ctx.app.starts;
      const run = await startGradeRun(ctx, { datasetId, endpointId });
      const load = startLoad(users);
      let samples: Sample[] = [];
      const marks: Marks = { stopping: 0, down: 0, starting: 0, up: 0 };
      try {
        await new Promise((resolve) => setTimeout(resolve, WARM_MS));
        const inFlight = await waitFor({
          label: 'the judge run to be under way',
          timeoutMs: 120_000,
          probe: async () => {
            const ledger = await gradeLedger(run.id);
            if (ledger.status === 'SUCCEEDED') throw new Error('the judge run finished before the outage');
            return ledger.succeeded >= 0.05 * ledger.total ? done(ledger) : notYet(`${ledger.succeeded} of ${ledger.total}`);
          },
        });

        const stopping = performance.now();
        marks.stopping = load.now();
        await ctx.db.stopServer();
        marks.down = load.now();
        result.timings['fast shutdown of PostgreSQL'] = since(stopping);
        result.evidence.push(
          `${users.length} simulated users (admin, expert, reviewer) and a browser; PostgreSQL stopped (fast shutdown) with judge run ${run.id} ` +
            `at ${inFlight.succeeded} of ${inFlight.total} tasks; down for ${formatDuration(OUTAGE_MS)}`,
        );

        // What a person sees: the expert's browser opens a page during the outage.
        await page.goto('/audit');
        const notice = page.getByTestId('outage-notice');
        await notice.waitFor({ timeout: 15_000 });
        const heading = (await notice.getByRole('heading').textContent())?.trim();
        expectThat(result, heading === 'The database is unreachable', `the browser showed "${heading}"`);
        const healthDown = await fetch(`${ctx.app.url}/api/health`);
        expectThat(result, healthDown.status === 503, `/api/health answered ${healthDown.status} during the outage`);

        await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (load.now() - marks.down))));
        const starting = performance.now();
        marks.starting = load.now();
        await ctx.db.startServer();
        marks.up = load.now();
        result.timings['PostgreSQL start'] = since(starting);

        // The notice retries by itself: the page comes back without a reload.
        const pageBack = performance.now();
        await page.getByRole('heading', { name: 'My audits' }).waitFor({ timeout: 60_000 });
        result.timings['browser page back by itself'] = since(pageBack);
        result.evidence.push(
          `browser (Chromium, expert): during the outage /audit showed "${heading}" (role=alert) and, with no reload, ` +
            `the page again ${formatDuration(result.timings['browser page back by itself'] ?? 0)} after PostgreSQL was up; /api/health 503 then 200`,
        );
        await waitFor({
          label: 'every simulated user to be served normally again',
          timeoutMs: 120_000,
          probe: async () => {
            const served = new Set(
              load
                .samples()
                .filter((s) => s.startedAt > marks.up && s.outcome === 'ok')
                .map((s) => s.user),
            );
            return served.size === users.length ? done(true) : notYet(`${served.size} of ${users.length} users served`);
          },
        });
        await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
      } finally {
        samples = await load.stop();
      }
      checkPhases(result, samples, marks);
      expectThat(result, await ctx.app.alive(), 'the app process died during the outage');
      expectThat(result, ctx.app.starts === startsBefore, 'the app was restarted');

      // Jobs: the run that was in flight finishes, and a job queued now runs.
      const queuedAt = performance.now();
      const fixture = path.join(ctx.root, 'e2e/fixtures/import/native.jsonl');
      const upload = await admin.request('/api/imports?dataset=faults-after-outage&format=native', {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', 'x-file-name': 'native.jsonl' },
        body: fs.readFileSync(fixture),
      });
      expectThat(result, upload.status === 202, `the upload after the outage answered ${upload.status}`);
      const { id } = (await upload.json()) as { id: number };
      const imported = await waitFor({
        label: 'the import queued after the outage to finish',
        timeoutMs: 180_000,
        intervalMs: 250,
        probe: async () => {
          const answer = await admin.request(`/api/imports/${id}`);
          const job = (await answer.json()) as { status: string; error: string | null };
          return ['SUCCEEDED', 'FAILED'].includes(job.status) ? done(job) : notYet(job.status);
        },
      });
      result.timings['job queued after the outage: done'] = since(queuedAt);
      expectThat(result, imported.status === 'SUCCEEDED', `the import queued after the outage ended ${imported.status}: ${imported.error}`);
      const ledger = await waitFor({
        label: `judge run ${run.id} (in flight during the outage) to finish`,
        timeoutMs: 600_000,
        intervalMs: 500,
        probe: async () => {
          const now = await gradeLedger(run.id);
          return ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(now.status)
            ? done(now)
            : notYet(`${now.status} ${now.succeeded}/${now.total}`);
        },
      });
      result.timings['judge run in flight: done (PostgreSQL up → done)'] = load.now() - marks.up;
      checkFinishedRun(result, ledger, `judge run ${run.id} (in flight during the outage)`);
      const attempts = ((await bossJob('judge', { runId: run.id }))?.retryCount ?? 0) + 1;
      result.evidence.push(
        `jobs: an import queued after the outage ${imported.status} in ${formatDuration(result.timings['job queued after the outage: done'] ?? 0)} ` +
          `(the in-process pg-boss workers reconnected); judge run ${run.id}, in flight during the outage, ${ledger.status} in ${attempts} attempt(s) with ` +
          `${ledger.grades.toLocaleString('en')} grades for ${ledger.total.toLocaleString('en')} tasks, ${ledger.duplicated} duplicated (SQL)`,
      );
    } finally {
      await browser.close();
    }
  },
};
