// Blindness is a security property: an expert walks every expert page and action while every response body
// (HTML documents, RSC/flight payloads of navigations and server actions, JSON) is recorded; the test fails if
// any provenance value, response source, criterion status, another expert's comment, a reviewer's
// adjudication, another expert's missing-criterion proposal or its decision, the name of the reviewer who decided
// the expert's own proposal, the campaign's description (written for admins) or a judge bias probe's stored variant
// of the query's responses from the seeded data appears in
// any of them. The campaign's instructions for experts and the decision note on the expert's own proposal must come
// through (so the scan could see the others if sent).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { getExpertAssignment } from '@/lib/audit/expert-view';
import { createCampaignSchema, verdictDraftSchema } from '@/lib/audit/schemas';
import { saveProposal, saveVerdict, submitAssignment } from '@/lib/audit/verdicts';
import { prisma } from '@/lib/db';
import { rejectProposal } from '@/lib/missing-criteria/reject-proposal';
import { demoUser, signIn } from './fixtures';
import { findLeaks, recorder } from './response-recorder';

interface DemoCriterion {
  provenance?: { generatorModels?: string[]; extra?: { demoFlaw?: string } };
}
interface DemoQuery {
  criteria: DemoCriterion[];
  responses: { source: string }[];
}

const demo = fs
  .readFileSync(path.join(process.cwd(), 'prisma/seed/demo/queries.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as DemoQuery);

const OTHER_COMMENT = `OTHER-EXPERT-COMMENT-${randomUUID()}`;
const ADJUDICATION_RATIONALE = `ADJUDICATION-RATIONALE-${randomUUID()}`;
const CAMPAIGN_DESCRIPTION = `CAMPAIGN-DESCRIPTION-FOR-ADMINS-${randomUUID()}`;
const INSTRUCTIONS = `INSTRUCTIONS-FOR-EXPERTS-${randomUUID()}`;
const GOLD_TITLE = `GOLD-TEXT-OF-A-REVIEWER-${randomUUID()}`;
const OTHER_PROPOSAL = `OTHER-EXPERT-MISSING-CRITERION-${randomUUID()}`;
const OTHER_RATIONALE = `OTHER-EXPERT-RATIONALE-${randomUUID()}`;
const OTHER_DECISION_NOTE = `NOTE-ON-ANOTHER-EXPERTS-PROPOSAL-${randomUUID()}`;
const OWN_DECISION_NOTE = `NOTE-ON-MY-OWN-PROPOSAL-${randomUUID()}`;
const DECIDER_NAME = `Decider ${randomUUID()}`;
const PROBE_VARIANT = `PROBE-VARIANT-OF-A-RESPONSE-${randomUUID()}`;

/** Strings an expert must never receive. */
function forbiddenStrings(): string[] {
  const models = new Set(demo.flatMap((query) => query.criteria.flatMap((criterion) => criterion.provenance?.generatorModels ?? [])));
  const flaws = new Set(demo.flatMap((query) => query.criteria.flatMap((criterion) => criterion.provenance?.extra?.demoFlaw ?? [])));
  const sources = new Set(demo.flatMap((query) => query.responses.map((response) => response.source)));
  return [
    ...models,
    ...[...flaws].map((flaw) => flaw.slice(0, 40)),
    ...sources,
    OTHER_COMMENT,
    ADJUDICATION_RATIONALE,
    CAMPAIGN_DESCRIPTION,
    GOLD_TITLE,
    OTHER_PROPOSAL,
    OTHER_RATIONALE,
    OTHER_DECISION_NOTE,
    DECIDER_NAME,
    PROBE_VARIANT,
    'transformVersion',
    'goldDecision',
    'IN_AUDIT',
    'generatorModels',
    'consensusVotes',
    'metaRubricVersion',
    'sourceLabel',
    'demoFlaw',
    'isIdeal',
  ];
}

test('an expert never receives provenance, statuses or another expert’s verdicts', async ({ browser }) => {
  // Another expert has already judged the same query, with a comment.
  const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const me = await prisma.user.findUniqueOrThrow({ where: { email: demoUser('EXPERT', 0).email } });
  const other = await prisma.user.findUniqueOrThrow({ where: { email: demoUser('EXPERT', 1).email } });
  const dataset = await prisma.dataset.findFirstOrThrow({ where: { name: 'Demo: clinical rubrics' } });
  const name = `Blindness ${Date.now()}`;
  const campaign = await createCampaign({
    actor: { id: admin.id, email: admin.email, name: admin.name, role: 'ADMIN', specialties: [], active: true },
    input: createCampaignSchema.parse({
      name,
      description: CAMPAIGN_DESCRIPTION,
      instructions: INSTRUCTIONS,
      overlapK: 2,
      expertIds: [me.id, other.id],
      selection: { mode: 'filter', datasetId: dataset.id, department: 'Psychiatry', maxQueries: 1 },
    }),
  });
  const theirs = await claimNext({ campaignId: campaign.id, expertId: other.id });
  if (theirs.kind === 'none') throw new Error('the other expert could not claim');
  const view = await getExpertAssignment({ assignmentId: theirs.assignmentId, expertId: other.id });
  for (const criterion of view?.criteria ?? []) {
    await saveVerdict({
      expertId: other.id,
      draft: verdictDraftSchema.parse({
        assignmentId: theirs.assignmentId,
        criterionId: criterion.id,
        rowVersion: 0,
        decision: 'REJECT',
        dimensions: ['CORRECTNESS'],
        comment: OTHER_COMMENT,
        secondsDelta: 20,
      }),
    });
  }
  // The other expert also proposed a missing criterion, which a reviewer has rejected with a note.
  const otherProposal = await saveProposal({
    expertId: other.id,
    input: {
      assignmentId: theirs.assignmentId,
      rowVersion: 0,
      title: OTHER_PROPOSAL,
      description: '',
      tier: 'IMPORTANT',
      points: 3,
      redLine: false,
      tags: [],
      rationale: OTHER_RATIONALE,
    },
  });
  await submitAssignment({
    expertId: other.id,
    input: { assignmentId: theirs.assignmentId, rowVersion: view?.rowVersion ?? 1, comprehensiveness: 2 },
  });
  const decider = await prisma.user.create({
    data: { id: randomUUID(), email: `decider-${randomUUID()}@rubric-audit.local`, name: DECIDER_NAME, role: 'REVIEWER' },
  });
  await rejectProposal({
    reviewerId: decider.id,
    input: { proposalId: otherProposal.id, expectedRowVersion: otherProposal.rowVersion, note: OTHER_DECISION_NOTE },
  });

  // A reviewer's adjudication on one of the query's criteria (as if the experts had disagreed).
  const reviewer = await prisma.user.findFirstOrThrow({ where: { role: 'REVIEWER' } });
  const adjudicated = view?.criteria[0];
  if (adjudicated === undefined) throw new Error('the query has no criteria');
  // With gold text: the criterion's current text becomes the reviewer's, which experts must never receive (they
  // see the text their campaign audits).
  await prisma.adjudication.create({
    data: {
      campaignId: campaign.id,
      criterionId: adjudicated.id,
      reviewerId: reviewer.id,
      goldDecision: 'REVISE_MAJOR',
      dimensions: ['RELEVANCE'],
      goldText: { title: GOLD_TITLE, description: adjudicated.description, tier: adjudicated.tier, points: adjudicated.points },
      rationale: ADJUDICATION_RATIONALE,
    },
  });
  expect((await prisma.criterion.findUniqueOrThrow({ where: { id: adjudicated.id } })).title).toBe(GOLD_TITLE);
  // A judge bias probe's stored variant of the query's responses (and its belief turn): admins' material only.
  const { queryId } = await prisma.assignment.findUniqueOrThrow({ where: { id: theirs.assignmentId }, select: { queryId: true } });
  const probeRun = await prisma.judgeRun.create({
    data: {
      kind: 'PROBE',
      params: { variant: 'SYCOPHANCY' },
      scope: {},
      promptTemplate: 'grade',
      promptVersion: 'v1',
      createdById: admin.id,
    },
  });
  for (const response of await prisma.response.findMany({ where: { queryId }, select: { id: true } })) {
    await prisma.probeVariant.create({
      data: {
        runId: probeRun.id,
        responseId: response.id,
        kind: 'SYCOPHANCY',
        content: PROBE_VARIANT,
        conversation: [{ role: 'user', content: PROBE_VARIANT }],
        transformVersion: 'v1',
      },
    });
  }

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const { bodies, settle } = await recorder(page);
  const expert = demoUser('EXPERT', 0);
  await signIn(page, expert.email, expert.password);

  // Every expert page, and every action an expert can take.
  await page.goto('/');
  await page.goto('/audit');
  await page.getByRole('article', { name }).getByRole('button', { name: 'Start auditing' }).click();
  await expect(page).toHaveURL(/\/audit\/work\/\d+$/);
  const cards = page.getByRole('article', { name: /^Criterion \d+ of \d+/ });
  const total = await cards.count();
  await page.keyboard.press('4');
  await expect(page.locator('article[data-active]').getByRole('checkbox', { name: 'Correctness' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  for (let index = 1; index < total; index++) {
    await page.keyboard.press('j');
    await page.keyboard.press('1');
  }
  await page.keyboard.press('n');
  // The new proposal's title takes focus on the next frame: type only once it has it.
  await expect(page.getByLabel('Title', { exact: true }).last()).toBeFocused();
  await page.keyboard.type('A missing point');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Proposal saved.' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^2 ·/ })).toBeChecked();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('submitted-panel')).toBeVisible();
  // The reviewer decides the expert's own proposal: the expert reads the decision and note, not who decided.
  const own = await prisma.missingCriterionProposal.findFirstOrThrow({ where: { expertId: me.id, campaignId: campaign.id } });
  await rejectProposal({
    reviewerId: decider.id,
    input: { proposalId: own.id, expectedRowVersion: own.rowVersion, note: OWN_DECISION_NOTE },
  });
  // Amend after submitting (after Edit; the adjudicated criterion is final, so another one).
  await page.getByRole('button', { name: 'Edit my verdicts' }).click();
  const amendable = cards.filter({ hasNotText: adjudicated.title }).first();
  await amendable.click();
  await page.keyboard.press('1');
  await expect(amendable).toContainText('Saved');
  const workUrl = page.url();
  await page.goto('/audit/history');
  await page.goto(workUrl);
  // Read this page's body before leaving it: a body still being read when the next navigation starts is lost
  // (on a loaded machine that dropped the one response the check at the end looks for).
  await settle();
  await page.goto('/meta-rubrics');
  // The demo meta-rubric's text and the proposal form, whose evidence picker lists the expert's own verdicts.
  const demoRubric = await prisma.metaRubric.findUniqueOrThrow({ where: { domain: 'general-medicine' } });
  await page.goto(`/meta-rubrics/${demoRubric.id}`);
  await page.goto(`/meta-rubrics/${demoRubric.id}/versions/1`);
  await page.goto(`/meta-rubrics/${demoRubric.id}/compare?a=1&b=1`);
  await page.goto(`/meta-rubrics/${demoRubric.id}/proposals/new`);
  await expect(page.getByRole('region', { name: 'Evidence' })).toContainText('Your verdict');
  for (const forbidden of [
    '/criteria',
    '/datasets',
    '/analytics',
    '/adjudication',
    '/adjudication?tab=proposals',
    `/adjudication/${campaign.id}/${adjudicated.id}`,
    '/pairwise',
    '/releases',
    '/judge',
    '/admin',
    '/datasets/import',
    `/criteria?open=1`,
  ]) {
    const response = await page.goto(forbidden);
    expect(response?.status(), forbidden).toBe(403);
  }
  for (const api of ['/api/imports', '/api/imports/1', '/api/auth/get-session', '/api/health']) await page.goto(api);
  await settle();

  expect(bodies.length).toBeGreaterThan(20);
  expect(bodies.some((entry) => entry.type.includes('text/x-component'))).toBe(true);
  expect(bodies.some((entry) => entry.url.startsWith('POST'))).toBe(true);
  expect(findLeaks(bodies, forbiddenStrings())).toEqual([]);
  // The scan itself can fail: the expert's own comment and criteria do come through.
  expect(bodies.some((entry) => entry.body.includes('A missing point'))).toBe(true);
  expect(bodies.some((entry) => entry.body.includes(INSTRUCTIONS))).toBe(true);
  expect(bodies.some((entry) => entry.body.includes(OWN_DECISION_NOTE))).toBe(true);
  await context.close();
});
